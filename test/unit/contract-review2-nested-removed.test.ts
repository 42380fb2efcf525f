import { describe, expect, it } from "vitest";
import { formatChange, migrateBody } from "../../src/platform/migrate";
import { validateAny } from "../../src/platform/validate";

/**
 * Contract review 2: the old SDK writes `text_color` inside each evaluation section
 * (official-examples ka-sample_addon-1). v2 removed it (spec 2.13) and `migrate` drops it, but
 * `validate` called it an unknown key ("is not accepted here ...: delete it or check its spelling"),
 * as if it were a typo, and did not say that migrate removes it, as it does for the same field at
 * the widget's top level.
 */

const section = { text: "منصفانه", section_color: "SUCCESS_PRIMARY", text_color: "COLOR_UNSPECIFIED" };
const body = {
  widgets: [
    {
      evaluation_row: {
        indicator_text: "قیمت",
        indicator_percentage: 50,
        left: section,
        middle: { text: "متوسط", section_color: "WARNING_PRIMARY" },
        right: { text: "گران", section_color: "ERROR_PRIMARY" },
      },
    },
  ],
};

describe("a removed v1 field left inside a widget's section", () => {
  it("is named as removed in v2, with the migrate hint and the v1 code", () => {
    const r = validateAny("post", body);
    expect(r.errors.map((p) => `${p.at} ${p.code}: ${p.message}`)).toEqual([
      "widgets[0].evaluation_row.left.text_color v1_field: removed in v2: delete it (addon-studio migrate does)",
    ]);
  });

  it("and migrate does drop it, leaving a valid body", () => {
    const m = migrateBody(body);
    if (!m.ok) throw new Error(m.message);
    expect(m.report.map(formatChange)).toEqual([
      'widgets[0].evaluation_row.left.text_color: dropped: removed in v2 (spec 2.13); its value "COLOR_UNSPECIFIED" was left out',
    ]);
    expect(validateAny("post", m.body).ok).toBe(true);
  });

  it("a key no version had there is still an unknown field", () => {
    const r = validateAny("post", {
      widgets: [
        {
          ...body.widgets[0],
          evaluation_row: {
            ...body.widgets[0]?.evaluation_row,
            left: { text: "x", section_color: "SUCCESS_PRIMARY", colour: 1 },
          },
        },
      ],
    });
    expect(r.errors.map((p) => `${p.at} ${p.code}`)).toEqual([
      "widgets[0].evaluation_row.left.colour unknown_field",
    ]);
    // selector_row's removed `description` inside its action is no v1 leftover (migrate keeps it there).
    const inAction = validateAny("post", {
      widgets: [
        {
          selector_row: {
            title: "آگهی",
            action: { open_post_page: { post_token: "gZx7yK3aB1", description: "x" } },
          },
        },
      ],
    });
    expect(inAction.errors.map((p) => `${p.at} ${p.code}`)).toEqual([
      "widgets[0].selector_row.action.open_post_page.description unknown_field",
    ]);
  });
});
