import { booleanField, textField } from "../../platform/fields";
import { defineWidget } from "../define";

export const subtitleRow = defineWidget({
  kind: "subtitle_row",
  label: "Subtitle",
  description: "A secondary line of text under a title.",
  fields: {
    text: textField({ label: "Text", max: 200, required: true, multiline: true }),
    has_divider: booleanField("Divider below").optional(),
  },
  summary: (v) => v.text,
  defaults: () => ({ text: "بررسی شده در ۱۴ بخش فنی" }),
  v1: { type: "SUBTITLE_ROW" },
});
