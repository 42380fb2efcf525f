import { actionField } from "../../platform/actions";
import {
  booleanField,
  booleanValue,
  colorField,
  iconField,
  percentageField,
  textField,
} from "../../platform/fields";
import { defineWidget } from "../define";
import { SCORE_ROW_LIMITS, scoreRowMeta } from "./meta";

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
    const hasPct = v.percentage_score !== undefined;
    const hasDesc = v.descriptive_score !== undefined;
    if (hasPct === hasDesc)
      ctx.addIssue({
        code: "custom",
        path: hasPct ? ["descriptive_score"] : ["percentage_score"],
        message: hasPct
          ? "set exactly one of percentage_score and descriptive_score (a documented rule of score_row, which the OpenAPI cannot state): remove one"
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
    // Exactly one score kind (the refinement above), and one spelling of the divider.
    schema.oneOf = [{ required: ["percentage_score"] }, { required: ["descriptive_score"] }];
    schema.not = { required: ["hasDivider", "has_divider"] };
  },
  // v1 and the live platform write has_divider; the spec's hasDivider is renamed to it by migrate.
  v1: { type: "SCORE_ROW", iconWrappers: ["icon"], renamed: { hasDivider: "has_divider" } },
});
