import { describe, expect, it } from "vitest";
import { expectError, expectValid } from "../helpers/expect-body";

/** A post add-on body holding the given widgets. */
const post = (...widgets: unknown[]) => ({ widgets });

// Persian letters and an emoji outside the BMP (two UTF-16 units, one code point).
const PERSIAN = "ب";
const EMOJI = "🚗";

/** Every text limit of platform facts "Widgets: accepted fields": [label, limit, widget with the text]. */
const LIMITS: Array<[string, number, (text: string) => unknown]> = [
  ["title_row.text", 49, (t) => ({ title_row: { text: t } })],
  ["subtitle_row.text", 200, (t) => ({ subtitle_row: { text: t } })],
  [
    "button_bar.title",
    49,
    (t) => ({ button_bar: { title: t, action: { open_direct_link: "https://a.ir" } } }),
  ],
  ["selector_row.title", 200, (t) => ({ selector_row: { title: t } })],
  ["score_row.title", 25, (t) => ({ score_row: { title: t, percentage_score: 10 } })],
  ["score_row.descriptive_score", 17, (t) => ({ score_row: { title: "موتور", descriptive_score: t } })],
  [
    "group_info_row.items[0].title",
    50,
    (t) => ({
      group_info_row: {
        items: [
          { title: t, value: "۱" },
          { title: "مدل", value: "۱۴۰۰" },
        ],
      },
    }),
  ],
  [
    "group_info_row.items[0].value",
    100,
    (t) => ({
      group_info_row: {
        items: [
          { title: "کارکرد", value: t },
          { title: "مدل", value: "۱۴۰۰" },
        ],
      },
    }),
  ],
  ["event_row.title", 24, (t) => ({ event_row: { title: t } })],
  ["event_row.subtitle", 59, (t) => ({ event_row: { title: "سرویس", subtitle: t } })],
  ["event_row.label", 15, (t) => ({ event_row: { title: "سرویس", label: t } })],
  [
    "evaluation_row.left.text",
    18,
    (t) => ({
      evaluation_row: {
        indicator_text: "مناسب",
        indicator_percentage: 40,
        left: { text: t, section_color: "ERROR_PRIMARY" },
        middle: { text: "منصفانه", section_color: "WARNING_SECONDARY" },
        right: { text: "ارزان", section_color: "SUCCESS_PRIMARY" },
      },
    }),
  ],
  ["description_row.text", 200, (t) => ({ description_row: { text: t } })],
];

describe("text limits, counted in Unicode code points", () => {
  for (const [field, limit, make] of LIMITS) {
    const at = `widgets[0].${field}`;
    it(`${field}: ${limit} Persian letters or emoji pass, ${limit + 1} fail`, () => {
      expectValid("post", post(make(PERSIAN.repeat(limit))));
      // 2 * limit UTF-16 units: a limit counted in units would refuse this.
      expectValid("post", post(make(EMOJI.repeat(limit))));
      expectError("post", post(make(PERSIAN.repeat(limit + 1))), at, new RegExp(`limit is ${limit}`));
      expectError("post", post(make(EMOJI.repeat(limit + 1))), at, new RegExp(`${limit + 1} characters`));
    });
  }

  it("description_row may exceed 200 when expandable", () => {
    expectValid("post", post({ description_row: { text: PERSIAN.repeat(600), expandable: true } }));
    expectError(
      "post",
      post({ description_row: { text: PERSIAN.repeat(201), expandable: false } }),
      "widgets[0].description_row.text",
      /unless expandable/,
    );
  });

  it("a required text must be present and not blank", () => {
    expectError("post", post({ title_row: {} }), "widgets[0].title_row.text", /required/);
    expectError(
      "post",
      post({ title_row: { text: "   " } }),
      "widgets[0].title_row.text",
      /must not be empty/,
    );
    expectError("post", post({ title_row: { text: 12 } }), "widgets[0].title_row.text", /not a number/);
  });
});

describe("percentages 0..100, whole numbers", () => {
  const score = (p: unknown) => post({ score_row: { title: "بدنه", percentage_score: p } });
  const evaluation = (p: unknown) =>
    post({
      evaluation_row: {
        indicator_text: "مناسب",
        indicator_percentage: p,
        left: { text: "گران", section_color: "ERROR_PRIMARY" },
        middle: { text: "منصفانه", section_color: "WARNING_SECONDARY" },
        right: { text: "ارزان", section_color: "SUCCESS_PRIMARY" },
      },
    });
  it("accepts 0 and 100", () => {
    for (const p of [0, 100]) {
      expectValid("post", score(p));
      expectValid("post", evaluation(p));
    }
  });
  it("refuses -1, 101, 50.5 and a string", () => {
    const at = "widgets[0].score_row.percentage_score";
    expectError("post", score(-1), at, /at least 0/);
    expectError("post", score(101), at, /at most 100/);
    expectError("post", score(50.5), at, /whole number/);
    expectError("post", score("50"), at, /not a string/);
    expectError("post", evaluation(101), "widgets[0].evaluation_row.indicator_percentage", /at most 100/);
  });
});

describe("lists", () => {
  const group = (n: number) =>
    post({
      group_info_row: { items: Array.from({ length: n }, (_, i) => ({ title: `عنوان ${i}`, value: "۱" })) },
    });
  it("group_info_row takes 2 or 3 items", () => {
    expectValid("post", group(2));
    expectValid("post", group(3));
    expectError("post", group(1), "widgets[0].group_info_row.items", /2 or 3/);
    expectError("post", group(4), "widgets[0].group_info_row.items", /2 or 3/);
  });
  it("image_carousel_row needs at least one image", () => {
    expectValid("post", post({ image_carousel_row: { items: [{ image_id: "logo" }] } }));
    expectError("post", post({ image_carousel_row: { items: [] } }), "widgets[0].image_carousel_row.items");
  });
});

describe("score_row", () => {
  it("takes exactly one of percentage_score and descriptive_score", () => {
    expectValid("post", post({ score_row: { title: "موتور", percentage_score: 85 } }));
    expectValid("post", post({ score_row: { title: "موتور", descriptive_score: "عالی" } }));
    expectError(
      "post",
      post({ score_row: { title: "موتور", percentage_score: 85, descriptive_score: "عالی" } }),
      "widgets[0].score_row.descriptive_score",
      /exactly one/,
    );
    expectError(
      "post",
      post({ score_row: { title: "موتور" } }),
      "widgets[0].score_row.percentage_score",
      /exactly one/,
    );
  });
  it("has_divider is canonical; hasDivider is accepted with a warning; not both", () => {
    expect(
      expectValid("post", post({ score_row: { title: "موتور", percentage_score: 1, has_divider: true } }))
        .warnings,
    ).toEqual([]);
    const r = expectValid(
      "post",
      post({ score_row: { title: "موتور", percentage_score: 1, hasDivider: true } }),
    );
    expect(r.warnings.map((w) => `${w.at}: ${w.message}`)).toEqual([
      "widgets[0].score_row.hasDivider: is the spec's spelling; the live platform and every SDK write has_divider: rename it (addon-studio migrate does)",
    ]);
    expectError(
      "post",
      post({ score_row: { title: "موتور", percentage_score: 1, hasDivider: true, has_divider: true } }),
      "widgets[0].score_row.hasDivider",
      /same field.*keep has_divider/,
    );
  });
});

describe("colours", () => {
  const colored = (c: unknown) =>
    post({ score_row: { title: "موتور", percentage_score: 5, score_color: c } });
  const at = "widgets[0].score_row.score_color";
  it("accepts every v2 colour", () => {
    for (const c of [
      "SUCCESS_PRIMARY",
      "SUCCESS_SECONDARY",
      "WARNING_PRIMARY",
      "WARNING_SECONDARY",
      "ERROR_PRIMARY",
    ])
      expectValid("post", colored(c));
  });
  it("names a v1 colour as v1", () => {
    for (const c of ["TEXT_PRIMARY", "ICON_SECONDARY", "BRAND_PRIMARY", "WHITE_PRIMARY"])
      expectError("post", colored(c), at, /v1 colour/);
  });
  it("says to leave the field out instead of UNKNOWN or COLOR_UNSPECIFIED", () => {
    expectError("post", colored("UNKNOWN"), at, /leave the field out/);
    expectError("post", colored("COLOR_UNSPECIFIED"), at, /leave the field out/);
  });
  it("lists the colours for anything else", () => {
    expectError("post", colored("red"), at, /SUCCESS_PRIMARY/);
  });
});

describe("icons", () => {
  it("a known icon passes without a warning", () => {
    const r = expectValid("post", post({ event_row: { title: "سرویس", icon_name: "HISTORY" } }));
    expect(r.warnings).toEqual([]);
  });
  it("an unknown icon is a warning, not an error", () => {
    const r = expectValid("post", post({ event_row: { title: "سرویس", icon_name: "HISTORY_NEW_2031" } }));
    expect(r.warnings.map((w) => w.at)).toEqual(["widgets[0].event_row.icon_name"]);
    expect(r.warnings[0]?.severity).toBe("warning");
  });
  it("an empty icon name is an error", () => {
    expectError(
      "post",
      post({ event_row: { title: "سرویس", icon_name: "" } }),
      "widgets[0].event_row.icon_name",
    );
  });
});

describe("semantic_paths", () => {
  const selector = (paths: Record<string, unknown>) =>
    post({
      selector_row: { title: "گزارش", action: { open_direct_link: "https://a.ir/r" } },
      semantic_paths: paths,
    });
  it("accepts dot paths of fields the widget has", () => {
    const r = expectValid("post", selector({ report_url: "action.open_direct_link", label: "title" }));
    expect(r.warnings).toEqual([]);
  });
  it("refuses an array index", () => {
    const group = (path: string) =>
      post({
        group_info_row: {
          items: [
            { title: "الف", value: "۱" },
            { title: "ب", value: "۲" },
          ],
        },
        semantic_paths: { first: path },
      });
    expectValid("post", group("items"));
    expectError("post", group("items[0].title"), "widgets[0].semantic_paths.first", /array index/);
    expectError("post", group("items.0.title"), "widgets[0].semantic_paths.first", /array index/);
  });
  it("refuses a field the widget does not have", () => {
    expectError(
      "post",
      selector({ x: "subtitle" }),
      "widgets[0].semantic_paths.x",
      /not a field of selector_row/,
    );
  });
  it("warns when the path names a field the widget leaves unset", () => {
    const r = expectValid("post", selector({ img: "image_id" }));
    expect(r.warnings.map((w) => w.at)).toEqual(["widgets[0].semantic_paths.img"]);
  });
  it("values must be strings", () => {
    expectError("post", selector({ x: 3 }), "widgets[0].semantic_paths.x");
  });
});

describe("a widget has exactly one widget key", () => {
  it("refuses an empty widget", () => {
    expectError("post", post({}), "widgets[0]", /exactly one widget key/);
  });
  it("refuses two widget keys", () => {
    expectError(
      "post",
      post({ title_row: { text: "الف" }, subtitle_row: { text: "ب" } }),
      "widgets[0]",
      /exactly one/,
    );
  });
  it("refuses an upper-case or unknown key with a hint", () => {
    expectError(
      "post",
      post({ TITLE_ROW: { text: "الف" } }),
      "widgets[0].TITLE_ROW",
      /lower case: write title_row/,
    );
    expectError(
      "post",
      post({ legend_title_row: { title: "الف" } }),
      "widgets[0].legend_title_row",
      /not a v2 widget/,
    );
  });
});

describe("unknown keys are errors; known v1 fields say what became of them", () => {
  const cases: Array<[unknown, string, RegExp]> = [
    [
      { selector_row: { title: "الف", image_url: "x.png" } },
      "widgets[2].selector_row.image_url",
      /^renamed to image_id in v2 \(addon-studio migrate renames it\)$/,
    ],
    [
      { selector_row: { title: "الف", has_arrow: true } },
      "widgets[2].selector_row.has_arrow",
      /removed in v2/,
    ],
    [
      { selector_row: { title: "الف", icon: { icon_name: "INFO" } } },
      "widgets[2].selector_row.icon",
      /icon_name/,
    ],
    [
      { selector_row: { title: "الف", label: "x" } },
      "widgets[2].selector_row.label",
      /not accepted on selector_row/,
    ],
    [{ event_row: { title: "الف", padded: true } }, "widgets[2].event_row.padded", /removed in v2/],
    [
      { event_row: { title: "الف", action: { open_direct_link: "https://a.ir" } } },
      "widgets[2].event_row.action",
      /not accepted on event_row/,
    ],
    [{ button_bar: { title: "الف", button: {} } }, "widgets[2].button_bar.button", /flattened/],
    [
      { button_bar: { title: "الف", style: "X", action: { open_direct_link: "https://a.ir" } } },
      "widgets[2].button_bar.style",
      /removed/,
    ],
    [
      { image_carousel_row: { items: [{ image_url: "a.png" }] } },
      "widgets[2].image_carousel_row.items[0].image_url",
      /renamed to image_id/,
    ],
    [
      { description_row: { text: "الف", is_primary: true } },
      "widgets[2].description_row.is_primary",
      /removed/,
    ],
    [
      { title_row: { text: "الف", colour: "x" } },
      "widgets[2].title_row.colour",
      /accepted fields are text, has_divider/,
    ],
  ];
  for (const [widget, at, message] of cases)
    it(at, () => {
      const body = post({ title_row: { text: "الف" } }, { subtitle_row: { text: "ب" } }, widget);
      expectError("post", body, at, message);
    });
  it("evaluation_row refuses has_divider", () => {
    const body = post({
      evaluation_row: {
        indicator_text: "مناسب",
        indicator_percentage: 40,
        has_divider: true,
        left: { text: "گران", section_color: "ERROR_PRIMARY" },
        middle: { text: "منصفانه", section_color: "WARNING_SECONDARY" },
        right: { text: "ارزان", section_color: "SUCCESS_PRIMARY" },
      },
    });
    expectError("post", body, "widgets[0].evaluation_row.has_divider", /not accepted on evaluation_row/);
  });
});
