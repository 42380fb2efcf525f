import { describe, expect, it } from "vitest";
import { validateBody } from "../../src/platform";
import { subscriptionRequestSchema } from "../../src/platform/events";
import {
  formatChange,
  type MigrateOptions,
  type MigrationSuccess,
  migrateBody,
} from "../../src/platform/migrate";
import { formatPath } from "../../src/platform/problems";

function migrated(json: unknown, options?: MigrateOptions): MigrationSuccess {
  const r = migrateBody(json, options);
  if (!r.ok) throw new Error(`expected a migration, got: ${r.message}`);
  return r;
}

function line(r: MigrationSuccess, path: string) {
  const l = r.report.find((c) => c.path === path);
  expect(l, `no report line at ${path}; lines: ${r.report.map((c) => c.path).join(", ")}`).toBeDefined();
  return l;
}

const v1 = (widget_type: string, data: Record<string, unknown>) => ({
  widget_type,
  data: { "@type": "x", ...data },
});
const legacyAction = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "LOAD_WEB_VIEW_PAGE",
  payload: { "@type": "type.googleapis.com/widgets.LoadWebViewPagePayload", ...payload },
  ...extra,
});

describe("post and user add-on bodies", () => {
  it("post v1: drops semantic_sensitives, keeps semantic and notes", () => {
    const r = migrated({
      widgets: { widget_list: [v1("TITLE_ROW", { text: "گزارش" })] },
      semantic: { report_id: "8421", year: 1400 },
      semantic_sensitives: ["report_id"],
      notes: "یادداشت",
    });
    expect(r.kind).toBe("post");
    expect(r.body).toEqual({
      widgets: [{ title_row: { text: "گزارش" } }],
      semantic: { report_id: "8421", year: "1400" },
      notes: "یادداشت",
    });
    expect(line(r, "semantic_sensitives")?.change).toBe("dropped");
    expect(line(r, "semantic.year")?.change).toBe("converted");
    expect(validateBody("post", r.body).ok).toBe(true);
  });

  it("user v1: verification_cost becomes cost; phone, notes and management_permalink are dropped with their values", () => {
    const r = migrated({
      widgets: { widget_list: [v1("TITLE_ROW", { text: "احراز هویت شد" })] },
      verification_cost: "25000",
      phone: "09120000000",
      notes: "بررسی دستی",
      management_permalink: "https://example.com/manage/1",
      ticket_uuid: "3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f",
      sensitive_semantics: [],
    });
    expect(r.kind).toBe("user");
    expect(r.body).toEqual({
      widgets: [{ title_row: { text: "احراز هویت شد" } }],
      ticket_uuid: "3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f",
      cost: 25000,
    });
    expect(line(r, "verification_cost")?.change).toBe("renamed");
    for (const [path, value] of [
      ["phone", "09120000000"],
      ["notes", "بررسی دستی"],
      ["management_permalink", "https://example.com/manage/1"],
    ] as const) {
      expect(line(r, path)?.change).toBe("dropped");
      expect(line(r, path)?.message).toContain(value);
    }
    expect(line(r, "sensitive_semantics")?.change).toBe("dropped");
    expect(validateBody("user", r.body).ok).toBe(true);
  });

  it("--kind user decides for a body that does not say", () => {
    const body = { widgets: { widget_list: [] }, notes: "x" };
    expect(migrated(body).kind).toBe("post");
    const r = migrated(body, { kind: "user" });
    expect(r.kind).toBe("user");
    expect(r.body).toEqual({ widgets: [] });
    expect(line(r, "notes")?.change).toBe("dropped");
  });

  it("a v1 widget inside a v2 array is converted; v2 widgets in a v1 list are kept", () => {
    const r = migrated({ widgets: [{ title_row: { text: "الف" } }, v1("SUBTITLE_ROW", { text: "ب" })] });
    expect(r.from).toBe("v1");
    expect(r.body).toEqual({ widgets: [{ title_row: { text: "الف" } }, { subtitle_row: { text: "ب" } }] });
    expect(line(r, "widgets[1]")?.change).toBe("converted");
    const r2 = migrated({ widgets: { widget_list: [{ title_row: { text: "الف" } }] } });
    expect(r2.body).toEqual({ widgets: [{ title_row: { text: "الف" } }] });
  });
});

describe("the old SDK's fields in v2-shaped widgets", () => {
  it("are dropped with a report line, as inside a v1 wrapper, at any depth of the widget", () => {
    const section = (text: string) => ({
      text,
      text_color: "COLOR_UNSPECIFIED",
      section_color: "SUCCESS_PRIMARY",
    });
    const r = migrated({
      widgets: [
        { title_row: { text: "الف", text_color: "COLOR_UNSPECIFIED" } },
        { description_row: { text: "ب", preview_max_line: 0 } },
        {
          evaluation_row: {
            indicator_text: "پ",
            indicator_percentage: 50,
            left: section("چپ"),
            middle: section("وسط"),
            right: section("راست"),
          },
        },
        // What is no v1 field stays for validation to name.
        { subtitle_row: { text: "ت", colour: "red" } },
      ],
    });
    for (const at of [
      "widgets[0].title_row.text_color",
      "widgets[1].description_row.preview_max_line",
      "widgets[2].evaluation_row.left.text_color",
      "widgets[2].evaluation_row.right.text_color",
    ])
      expect(line(r, at)?.change).toBe("dropped");
    const ok = (text: string) => ({ text, section_color: "SUCCESS_PRIMARY" });
    expect(r.body).toEqual({
      widgets: [
        { title_row: { text: "الف" } },
        { description_row: { text: "ب" } },
        {
          evaluation_row: {
            indicator_text: "پ",
            indicator_percentage: 50,
            left: ok("چپ"),
            middle: ok("وسط"),
            right: ok("راست"),
          },
        },
        { subtitle_row: { text: "ت", colour: "red" } },
      ],
    });
  });
});

describe("what cannot be converted is named, never silently lost", () => {
  it("a v1 colour on an optional field: the field is left out, the widget kept", () => {
    const r = migrated({
      widgets: {
        widget_list: [v1("SCORE_ROW", { title: "موتور", percentage_score: 80, score_color: "TEXT_PRIMARY" })],
      },
    });
    expect(r.body).toEqual({ widgets: [{ score_row: { title: "موتور", percentage_score: 80 } }] });
    const l = line(r, "widgets.widget_list[0].data.score_color");
    expect(l?.change).toBe("unconvertible");
    expect(l?.message).toMatch(/TEXT_PRIMARY is a v1 colour/);
    expect(validateBody("post", r.body).ok).toBe(true);
  });

  it("a v1 colour on a required field: the widget is kept without that colour, reported, and the editor's error is on that field", () => {
    const data = {
      indicator_text: "قیمت مناسب",
      indicator_percentage: 40,
      left: { text: "گران", section_color: "BRAND_PRIMARY" },
      middle: { text: "منصفانه", section_color: "WARNING_SECONDARY" },
      right: { text: "ارزان", section_color: "SUCCESS_PRIMARY" },
    };
    const r = migrated({
      widgets: { widget_list: [v1("TITLE_ROW", { text: "الف" }), v1("EVALUATION_ROW", data)] },
    });
    expect(r.body).toEqual({
      widgets: [{ title_row: { text: "الف" } }, { evaluation_row: { ...data, left: { text: "گران" } } }],
    });
    const l = line(r, "widgets.widget_list[1].data.left.section_color");
    expect(l?.change).toBe("unconvertible");
    expect(l?.message).toMatch(/BRAND_PRIMARY.*pick one by hand.*required/);
    expect(validateBody("post", r.body).errors.map((e) => e.at)).toEqual([
      "widgets[1].evaluation_row.left.section_color",
    ]);
  });

  it("an action without a URL: only the action is left out, on a selector and on a button bar", () => {
    const noUrl = legacyAction({});
    const r = migrated({
      widgets: {
        widget_list: [
          v1("SELECTOR_ROW", { title: "جزئیات", action: noUrl }),
          v1("WIDE_BUTTON_BAR", { button: { title: "مشاهده", action: noUrl } }),
        ],
      },
    });
    expect(r.body).toEqual({
      widgets: [{ selector_row: { title: "جزئیات" } }, { button_bar: { title: "مشاهده" } }],
    });
    expect(line(r, "widgets.widget_list[0].data.action")?.message).toMatch(/has no URL/);
    expect(line(r, "widgets.widget_list[1].data.button.action")?.change).toBe("unconvertible");
    expect(validateBody("post", r.body).ok).toBe(true);
  });

  it("a javascript: link is not carried over", () => {
    const r = migrated({
      widgets: {
        widget_list: [
          v1("SELECTOR_ROW", { title: "x", action: legacyAction({ url: "javascript:alert(1)" }) }),
        ],
      },
    });
    expect(r.body).toEqual({ widgets: [{ selector_row: { title: "x" } }] });
    expect(line(r, "widgets.widget_list[0].data.action")?.message).toMatch(/javascript:/);
  });

  it("fallback_link is used when the payload has no URL; link works like url", () => {
    const r = migrated({
      widgets: {
        widget_list: [
          v1("SELECTOR_ROW", { title: "الف", action: legacyAction({}, { fallback_link: "https://a.ir/f" }) }),
          v1("SELECTOR_ROW", { title: "ب", action: legacyAction({ link: "https://a.ir/l" }) }),
        ],
      },
    });
    expect(r.body).toEqual({
      widgets: [
        { selector_row: { title: "الف", action: { open_direct_link: "https://a.ir/f" } } },
        { selector_row: { title: "ب", action: { open_direct_link: "https://a.ir/l" } } },
      ],
    });
  });

  it("an unknown widget_type and a non-widget are named with their content", () => {
    const r = migrated({ widgets: { widget_list: [v1("MAP_ROW", { lat: 35.7 }), 42] } });
    expect(r.body).toEqual({ widgets: [] });
    expect(line(r, "widgets.widget_list[0]")?.message).toMatch(/MAP_ROW.*35\.7/);
    expect(line(r, "widgets.widget_list[1]")?.change).toBe("unconvertible");
  });

  it("a typo'd widget kind (no v1 marker) is kept as written, and validation names it", () => {
    const typo = { widgets: [{ title_rows: { text: "سلام" } }] };
    const r = migrated(typo);
    expect(r).toEqual({ ok: true, kind: "post", body: typo, report: [], from: "v2" });
    const problems = validateBody("post", r.body).errors;
    expect(problems.map((p) => formatPath(p.path))).toContain("widgets[0].title_rows");
    const typoed = problems.find((p) => formatPath(p.path) === "widgets[0].title_rows");
    expect(typoed?.message).toBe("is not a v2 widget: did you mean title_row?");
    // The studio offers the rename as a fix: the key it means, the value kept.
    expect(typoed?.rename).toBe("title_row");
    // Beside a real v1 widget (the body is v1) it is kept too, at its new index.
    const mixed = migrated({
      widgets: { widget_list: [v1("TITLE_ROW", { text: "الف" }), { title_rows: { text: "ب" } }] },
    });
    expect(mixed.body).toEqual({ widgets: [{ title_row: { text: "الف" } }, { title_rows: { text: "ب" } }] });
  });

  it("a lowerCamelCase field name in a v2 widget is renamed to its field, value kept, with a line", () => {
    const r = migrated({ widgets: [{ title_row: { text: "سلام", hasDivider: true } }] });
    expect(r.from).toBe("v2");
    expect(r.body).toEqual({ widgets: [{ title_row: { text: "سلام", has_divider: true } }] });
    expect(line(r, "widgets[0].title_row.hasDivider")?.change).toBe("renamed");
    expect(validateBody("post", r.body).ok).toBe(true);
    // A camelCase key that spells no field stays, for validation to name.
    const odd = { widgets: [{ title_row: { text: "سلام", fooBar: 1 } }] };
    expect(migrated(odd).body).toEqual(odd);
  });

  it("unknown v1 fields are reported as dropped with their value", () => {
    const r = migrated({
      widgets: { widget_list: [v1("TITLE_ROW", { text: "الف", text_color: "TEXT_SECONDARY" })] },
    });
    expect(r.body).toEqual({ widgets: [{ title_row: { text: "الف" } }] });
    expect(line(r, "widgets.widget_list[0].data.text_color")?.message).toContain("TEXT_SECONDARY");
  });

  it("a fractional percentage is rounded and reported", () => {
    const r = migrated({
      widgets: { widget_list: [v1("SCORE_ROW", { title: "بدنه", percentage_score: 85.6 })] },
    });
    expect(r.body).toEqual({ widgets: [{ score_row: { title: "بدنه", percentage_score: 86 } }] });
    expect(line(r, "widgets.widget_list[0].data.percentage_score")?.change).toBe("converted");
  });
});

describe("user verification -> user semantic (2.12)", () => {
  it("converts and reports", () => {
    const r = migrated({
      semantic: { identity_verification_result: "FACE_AND_ID_MATCHED" },
      phone: "09120000000",
      verification_cost: 5000,
      semantic_sensitives: ["national_id"],
      notes: "x",
    });
    expect(r.kind).toBe("semantic");
    expect(r.body).toEqual({ semantic: { identity_verification_result: "FACE_AND_ID_MATCHED" }, cost: 5000 });
    expect(r.report.map((c) => c.path).sort()).toEqual(
      ["(root)", "notes", "phone", "semantic_sensitives", "verification_cost"].sort(),
    );
    expect(validateBody("semantic", r.body).ok).toBe(true);
  });
});

describe("old chat send body -> conversation message (2.15)", () => {
  const button = {
    caption: "تایید",
    action: { open_server_link: { data: { ok: "1" } } },
    icon_name: "CHECKED",
  };
  it("renames the button sets, drops the addressing fields and says the conversation id cannot be derived", () => {
    const r = migrated({
      user_id: "u-123",
      peer_id: "p-456",
      post_token: "gZx7yK3a",
      type: "TEXT",
      message: "سلام، گزارش آماده است",
      sender_btn: { rows: [{ buttons: [button] }] },
      receiver_btn: [button, button, button, button],
    });
    expect(r.kind).toBe("chat");
    // The buttons name their icon as the live platform does (icon; icon_name is deprecated there).
    const { icon_name, ...rest } = button;
    const live = { ...rest, icon: icon_name };
    expect(r.body).toEqual({
      type: "TEXT",
      message: "سلام، گزارش آماده است",
      sender_buttons: { rows: [{ buttons: [live] }] },
      receiver_buttons: { rows: [{ buttons: [live, live, live] }, { buttons: [live] }] },
    });
    expect(r.report.filter((c) => c.change === "renamed" && c.path.endsWith(".icon_name"))).toHaveLength(5);
    for (const k of ["user_id", "peer_id", "post_token"]) expect(line(r, k)?.change).toBe("dropped");
    expect(line(r, "sender_btn")?.change).toBe("renamed");
    const root = r.report.find((c) => c.path === "(root)" && c.change === "unconvertible");
    expect(root?.message).toMatch(
      /conversation id cannot be derived.*conversations\/\{conversation_id\}\/messages/,
    );
    expect(validateBody("chat", r.body).ok).toBe(true);
  });

  it("renames a v2 button's icon_name to icon; beside an icon it is dropped, naming the icon it held", () => {
    const rows = (...buttons: Record<string, unknown>[]) => ({ rows: [{ buttons }] });
    const r = migrated({
      message: "x",
      sender_buttons: rows(
        { caption: "a", icon_name: "CALL" },
        { caption: "b", icon: "", icon_name: "CALL" },
        { caption: "c", icon: "INFO", icon_name: "CALL" },
        { caption: "d", icon: "INFO", icon_name: "INFO" },
      ),
    });
    expect(r.body).toEqual({
      message: "x",
      sender_buttons: rows(
        { caption: "a", icon: "CALL" },
        { caption: "b", icon: "CALL" },
        { caption: "c", icon: "INFO" },
        { caption: "d", icon: "INFO" },
      ),
    });
    const said = r.report.map(formatChange);
    expect(said).toContain(
      'sender_buttons.rows[0].buttons[2].icon_name: dropped: names another icon than icon ("INFO"); icon was kept, and icon_name "CALL" left out',
    );
    expect(said).toContain(
      'sender_buttons.rows[0].buttons[1].icon: dropped: "" names no icon; icon_name\'s "CALL" is kept as icon',
    );
    expect(said).toContain(
      "sender_buttons.rows[0].buttons[3].icon_name: dropped: repeats icon under its deprecated spelling; left out",
    );
  });

  it("converts v1 actions on buttons", () => {
    const r = migrated({
      user_id: "u",
      message: "x",
      sender_btn: [{ caption: "باز کن", action: legacyAction({ url: "https://a.ir" }) }],
    });
    expect(r.body.sender_buttons).toEqual({
      rows: [{ buttons: [{ caption: "باز کن", action: { open_direct_link: "https://a.ir" } }] }],
    });
  });
});

describe("chat-read registration (4.12) -> event subscription (4.4)", () => {
  it("becomes NEW_MESSAGE_ON_POST on the post token; endpoint and key point to the developer panel", () => {
    const r = migrated({
      post_token: "gZx7yK3a",
      endpoint: "https://app.example.com/chat-hook",
      identification_key: "s3cr3t-key",
    });
    expect(r.kind).toBe("subscription");
    expect(r.body).toEqual({ event_type: "NEW_MESSAGE_ON_POST", event_resource_id: "gZx7yK3a" });
    expect(subscriptionRequestSchema.safeParse(r.body).success).toBe(true);
    expect(line(r, "post_token")?.change).toBe("moved");
    expect(line(r, "endpoint")?.message).toMatch(/developer panel.*https:\/\/app\.example\.com\/chat-hook/);
    expect(line(r, "identification_key")?.message).toMatch(/developer panel/);
    // The key is a secret: the report does not repeat it.
    expect(JSON.stringify(r.report)).not.toContain("s3cr3t-key");
  });
});

describe("v2 bodies come back unchanged", () => {
  const cases: Array<[string, unknown]> = [
    ["post", { widgets: [{ title_row: { text: "الف" } }], notes: "x" }],
    ["user", { widgets: [], ticket_uuid: "3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f", cost: 1 }],
    ["semantic", { semantic: { status: "SUCCEEDED" } }],
    ["chat", { message: "سلام", sender_buttons: { rows: [] } }],
    // A grid without rows is the empty grid in v2 (the OpenAPI's grid requires nothing).
    ["chat", { message: "سلام", sender_buttons: {} }],
    ["subscription", { event_type: "POST_UPDATE", metadata: { a: "b" } }],
  ];
  for (const [kind, body] of cases)
    it(kind, () => {
      const r = migrated(body);
      expect(r).toEqual({ ok: true, kind, body, report: [], from: "v2" });
    });
});

describe("neither v1 nor v2", () => {
  for (const input of [{ foo: 1 }, {}, [], "widgets", null, 3, { widgets: "x" }, { notes: "x" }])
    it(JSON.stringify(input), () => {
      const r = migrateBody(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/expected|neither|widgets/);
    });
});

// Audit of the v1 -> v2 migration on odd inputs: whatever the user wrote either reaches the v2
// body or is named, with its value, in the report. Nothing throws.

const reportOf = (r: MigrationSuccess) => r.report.map(formatChange).join("\n");

/** Every string and finite number the input holds (wrapper @type names excepted). */
function leaves(v: unknown, out: string[] = [], key = ""): string[] {
  if (Array.isArray(v)) for (const x of v) leaves(x, out);
  else if (typeof v === "object" && v !== null) for (const [k, x] of Object.entries(v)) leaves(x, out, k);
  else if (typeof v === "string" && key !== "@type") out.push(v);
  else if (typeof v === "number" && Number.isFinite(v)) out.push(String(v));
  return out;
}

const v1List = (...widgets: unknown[]) => ({ widgets: { widget_list: widgets } });
const long = "توضیح ".repeat(120);

const ODD_INPUTS: Array<[string, unknown]> = [
  ["missing data", v1List({ widget_type: "TITLE_ROW" })],
  ["null data", v1List({ widget_type: "TITLE_ROW", data: null })],
  ["unknown widget_type", v1List({ widget_type: "FANCY_ROW", data: { text: "متن فانتزی" } })],
  ["null widget_type", v1List({ widget_type: null, data: { text: "بی‌نوع" } })],
  [
    "LEGEND_TITLE_ROW",
    v1List({ widget_type: "LEGEND_TITLE_ROW", data: { title: "عنوان افسانه", tags: ["برچسب"] } }),
  ],
  [
    "action with only fallback_link",
    v1List({
      widget_type: "SELECTOR_ROW",
      data: { title: "انتخاب", action: { fallback_link: "https://a.ir/only" } },
    }),
  ],
  [
    "action with every v1 field and extras",
    v1List({
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
    v1List(
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
    v1List({
      widget_type: "IMAGE_CAROUSEL_ROW",
      data: { items: [null, "x.png", { image_url: "a.png", note: "یادداشت" }] },
    }),
  ],
  ["a long widget that is left out", v1List({ widget_type: "LEGEND_TITLE_ROW", data: { title: long } })],
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
      v1List({
        widget_type: "SCORE_ROW",
        data: { title: "امتیاز", percentage_score: Number.POSITIVE_INFINITY },
      }),
    );
    expect(JSON.stringify(r.body)).not.toContain("null");
    expect(reportOf(r)).toMatch(
      /data\.percentage_score: unconvertible: a number too large to represent is not a percentage/,
    );
  });
  it("a null widget_type is named as null", () => {
    expect(reportOf(migrated(v1List({ widget_type: null, data: {} })))).toMatch(
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
    expect(reportOf(migrated(v1List({ widget_type: "LEGEND_TITLE_ROW", data: { title: long } })))).toContain(
      long,
    );
  });
  it("deeply nested values do not throw", () => {
    let deep: unknown = "ته";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(() =>
      migrateBody(v1List({ widget_type: "TITLE_ROW", data: { text: "عنوان", extra: deep } })),
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
