import { actionField } from "../../platform/actions";
import { textField } from "../../platform/fields";
import { defineWidget } from "../define";

export const buttonBar = defineWidget({
  kind: "button_bar",
  label: "Button",
  description: "A wide button that runs an action.",
  fields: {
    title: textField({ label: "Title", max: 49, required: true }),
    // Optional in the live OpenAPI; a button without one is warned about (pressing it does nothing).
    action: actionField("Action").optional(),
  },
  summary: (v) => v.title,
  defaults: () => ({
    title: "مشاهده گزارش کامل",
    action: { open_direct_link: "https://example.com/report" },
  }),
  v1: { type: "WIDE_BUTTON_BAR", flatten: "button", removed: ["style"] },
});
