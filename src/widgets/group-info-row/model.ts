import * as z from "zod";
import { booleanField, describeValue, fieldRegistry, textField, typeError } from "../../platform/fields";
import { defineWidget } from "../define";
import { GROUP_INFO_ROW_LIMITS, groupInfoRowMeta } from "./meta";

const item = z.strictObject(
  {
    title: textField({ label: "Title", max: GROUP_INFO_ROW_LIMITS.title, required: true }),
    value: textField({ label: "Value", max: GROUP_INFO_ROW_LIMITS.value, required: true }),
  },
  { error: (iss) => typeError(iss.input, "an item object {title, value}") },
);

export const groupInfoRow = defineWidget({
  ...groupInfoRowMeta,
  fields: {
    items: z
      .array(item, {
        error: (iss) =>
          iss.input === undefined
            ? "is required"
            : `must be an array of items, not ${describeValue(iss.input)}`,
      })
      .min(2, { error: "needs 2 or 3 items: add one" })
      .max(3, { error: "takes 2 or 3 items: remove the extra ones" })
      .register(fieldRegistry, { ui: "list", label: "Items", itemLabel: "Item", min: 2, max: 3 }),
    has_divider: booleanField("Divider below").optional(),
  },
  v1: { type: "GROUP_INFO_ROW" },
});
