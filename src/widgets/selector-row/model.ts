import { actionField } from "../../platform/actions";
import { booleanField, iconField, imageField, textField } from "../../platform/fields";
import { defineWidget } from "../define";
import { SELECTOR_ROW_LIMITS, selectorRowMeta } from "./meta";

export const selectorRow = defineWidget({
  ...selectorRowMeta,
  fields: {
    title: textField({ label: "Title", max: SELECTOR_ROW_LIMITS.title, required: true }),
    icon_name: iconField("Icon").optional(),
    image_id: imageField("Image id").optional(),
    action: actionField("Action").optional(),
    has_divider: booleanField("Divider below").optional(),
  },
  v1: {
    type: "SELECTOR_ROW",
    renamed: { image_url: "image_id" },
    removed: ["style", "small", "has_arrow", "description", "notification_text", "has_notification"],
    iconWrappers: ["icon"],
  },
  notAccepted: {
    label: "not accepted on selector_row (some documents show it, the platform refuses it): delete it",
  },
});
