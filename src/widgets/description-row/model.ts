import { booleanField, textField } from "../../platform/fields";
import { codePointLength } from "../../platform/text";
import { defineWidget } from "../define";
import { DESCRIPTION_LIMIT, descriptionRowMeta } from "./meta";

export const descriptionRow = defineWidget({
  ...descriptionRowMeta,
  fields: {
    text: textField({
      label: "Text",
      required: true,
      multiline: true,
      maxUnless: { max: DESCRIPTION_LIMIT, flag: "expandable" },
    }),
    expandable: booleanField(
      "Expandable",
      "Long texts are allowed when expandable; the app shows the start.",
    ).optional(),
    has_divider: booleanField("Divider below").optional(),
  },
  refine: (v, ctx) => {
    const n = codePointLength(v.text);
    if (!v.expandable && n > DESCRIPTION_LIMIT)
      ctx.addIssue({
        code: "too_big",
        origin: "string",
        maximum: DESCRIPTION_LIMIT,
        inclusive: true,
        path: ["text"],
        message: `is ${n} characters long; the limit is ${DESCRIPTION_LIMIT} unless expandable is true: shorten it by ${n - DESCRIPTION_LIMIT} or make it expandable`,
        input: v.text,
        params: { limit: DESCRIPTION_LIMIT, length: n },
      });
  },
  jsonSchema: (schema) => {
    // Text is limited unless the row is expandable (the refinement above).
    schema.if = { properties: { expandable: { const: true } }, required: ["expandable"] };
    schema.else = { properties: { text: { type: "string", maxLength: DESCRIPTION_LIMIT } } };
  },
  // preview_max_line: the old SDK's field; v2 folds an expandable description itself.
  v1: { type: "DESCRIPTION_ROW", removed: ["is_primary", "small", "padded", "preview_max_line"] },
});
