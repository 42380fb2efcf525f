import { describe, expect, it } from "vitest";
import { modelOf, validateBody, validateWidget, WIDGET_MODELS } from "../../src/platform";
import type { FieldDescriptor } from "../../src/platform/fields";
import { DESCRIPTION_LIMIT } from "../../src/widgets/description-row/meta";
import { expectError, expectValid } from "../helpers/expect-body";

/** A post add-on body holding the given widgets. */
const post = (...widgets: unknown[]) => ({ widgets });

// Persian letters and an emoji outside the BMP (two UTF-16 units, one code point).
const PERSIAN = "ب";
const EMOJI = "🚗";

/** A text field with a code-point limit: where it is in a widget, and its limit. */
interface TextLimit {
  kind: string;
  /** Dot path inside the widget, with [0] for a list's first item. */
  path: string;
  limit: number;
}

/** Every text limit the registry declares (a new widget's are tested without editing this file). */
function textLimits(fields: readonly FieldDescriptor[], kind: string, prefix = ""): TextLimit[] {
  return fields.flatMap((f) => {
    const path = `${prefix}${f.key}`;
    if (f.ui.ui === "text" && f.ui.max !== undefined) return [{ kind, path, limit: f.ui.max }];
    if (f.ui.ui === "group" && f.fields) return textLimits(f.fields, kind, `${path}.`);
    if (f.ui.ui === "list" && f.fields) return textLimits(f.fields, kind, `${path}[0].`);
    return [];
  });
}

const LIMITS = WIDGET_MODELS.flatMap((m) => textLimits(m.fields, m.kind));

/** The model's starting widget with `text` written at `path` (lists and groups created as needed). */
function widgetWith(kind: (typeof WIDGET_MODELS)[number]["kind"], path: string, text: string): unknown {
  const value: Record<string, unknown> = structuredClone(modelOf(kind).defaults());
  const keys = path.replaceAll("[0]", ".0").split(".");
  let at: Record<string, unknown> | unknown[] = value;
  for (const [i, k] of keys.entries()) {
    const last = i === keys.length - 1;
    const slot = Array.isArray(at) ? Number(k) : k;
    const here = at as Record<string | number, unknown>;
    if (last) here[slot] = text;
    else {
      here[slot] ??= keys[i + 1] === "0" ? [{}] : {};
      at = here[slot] as Record<string, unknown>;
    }
  }
  return { [kind]: value };
}

/** The length errors at one path (other rules of the widget, e.g. score_row's one score, aside). */
function lengthErrorsAt(body: unknown, at: string): string[] {
  return validateBody("post", body)
    .errors.filter((p) => p.at === at && /characters long/.test(p.message))
    .map((p) => p.message);
}

/** The text limits of platform facts "Widgets: accepted fields", which the registry must declare. */
const DOCUMENTED: Record<string, number> = {
  "title_row.text": 49,
  "subtitle_row.text": 200,
  "button_bar.title": 49,
  "selector_row.title": 200,
  "score_row.title": 25,
  "score_row.descriptive_score": 17,
  "group_info_row.items[0].title": 50,
  "group_info_row.items[0].value": 100,
  "event_row.title": 24,
  "event_row.subtitle": 59,
  "event_row.label": 15,
  "evaluation_row.left.text": 18,
};

describe("text limits, counted in Unicode code points", () => {
  it("the registry declares every documented limit", () => {
    const declared = Object.fromEntries(LIMITS.map((l) => [`${l.kind}.${l.path}`, l.limit]));
    for (const [field, limit] of Object.entries(DOCUMENTED)) expect(declared[field], field).toBe(limit);
  });

  for (const { kind, path, limit } of LIMITS) {
    const field = `${kind}.${path}`;
    const at = `widgets[0].${field}`;
    const make = (t: string) => widgetWith(kind as (typeof WIDGET_MODELS)[number]["kind"], path, t);
    it(`${field}: ${limit} Persian letters or emoji pass, ${limit + 1} fail`, () => {
      expect(lengthErrorsAt(post(make(PERSIAN.repeat(limit))), at)).toEqual([]);
      // 2 * limit UTF-16 units: a limit counted in units would refuse this.
      expect(lengthErrorsAt(post(make(EMOJI.repeat(limit))), at)).toEqual([]);
      expectError("post", post(make(PERSIAN.repeat(limit + 1))), at, new RegExp(`limit is ${limit}`));
      expectError("post", post(make(EMOJI.repeat(limit + 1))), at, new RegExp(`${limit + 1} characters`));
    });
  }

  it(`description_row: its limit of ${DESCRIPTION_LIMIT} holds unless expandable`, () => {
    expectError(
      "post",
      post({ description_row: { text: PERSIAN.repeat(DESCRIPTION_LIMIT + 1) } }),
      "widgets[0].description_row.text",
      new RegExp(`limit is ${DESCRIPTION_LIMIT}`),
    );
  });

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
      /a percentage or a descriptive score, not both/,
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
    // Tools (the CLI's --format json, the editor's fix button) read the key to rename it to.
    expect(r.warnings[0]?.rename).toBe("has_divider");
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
  it("inside a key the body does not take, an unknown icon is no warning: the key is the error", () => {
    // An add-on's widgets validated as a chat body: one error for widgets, nothing from inside it.
    const r = validateBody("chat", post({ event_row: { title: "سرویس", icon_name: "HISTORY_NEW_2031" } }));
    expect(r.errors.map((e) => e.at)).toContain("widgets");
    expect(r.warnings).toEqual([]);
    // A known widget key with an unknown field beside it still warns about its icon.
    const sibling = validateBody("post", post({ event_row: { title: "سرویس", icon_name: "NOPE_1", x: 1 } }));
    expect(sibling.warnings.map((w) => w.at)).toEqual(["widgets[0].event_row.icon_name"]);
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

// Audit of spec 2.13/2.14 and platform facts "Widgets" / "Actions" / "Enumerations": rules the
// schema-* tests do not already cover. Each rule has a body that keeps it and one that breaks it.

const ZWNJ = "\u200c";
const sections = {
  left: { text: "گران", section_color: "ERROR_PRIMARY" },
  middle: { text: "منصفانه", section_color: "WARNING_SECONDARY" },
  right: { text: "ارزان", section_color: "SUCCESS_PRIMARY" },
};
const evaluation = (extra: Record<string, unknown>) =>
  post({ evaluation_row: { indicator_text: "مناسب", indicator_percentage: 40, ...sections, ...extra } });

describe("limits count code points: a zero-width non-joiner is one character", () => {
  // "می‌خواهم" style text: the ZWNJ is invisible but the platform counts it.
  it("title_row.text: 48 letters + ZWNJ pass the 49 limit, 49 letters + ZWNJ do not", () => {
    expectValid("post", post({ title_row: { text: `${"م".repeat(24)}${ZWNJ}${"خ".repeat(24)}` } }));
    expectError(
      "post",
      post({ title_row: { text: `${"م".repeat(25)}${ZWNJ}${"خ".repeat(24)}` } }),
      "widgets[0].title_row.text",
      /50 characters long; the limit is 49.*shorten it by 1/,
    );
  });
  it("event_row.label: a 5-code-point family emoji counts 5 towards 15", () => {
    const family = "👨‍👩‍👧"; // man ZWJ woman ZWJ girl
    expectValid("post", post({ event_row: { title: "سرویس", label: `${family}${"۱".repeat(10)}` } }));
    expectError(
      "post",
      post({ event_row: { title: "سرویس", label: `${family}${"۱".repeat(11)}` } }),
      "widgets[0].event_row.label",
      /16 characters long; the limit is 15/,
    );
  });
});

describe("accepted fields per widget (facts: 'Widgets: accepted fields')", () => {
  it("event_row takes has_divider; button_bar does not", () => {
    expectValid("post", post({ event_row: { title: "سرویس", has_divider: true } }));
    expectError(
      "post",
      post({
        button_bar: { title: "گزارش", action: { open_direct_link: "https://a.ir" }, has_divider: true },
      }),
      "widgets[0].button_bar.has_divider",
      /not a field of button_bar: the accepted fields are title, action/,
    );
  });
  it("an unknown field inside a list item, a section or an action names the fields accepted there", () => {
    expectError(
      "post",
      post({
        group_info_row: {
          items: [
            { title: "الف", value: "۱", unit: "km" },
            { title: "ب", value: "۲" },
          ],
        },
      }),
      "widgets[0].group_info_row.items[0].unit",
      /accepted fields are title, value/,
    );
    expectError(
      "post",
      post({ image_carousel_row: { items: [{ image_id: "logo", title: "x" }] } }),
      "widgets[0].image_carousel_row.items[0].title",
      /accepted fields are image_id, description/,
    );
    expectError(
      "post",
      evaluation({ left: { ...sections.left, color: "x" } }),
      "widgets[0].evaluation_row.left.color",
      /accepted fields are text, section_color/,
    );
    expectError(
      "post",
      post({
        selector_row: { title: "الف", action: { open_server_link: { data: {}, url: "https://a.ir" } } },
      }),
      "widgets[0].selector_row.action.open_server_link.url",
      /accepted fields are data/,
    );
  });
  it("a misspelt widget key suggests the right one", () => {
    expectError(
      "post",
      post({ subtitle: { text: "ب" } }),
      "widgets[0].subtitle",
      /did you mean subtitle_row/,
    );
    expectError(
      "post",
      post({ WIDE_BUTTON_BAR: { title: "الف" } }),
      "widgets[0].WIDE_BUTTON_BAR",
      /v1 name of button_bar: write button_bar/,
    );
  });
  it("a misspelling names the key it means, and carries the rename the studio offers as a fix", () => {
    const renameOf = (body: unknown, at: string) =>
      validateBody("post", body).errors.find((p) => p.at === at);
    const typo = renameOf(post({ title_rows: { text: "الف" } }), "widgets[0].title_rows");
    expect(typo).toMatchObject({
      message: "is not a v2 widget: did you mean title_row?",
      rename: "title_row",
    });
    // One mistake, one problem: not also "a widget needs exactly one widget key" for the same widget.
    expect(validateBody("post", post({ title_rows: { text: "الف" } })).errors.map((p) => p.at)).toEqual([
      "widgets[0].title_rows",
    ]);
    // A widget with no key at all, or whose unknown key is no misspelt kind, still gets that problem.
    const noKind = /^a widget needs exactly one widget key/;
    expect(validateBody("post", post({})).errors.map((p) => p.message)).toEqual([
      expect.stringMatching(noKind),
    ]);
    // An unknown kind holding a widget's content is one mistake too, its problem naming the kinds.
    const unknownKind = validateBody("post", post({ fancy_row: { text: "الف" } })).errors;
    expect(unknownKind.map((p) => p.at)).toEqual(["widgets[0].fancy_row"]);
    expect(unknownKind[0]?.message).toMatch(/^is not a v2 widget: a widget holds exactly one of title_row, /);
    const noGuess = validateBody("post", post({ semantic_paths: { a: "text" }, colour: "red" }));
    expect(noGuess.errors.map((p) => p.at)).toEqual(["widgets[0].colour", "widgets[0]"]);
    expect(noGuess.errors[1]?.message).toMatch(noKind);
    // Swapped letters, another case, camelCase: all one rename away.
    expect(renameOf(post({ tilte_row: { text: "الف" } }), "widgets[0].tilte_row")?.rename).toBe("title_row");
    expect(renameOf(post({ Title_Row: { text: "الف" } }), "widgets[0].Title_Row")?.rename).toBe("title_row");
    expect(renameOf(post({ wide_button_bar: {} }), "widgets[0].wide_button_bar")?.rename).toBe("button_bar");
    const field = renameOf(
      post({ title_row: { text: "الف", hasDivider: true } }),
      "widgets[0].title_row.hasDivider",
    );
    expect(field).toMatchObject({
      message:
        "is not a field of title_row: did you mean has_divider? (the accepted fields are text, has_divider)",
      rename: "has_divider",
    });
    const body = renameOf({ widgets: [{ title_row: { text: "الف" } }], semantc: {} }, "semantc");
    expect(body).toMatchObject({
      rename: "semantic",
      message: expect.stringContaining("did you mean semantic?"),
    });
    // A swap of two neighbours is one edit (plain edit distance would count two, too far for "txet").
    expect(renameOf(post({ title_row: { txet: "الف" } }), "widgets[0].title_row.txet")?.rename).toBe("text");
    // A widget that has its kind holds an extra key: renaming it would make two kinds.
    const extra = renameOf(
      post({ title_row: { text: "الف" }, subtitle_rows: { text: "ب" } }),
      "widgets[0].subtitle_rows",
    );
    expect(extra?.message).toMatch(/did you mean subtitle_row\?/);
    expect(extra?.rename).toBeUndefined();
    // An old spelling the schema still accepts is never the guess: hasdivider means has_divider.
    const old = renameOf(
      post({ score_row: { title: "الف", descriptive_score: "خوب", hasdivider: true } }),
      "widgets[0].score_row.hasdivider",
    );
    expect(old?.rename).toBe("has_divider");
    // No rename onto a key the object already has (the user must choose), and none for a far guess.
    const both = renameOf(
      post({ tilte_row: { text: "الف" }, title_row: { text: "ب" } }),
      "widgets[0].tilte_row",
    );
    expect(both?.message).toMatch(/did you mean title_row\?/);
    expect(both?.rename).toBeUndefined();
    const far = renameOf(post({ title_row: { text: "الف", colour: "red" } }), "widgets[0].title_row.colour");
    expect(far?.message).toBe("is not a field of title_row: the accepted fields are text, has_divider");
    expect(far?.rename).toBeUndefined();
  });
  it("a blank descriptive_score is refused (it would satisfy 'exactly one score' and show nothing)", () => {
    expectValid("post", post({ score_row: { title: "موتور", descriptive_score: "عالی" } }));
    expectError(
      "post",
      post({ score_row: { title: "موتور", descriptive_score: "  " } }),
      "widgets[0].score_row.descriptive_score",
      /must not be empty/,
    );
  });
  it("a blank required text says spaces alone do not count", () => {
    expectError(
      "post",
      post({ subtitle_row: { text: " \u00a0" } }),
      "widgets[0].subtitle_row.text",
      /must not be empty: write some text \(spaces and invisible characters alone do not count\)/,
    );
  });
  it("a text of invisible characters alone (a zero-width non-joiner, direction marks) is blank", () => {
    expectError(
      "post",
      post({ title_row: { text: "\u200c" } }),
      "widgets[0].title_row.text",
      /must not be empty/,
    );
    expectError(
      "post",
      post({ title_row: { text: "\u200f \u200e" } }),
      "widgets[0].title_row.text",
      /must not be empty/,
    );
    // Inside a word it is ordinary Persian spelling.
    expect(validateBody("post", post({ title_row: { text: "می\u200cخواهم" } })).ok).toBe(true);
  });
  it("a widget value that is null says what it must be", () => {
    expectError(
      "post",
      post({ title_row: null }),
      "widgets[0].title_row",
      /must be an object with the title_row fields/,
    );
  });
});

describe("zero values and colours (facts 'Enumerations')", () => {
  const scored = (extra: Record<string, unknown>) =>
    post({ score_row: { title: "موتور", percentage_score: 5, ...extra } });
  it("icon_name UNKNOWN is an error on every widget with an icon, and not also a warning", () => {
    const withIcon = [
      { score_row: { title: "موتور", percentage_score: 5, icon_name: "UNKNOWN" } },
      { selector_row: { title: "الف", icon_name: "UNKNOWN" } },
      { event_row: { title: "الف", icon_name: "UNKNOWN" } },
      {
        evaluation_row: {
          indicator_text: "مناسب",
          indicator_percentage: 4,
          icon_name: "UNKNOWN",
          ...sections,
        },
      },
    ];
    for (const w of withIcon) {
      const kind = Object.keys(w)[0];
      const r = expectError(
        "post",
        post(w),
        `widgets[0].${kind}.icon_name`,
        /UNKNOWN is the unset value of the old SDK.*leave the field out/,
      );
      expect(r.warnings).toEqual([]);
    }
    expectValid("post", scored({ icon_name: "STAR" }));
  });
  it("a lower-case colour is told to be upper case; empty says what to write", () => {
    const at = "widgets[0].score_row.score_color";
    expectError("post", scored({ score_color: "success_primary" }), at, /upper case.*write SUCCESS_PRIMARY/);
    expectError("post", scored({ score_color: "" }), at, /"" is not a colour: use one of SUCCESS_PRIMARY/);
    expectError("post", scored({ score_color: 3 }), at, /must be a colour name \(a string\)/);
  });
  it("section_color follows the same rules, but must hold a colour (it cannot be left out)", () => {
    expectError(
      "post",
      evaluation({ middle: { text: "منصفانه", section_color: "COLOR_UNSPECIFIED" } }),
      "widgets[0].evaluation_row.middle.section_color",
      /unset value of the old SDK.*must hold a colour: use one of SUCCESS_PRIMARY/,
    );
  });
  it("a percentage too large for JSON (1e400 reads as Infinity) says so", () => {
    expectError(
      "post",
      scored({ percentage_score: Number.POSITIVE_INFINITY }),
      "widgets[0].score_row.percentage_score",
      /number too large to represent/,
    );
  });
});

describe("actions (spec 2.14, facts 'Actions')", () => {
  const withLink = (link: unknown) =>
    post({ button_bar: { title: "گزارش", action: { open_direct_link: link } } });
  const at = "widgets[0].button_bar.action.open_direct_link";
  it("a URL with a space inside, or without // after the scheme, is refused; the scheme's case does not matter", () => {
    expectValid("post", withLink("HTTPS://Example.com/Report?id=12#top"));
    expectValid("post", withLink("https://example.com/a%20b"));
    expectError("post", withLink("https://example.com/a b"), at, /contains a space: encode it as %20/);
    expectError(
      "post",
      withLink("http:/example.com"),
      at,
      /not a full address: write it as http:\/\/host\/path/,
    );
    expectError("post", withLink("https:///path"), at, /not a full address/);
    expectError("post", withLink("//example.com/a"), at, /not a URL/);
  });
  it("an action kind written as a string instead of its object says what to write", () => {
    expectError(
      "post",
      post({ selector_row: { title: "الف", action: { open_post_page: "gZx7yK3a" } } }),
      "widgets[0].selector_row.action.open_post_page",
      /must be an object \{"post_token": "…"\}, not a string/,
    );
    expectError(
      "post",
      post({ selector_row: { title: "الف", action: { get_dynamic_action: ["a"] } } }),
      "widgets[0].selector_row.action.get_dynamic_action",
      /must be an object \{"data": \{"key": "value"\}\}, not an array/,
    );
  });
  it("a stray key beside a valid kind is named as stray, not as a missing kind", () => {
    const r = expectError(
      "post",
      post({
        selector_row: { title: "الف", action: { open_direct_link: "https://a.ir", target: "_blank" } },
      }),
      "widgets[0].selector_row.action.target",
      /holds nothing but its one kind \(here open_direct_link\): delete it/,
    );
    expect(r.errors).toHaveLength(1);
  });
  it("validateWidget called as validateWidget(kind, widget) throws a TypeError saying what to pass", () => {
    // Plain JavaScript callers have no types to stop them: the misuse is named, not "prefix is not iterable".
    const misuse = (...args: unknown[]) => Reflect.apply(validateWidget, undefined, args);
    expect(() => misuse("title_row", { text: 5 })).toThrow(
      new TypeError(
        'validateWidget(widget, prefix?) takes the widget object first, e.g. validateWidget({ title_row: { text: "…" } }); got the string "title_row": pass { title_row: <its fields> } instead',
      ),
    );
    expect(() => misuse({ title_row: { text: "الف" } }, "widgets[0]")).toThrow(
      new TypeError(
        'validateWidget(widget, prefix?): prefix is the widget\'s JSON path as an array, e.g. ["widgets", 0]; got the string "widgets[0]"',
      ),
    );
    // A string alone is a value like any other (an item of untrusted widgets): problems, not a throw.
    expect(validateWidget("title_row", ["widgets", 3]).map((p) => p.at)).toEqual(["widgets[3]"]);
    expect(validateWidget("title_row").length).toBeGreaterThan(0);
  });
  it("validateWidget gives the same verdict and paths as a body", () => {
    const widget = { selector_row: { title: "الف", icon_name: "UNKNOWN", label: "x" } };
    expect(validateWidget(widget, ["widgets", 0]).map((p) => p.at)).toEqual(
      validateBody("post", post(widget)).errors.map((p) => p.at),
    );
  });
});

describe("image_id (facts: an uploaded image's name, or logo)", () => {
  it("a web address is a warning that says to upload the image; a name or logo is fine", () => {
    const r = expectValid(
      "post",
      post(
        { image_carousel_row: { items: [{ image_id: "logo" }, { image_id: "HTTPS://cdn.example/a.png" }] } },
        { event_row: { title: "سرویس", image_id: "service-42.png" } },
      ),
    );
    expect(r.warnings.map((w) => `${w.at}: ${w.message}`)).toEqual([
      "widgets[0].image_carousel_row.items[1].image_id: is a web address, but image_id names an image uploaded to the platform (or logo): upload the image and put its name here",
    ]);
  });
});

describe("semantic_paths (facts: dot paths of fields the widget has)", () => {
  it("evaluation_row sections are addressed with dots; a list's item fields and an action's data keys too, without an index", () => {
    expectValid(
      "post",
      post({
        evaluation_row: { indicator_text: "مناسب", indicator_percentage: 4, ...sections },
        semantic_paths: { verdict: "indicator_text", cheap: "right.text", colour: "left.section_color" },
      }),
    );
    const group = {
      group_info_row: {
        items: [
          { title: "الف", value: "۱" },
          { title: "ب", value: "۲" },
        ],
      },
    };
    // Facts "Widgets": a dot path of a field inside the widget, no array indices.
    expectValid("post", post({ ...group, semantic_paths: { t: "items.title", v: "items.value" } }));
    expectValid(
      "post",
      post({
        button_bar: { title: "ثبت", action: { open_server_link: { data: { id: "r-1" } } } },
        semantic_paths: { ref: "action.open_server_link.data.id" },
      }),
    );
    expectError(
      "post",
      post({ ...group, semantic_paths: { t: "items.label" } }),
      "widgets[0].semantic_paths.t",
      /not a field of group_info_row: use one of items, items.title, items.value, has_divider/,
    );
    expectError(
      "post",
      post({ ...group, semantic_paths: { t: "items.0.title" } }),
      "widgets[0].semantic_paths.t",
      /uses an array index/,
    );
  });
  it("semantic_paths alone is not a widget", () => {
    expectError("post", post({ semantic_paths: { a: "title" } }), "widgets[0]", /exactly one widget key/);
  });
});

describe("problem codes a tool can filter on", () => {
  const codeAt = (kind: "post" | "chat", body: unknown, at: string) =>
    validateBody(kind, body).errors.find((p) => p.at === at)?.code;
  it("a length over its limit is too_big, an empty required text too_small, a bad link invalid_format", () => {
    expect(
      codeAt("post", post({ title_row: { text: PERSIAN.repeat(50) } }), "widgets[0].title_row.text"),
    ).toBe("too_big");
    expect(
      codeAt(
        "post",
        post({ description_row: { text: PERSIAN.repeat(DESCRIPTION_LIMIT + 1) } }),
        "widgets[0].description_row.text",
      ),
    ).toBe("too_big");
    expect(codeAt("post", post({ title_row: { text: "  " } }), "widgets[0].title_row.text")).toBe(
      "too_small",
    );
    const link = { open_direct_link: "javascript:alert(1)" };
    expect(
      codeAt(
        "post",
        post({ button_bar: { title: "باز کن", action: link } }),
        "widgets[0].button_bar.action.open_direct_link",
      ),
    ).toBe("invalid_format");
    const tenButtons = {
      rows: [
        {
          buttons: Array.from({ length: 10 }, (_, i) => ({
            action: { open_direct_link: "https://example.com" },
            icon_name: "ADD",
            caption: `b${i}`,
          })),
        },
      ],
    };
    expect(codeAt("chat", { message: "x", receiver_buttons: tenButtons }, "receiver_buttons")).toBe(
      "too_big",
    );
    // A rule across fields stays custom.
    expect(
      codeAt("post", post({ title_row: { text: "الف" }, subtitle_row: { text: "ب" } }), "widgets[0]"),
    ).toBe("custom");
  });
});
