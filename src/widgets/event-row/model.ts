import { booleanField, iconField, imageField, textField } from "../../platform/fields";
import { defineWidget } from "../define";

export const eventRow = defineWidget({
  kind: "event_row",
  label: "Event",
  description: "A dated event: title, subtitle, a small label and an icon or image.",
  fields: {
    title: textField({ label: "Title", max: 24, required: true }),
    subtitle: textField({ label: "Subtitle", max: 59 }).optional(),
    label: textField({ label: "Label", max: 15 }).optional(),
    image_id: imageField("Image id").optional(),
    icon_name: iconField("Icon").optional(),
    has_divider: booleanField("Divider below").optional(),
  },
  summary: (v) => v.title,
  defaults: () => ({
    title: "تعویض روغن",
    subtitle: "آخرین سرویس دوره‌ای",
    label: "۱۴۰۳/۰۲/۱۰",
    icon_name: "HISTORY",
  }),
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
