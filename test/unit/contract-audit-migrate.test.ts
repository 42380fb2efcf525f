import { describe, expect, it } from "vitest";
import { formatChange, migrateBody, type MigrationSuccess } from "../../src/platform";

// Audit of the v1 -> v2 migration on odd inputs: whatever the user wrote either reaches the v2
// body or is named, with its value, in the report. Nothing throws.

function migrated(input: unknown): MigrationSuccess {
  const r = migrateBody(input);
  if (!r.ok) throw new Error(`not migrated: ${r.message}`);
  return r;
}

const reportOf = (r: MigrationSuccess) => r.report.map(formatChange).join("\n");

/** Every string and finite number the input holds (wrapper @type names excepted). */
function leaves(v: unknown, out: string[] = [], key = ""): string[] {
  if (Array.isArray(v)) for (const x of v) leaves(x, out);
  else if (typeof v === "object" && v !== null) for (const [k, x] of Object.entries(v)) leaves(x, out, k);
  else if (typeof v === "string" && key !== "@type") out.push(v);
  else if (typeof v === "number" && Number.isFinite(v)) out.push(String(v));
  return out;
}

const v1 = (...widgets: unknown[]) => ({ widgets: { widget_list: widgets } });
const long = "توضیح ".repeat(120);

const ODD_INPUTS: Array<[string, unknown]> = [
  ["missing data", v1({ widget_type: "TITLE_ROW" })],
  ["null data", v1({ widget_type: "TITLE_ROW", data: null })],
  ["unknown widget_type", v1({ widget_type: "FANCY_ROW", data: { text: "متن فانتزی" } })],
  ["null widget_type", v1({ widget_type: null, data: { text: "بی‌نوع" } })],
  [
    "LEGEND_TITLE_ROW",
    v1({ widget_type: "LEGEND_TITLE_ROW", data: { title: "عنوان افسانه", tags: ["برچسب"] } }),
  ],
  [
    "action with only fallback_link",
    v1({
      widget_type: "SELECTOR_ROW",
      data: { title: "انتخاب", action: { fallback_link: "https://a.ir/only" } },
    }),
  ],
  [
    "action with every v1 field and extras",
    v1({
      widget_type: "SELECTOR_ROW",
      data: {
        title: "انتخاب",
        action: {
          type: "LOAD_WEB_VIEW_PAGE",
          payload: { "@type": "t", url: "https://a.ir/p", link: "https://a.ir/l", title: "عنوان صفحه" },
          fallback_link: "https://a.ir/f",
          target: "blank-tab",
        },
      },
    }),
  ],
  [
    "v1 colours on optional and required fields",
    v1(
      {
        widget_type: "SCORE_ROW",
        data: { title: "امتیاز", percentage_score: 50, score_color: "TEXT_PRIMARY" },
      },
      {
        widget_type: "EVALUATION_ROW",
        data: {
          indicator_text: "ارزیابی",
          indicator_percentage: 50.6,
          left: { text: "چپ", section_color: "BRAND_PRIMARY" },
          middle: null,
          right: { text: "راست", section_color: "SUCCESS_PRIMARY", text_color: "ICON_SECONDARY" },
        },
      },
    ),
  ],
  [
    "nested nulls and wrong item types",
    v1({
      widget_type: "IMAGE_CAROUSEL_ROW",
      data: { items: [null, "x.png", { image_url: "a.png", note: "یادداشت" }] },
    }),
  ],
  ["a long widget that is left out", v1({ widget_type: "LEGEND_TITLE_ROW", data: { title: long } })],
  [
    "verification_cost beside cost",
    { widgets: { widget_list: [] }, verification_cost: 5, cost: 7, phone: "09120000000" },
  ],
  [
    "old chat body with extra fields on rows and sets",
    {
      message: "پیام",
      peer_id: "peer-9",
      sender_btn: {
        rows: [
          {
            buttons: [{ caption: "دکمه", action: { fallback_link: "https://a.ir/b" }, color: "قرمز" }],
            row_style: "wide",
          },
        ],
        layout: "grid",
      },
      receiver_btn: [
        { caption: "بی‌عمل" },
        null,
        { caption: "سوم", action: { open_direct_link: "https://a.ir/3" } },
      ],
    },
  ],
  [
    "semantic with odd values",
    { widgets: { widget_list: [] }, semantic: { n: 12, b: true, o: { deep: "عمیق" }, z: null } },
  ],
];

describe("nothing the user wrote is silently lost", () => {
  for (const [name, input] of ODD_INPUTS)
    it(name, () => {
      const r = migrated(input);
      const text = `${JSON.stringify(r.body)}\n${reportOf(r)}`;
      const lost = leaves(input).filter(
        (v) => !text.includes(v) && !text.includes(JSON.stringify(v).slice(1, -1)),
      );
      expect(lost).toEqual([]);
    });
});

describe("specific odd inputs", () => {
  it("a percentage too large for JSON is named, not written as null", () => {
    const r = migrated(
      v1({ widget_type: "SCORE_ROW", data: { title: "امتیاز", percentage_score: Number.POSITIVE_INFINITY } }),
    );
    expect(JSON.stringify(r.body)).not.toContain("null");
    expect(reportOf(r)).toMatch(
      /data\.percentage_score: unconvertible: a number too large to represent is not a percentage/,
    );
  });
  it("a null widget_type is named as null", () => {
    expect(reportOf(migrated(v1({ widget_type: null, data: {} })))).toMatch(
      /widget_type null is not a v1 widget type/,
    );
  });
  it("verification_cost beside cost keeps cost and names the value left out", () => {
    const r = migrated({ widgets: { widget_list: [] }, verification_cost: 5, cost: 7 });
    expect(r.body.cost).toBe(7);
    expect(reportOf(r)).toMatch(
      /^verification_cost: dropped: the body also has cost 7, which is kept; verification_cost 5/m,
    );
  });
  it("a semantic key named __proto__ stays a key of the v2 body", () => {
    const r = migrated(
      JSON.parse('{"widgets":{"widget_list":[]},"semantic":{"__proto__":"x","constructor":"y"}}'),
    );
    expect(Object.entries(r.body.semantic as object)).toEqual([
      ["__proto__", "x"],
      ["constructor", "y"],
    ]);
  });
  it("a widget left out is shown whole in the report, however long", () => {
    expect(reportOf(migrated(v1({ widget_type: "LEGEND_TITLE_ROW", data: { title: long } })))).toContain(
      long,
    );
  });
  it("deeply nested values do not throw", () => {
    let deep: unknown = "ته";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(() =>
      migrateBody(v1({ widget_type: "TITLE_ROW", data: { text: "عنوان", extra: deep } })),
    ).not.toThrow();
    expect(() => migrateBody({ widgets: [{ title_row: { text: "عنوان", extra: deep } }] })).not.toThrow();
  });
  it("non-object roots are refused with what was found", () => {
    for (const [input, found] of [
      [null, "null"],
      [[1], "an array"],
      ["x", "a string"],
      [Number.POSITIVE_INFINITY, "a number"],
    ] as const) {
      const r = migrateBody(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain(`but got ${found}`);
    }
  });
});
