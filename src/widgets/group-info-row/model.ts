import * as z from "zod";
import { booleanField, fieldRegistry, textField } from "../../platform/fields";
import { defineWidget, itemsSummary } from "../define";

const item = z.strictObject({
  title: textField({ label: "Title", max: 50, required: true }),
  value: textField({ label: "Value", max: 100, required: true }),
});

export const groupInfoRow = defineWidget({
  kind: "group_info_row",
  label: "Group info",
  description: "Two or three title/value pairs side by side.",
  fields: {
    items: z
      .array(item, {
        error: (iss) => (iss.input === undefined ? "is required" : "must be an array of items"),
      })
      .min(2, { error: "needs 2 or 3 items: add one" })
      .max(3, { error: "takes 2 or 3 items: remove the extra ones" })
      .register(fieldRegistry, { ui: "list", label: "Items", itemLabel: "Item", min: 2, max: 3 }),
    has_divider: booleanField("Divider below").optional(),
  },
  summary: (v) => itemsSummary(v.items, (i) => i.title),
  defaults: () => ({
    items: [
      { title: "کارکرد", value: "۴۵٬۰۰۰ کیلومتر" },
      { title: "مدل", value: "۱۴۰۰" },
    ],
  }),
  v1: { type: "GROUP_INFO_ROW" },
});
