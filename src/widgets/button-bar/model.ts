import { actionField } from "../../platform/actions";
import { textField } from "../../platform/fields";
import { defineWidget } from "../define";
import { BUTTON_BAR_LIMITS, buttonBarMeta } from "./meta";

export const buttonBar = defineWidget({
  ...buttonBarMeta,
  fields: {
    title: textField({ label: "Title", max: BUTTON_BAR_LIMITS.title, required: true }),
    // Optional in the live OpenAPI; a button without one is warned about (pressing it does nothing).
    action: actionField("Action").optional(),
  },
  v1: { type: "WIDE_BUTTON_BAR", flatten: "button", removed: ["style"] },
});
