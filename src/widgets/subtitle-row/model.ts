import { booleanField, textField } from "../../platform/fields";
import { defineWidget } from "../define";
import { SUBTITLE_ROW_LIMITS, subtitleRowMeta } from "./meta";

export const subtitleRow = defineWidget({
  ...subtitleRowMeta,
  fields: {
    text: textField({ label: "Text", max: SUBTITLE_ROW_LIMITS.text, required: true, multiline: true }),
    has_divider: booleanField("Divider below").optional(),
  },
  v1: { type: "SUBTITLE_ROW" },
});
