import { describe, expect, it } from "vitest";
import { formatChange, migrateBody } from "../../src/platform/migrate";
import { errorsOf } from "../helpers/expect-body";

/**
 * Contract review 2: an evaluation section's section_color is required (platform facts: left, middle
 * and right each {text, section_color}, required). Given the old SDK's unset value or null there, the
 * studio said "to show no colour, leave the field out", and migrate said the section "shows no colour
 * when it is not set"; a user who followed that got "section_color is required".
 */

const section = (color: unknown) => ({ text: "منصفانه", section_color: color });
const evaluation = (left: unknown) => ({
  widgets: [
    {
      evaluation_row: {
        indicator_text: "قیمت",
        indicator_percentage: 40,
        left,
        middle: section("WARNING_PRIMARY"),
        right: section("SUCCESS_PRIMARY"),
      },
    },
  ],
});
const AT = "widgets[0].evaluation_row.left.section_color";
const COLOURS = "SUCCESS_PRIMARY, SUCCESS_SECONDARY, WARNING_PRIMARY, WARNING_SECONDARY, ERROR_PRIMARY";

describe("section_color: the message says to pick a colour, never to leave the field out", () => {
  it("the old SDK's unset values", () => {
    for (const zero of ["COLOR_UNSPECIFIED", "UNKNOWN"])
      expect(errorsOf("post", evaluation(section(zero)))).toEqual([
        `${AT}: ${zero} is the unset value of the old SDK (the platform refuses it), and this field must hold a colour: use one of ${COLOURS}`,
      ]);
  });

  it("null (on a required field it stays an error)", () => {
    expect(errorsOf("post", evaluation(section(null)))).toEqual([
      `${AT}: must not be null: this field must hold a colour, one of ${COLOURS}`,
    ]);
  });

  it("score_color, which may be left out, still says so", () => {
    const body = { widgets: [{ score_row: { title: "رنگ", percentage_score: 3, score_color: "UNKNOWN" } }] };
    expect(errorsOf("post", body)).toEqual([
      `widgets[0].score_row.score_color: UNKNOWN is the unset value of the old SDK (the platform refuses it): to show no colour, leave the field out, or use one of ${COLOURS} (addon-studio migrate drops it)`,
    ]);
  });
});

describe("migrate: the old SDK's unset section colour is to be picked by hand", () => {
  it("is reported as unconvertible and required, not as a colour the section can do without", () => {
    const r = migrateBody(evaluation(section("COLOR_UNSPECIFIED")));
    if (!r.ok) throw new Error(r.message);
    expect(r.report.map(formatChange)).toEqual([
      `${AT}: unconvertible: COLOR_UNSPECIFIED is the unset value of the old SDK (the platform refuses it); left out of ${AT}: pick one by hand (v2 colours: ${COLOURS}); ${AT} is required, so the editor shows it as an error until it is set`,
    ]);
    expect(errorsOf("post", r.body)).toEqual([
      `${AT}: is required: add one of ${COLOURS} (a documented rule of the platform's widget docs; the live OpenAPI marks it optional)`,
    ]);
  });
});
