import { describe, expect, it } from "vitest";
import { expectError, expectValid } from "../helpers/expect-body";
import { validateBody, validateWidget } from "../../src/platform";

// Audit of spec 2.13/2.14 and platform facts "Widgets" / "Actions" / "Enumerations": rules the
// schema-* tests do not already cover. Each rule has a body that keeps it and one that breaks it.

const post = (...widgets: unknown[]) => ({ widgets });

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
      /must not be empty: write some text \(spaces alone do not count\)/,
    );
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
  it("section_color follows the same rules", () => {
    expectError(
      "post",
      evaluation({ middle: { text: "منصفانه", section_color: "COLOR_UNSPECIFIED" } }),
      "widgets[0].evaluation_row.middle.section_color",
      /leave the field out/,
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
  it("evaluation_row sections are addressed with dots; group items have no paths below items", () => {
    expectValid(
      "post",
      post({
        evaluation_row: { indicator_text: "مناسب", indicator_percentage: 4, ...sections },
        semantic_paths: { verdict: "indicator_text", cheap: "right.text", colour: "left.section_color" },
      }),
    );
    expectError(
      "post",
      post({
        group_info_row: {
          items: [
            { title: "الف", value: "۱" },
            { title: "ب", value: "۲" },
          ],
        },
        semantic_paths: { t: "items.title" },
      }),
      "widgets[0].semantic_paths.t",
      /not a field of group_info_row: use one of items, has_divider/,
    );
  });
  it("semantic_paths alone is not a widget", () => {
    expectError("post", post({ semantic_paths: { a: "title" } }), "widgets[0]", /exactly one widget key/);
  });
});
