import { booleanField, iconField, imageField, textField } from "../../platform/fields";
import { defineWidget } from "../define";
import { EVENT_ROW_LIMITS, eventRowMeta } from "./meta";

export const eventRow = defineWidget({
  ...eventRowMeta,
  fields: {
    title: textField({ label: "Title", max: EVENT_ROW_LIMITS.title, required: true }),
    subtitle: textField({ label: "Subtitle", max: EVENT_ROW_LIMITS.subtitle }).optional(),
    label: textField({ label: "Label", max: EVENT_ROW_LIMITS.label }).optional(),
    image_id: imageField("Image id").optional(),
    icon_name: iconField("Icon").optional(),
    has_divider: booleanField("Divider below").optional(),
  },
  v1: {
    type: "EVENT_ROW",
    renamed: { image_url: "image_id" },
    removed: ["padded", "icon_color"],
    iconWrappers: ["icon"],
  },
  notAccepted: {
    action: "not accepted on event_row (some documents show it, the platform refuses it): delete it",
  },
});
