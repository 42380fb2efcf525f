import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { toJsonSchema } from "../../src/platform/json-schema";
import { validateAny } from "../../src/platform/validate";
import { errorsOf } from "../helpers/expect-body";

/**
 * Contract review 2: score_row's percentage_score is a plain int32 in the live OpenAPI
 * (addonsScoreRow), so in the platform's JSON (proto3) 0 is the field's unset value. The platform's
 * old SDK (official-examples/kenar-api-verdicts.json, rules R3-pct0 and R3-pct0-desc) takes
 * `percentage_score: 0` beside a descriptive_score and refuses it alone. The studio did the opposite:
 * it refused 0 beside a descriptive score ("set exactly one") and took 0 alone without a word.
 */

const score = (fields: Record<string, unknown>) => ({
  widgets: [{ score_row: { title: "وضعیت بدنه", score_color: "SUCCESS_PRIMARY", ...fields } }],
});
const AT = "widgets[0].score_row.percentage_score";
const post = new Ajv2020({ strict: true, allErrors: true }).compile(toJsonSchema("post"));

describe("score_row: a percentage_score of 0 is the platform's unset value", () => {
  it("beside a descriptive_score it is no second score: valid, with a warning to delete it", () => {
    const body = score({ percentage_score: 0, descriptive_score: "بدون خط و خش" });
    const r = validateAny("post", body);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => `${w.at} ${w.code}: ${w.message}`)).toEqual([
      `${AT} zero_as_absent: is 0, which the platform reads as "not set" (proto3 JSON), so the row shows descriptive_score: delete percentage_score`,
    ]);
    expect(post(body), JSON.stringify(post.errors)).toBe(true);
  });

  it("alone it is warned about: the row may be read as having no score", () => {
    const body = score({ percentage_score: 0 });
    const r = validateAny("post", body);
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => `${w.at} ${w.code}`)).toEqual([`${AT} zero_as_absent`]);
    expect(r.warnings[0]?.message).toMatch(/no score.*write it as descriptive_score/);
    expect(post(body)).toBe(true);
  });

  it("any other percentage beside a descriptive_score is still two scores, in validate and the schema", () => {
    const body = score({ percentage_score: 1, descriptive_score: "خوب" });
    expect(errorsOf("post", body)).toEqual([
      "widgets[0].score_row.descriptive_score: use a percentage or a descriptive score, not both: clear one of them (percentage_score or descriptive_score; a documented rule of score_row)",
    ]);
    expect(post(body)).toBe(false);
    expect(post(score({}))).toBe(false);
    expect(post(score({ percentage_score: 40 }))).toBe(true);
    expect(post(score({ descriptive_score: "خوب" }))).toBe(true);
    expect(validateAny("post", score({ percentage_score: 40 })).warnings).toEqual([]);
  });
});
