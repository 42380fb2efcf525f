import { booleanField, textField } from "../../platform/fields";
import { defineWidget } from "../define";
import { TITLE_ROW_LIMITS, titleRowMeta } from "./meta";

export const titleRow = defineWidget({
  ...titleRowMeta,
  fields: {
    text: textField({ label: "Text", max: TITLE_ROW_LIMITS.text, required: true }),
    has_divider: booleanField("Divider below").optional(),
  },
  // text_color: the old SDK's field (its bodies set COLOR_UNSPECIFIED); v2 has none.
  v1: { type: "TITLE_ROW", removed: ["text_color"] },
});
