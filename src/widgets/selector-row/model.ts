import { actionField } from "../../platform/actions";
import { booleanField, iconField, imageField, textField } from "../../platform/fields";
import { defineWidget } from "../define";

export const selectorRow = defineWidget({
  kind: "selector_row",
  label: "Selector",
  description: "A tappable row with an icon or image that runs an action.",
  fields: {
    title: textField({ label: "Title", max: 200, required: true }),
    icon_name: iconField("Icon").optional(),
    image_id: imageField("Image id").optional(),
    action: actionField("Action").optional(),
    has_divider: booleanField("Divider below").optional(),
  },
  summary: (v) => v.title,
  defaults: () => ({
    title: "جزئیات بدنه و رنگ",
    icon_name: "INFO",
    action: { open_direct_link: "https://example.com/body" },
  }),
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
