import { booleanField, textField } from "../../platform/fields";
import { defineWidget } from "../define";

export const titleRow = defineWidget({
  kind: "title_row",
  label: "Title",
  description: "A bold heading line.",
  fields: {
    text: textField({ label: "Text", max: 49, required: true }),
    has_divider: booleanField("Divider below").optional(),
  },
  summary: (v) => v.text,
  defaults: () => ({ text: "گزارش کارشناسی خودرو" }),
  v1: { type: "TITLE_ROW" },
});
