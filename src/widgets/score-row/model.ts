import { actionField } from "../../platform/actions";
import {
  booleanField,
  booleanValue,
  colorField,
  iconField,
  percentageField,
  textField,
} from "../../platform/fields";
import { defineWidget, type JsonSchema, setInSchema } from "../define";
import { percentageCounts, SCORE_ROW_LIMITS, scoreRowMeta } from "./meta";

export const scoreRow = defineWidget({
  ...scoreRowMeta,
  fields: {
    title: textField({ label: "Title", max: SCORE_ROW_LIMITS.title, required: true }),
    percentage_score: percentageField("Percentage score").optional(),
    // Not blank when present: an empty score would satisfy "exactly one score" and show nothing.
    descriptive_score: textField({
      label: "Descriptive score",
      max: SCORE_ROW_LIMITS.descriptive_score,
      required: true,
    }).optional(),
    score_color: colorField("Score colour").optional(),
    icon_name: iconField("Icon").optional(),
    action: actionField("Action").optional(),
    // The live OpenAPI and every SDK spell it has_divider; the spec's hasDivider is accepted with a
    // warning (validate) and renamed by migrate. Accepted, never written: no second control.
    has_divider: booleanField("Divider below").optional(),
    hasDivider: booleanValue().optional(),
  },
  refine: (v, ctx) => {
    // percentage_score is a plain int32 on the live platform: 0 is its unset value (proto3 JSON), so
    // 0 beside a descriptive_score is no second score (the old SDK takes it too); validate warns.
    const hasDesc = v.descriptive_score !== undefined;
    const hasPct = percentageCounts(v);
    if (hasPct === hasDesc)
      ctx.addIssue({
        code: "custom",
        path: hasPct ? ["descriptive_score"] : ["percentage_score"],
        message: hasPct
          ? "use a percentage or a descriptive score, not both: clear one of them (percentage_score or descriptive_score; a documented rule of score_row)"
          : "needs exactly one of percentage_score (0 to 100) or descriptive_score (text), a documented rule of score_row: set one",
        input: v,
      });
    if (v.hasDivider !== undefined && v.has_divider !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["hasDivider"],
        message: "hasDivider and has_divider are the same field spelled two ways: keep has_divider",
        input: v,
      });
  },
  jsonSchema: (schema) => {
    // Exactly one score kind (the refinement above; a percentage_score of 0 beside a descriptive
    // score is the unset value, not a second score), and one spelling of the divider.
    const unset = (k: string): JsonSchema => ({ properties: { [k]: { type: "null" } } });
    schema.oneOf = [
      { allOf: [setInSchema("percentage_score"), unset("descriptive_score")] },
      { allOf: [setInSchema("descriptive_score"), unset("percentage_score")] },
      {
        allOf: [setInSchema("descriptive_score")],
        properties: { percentage_score: { const: 0 } },
        required: ["percentage_score"],
      },
    ];
    schema.not = { required: ["hasDivider", "has_divider"] };
  },
  // v1 and the live platform write has_divider; the spec's hasDivider is renamed to it by migrate.
  v1: { type: "SCORE_ROW", iconWrappers: ["icon"], renamed: { hasDivider: "has_divider" } },
});
