import { defineMeta } from "../meta";

/** Character limits of event_row's texts (the model's schema and the preview use the same). */
export const EVENT_ROW_LIMITS = { title: 24, subtitle: 59, label: 15 } as const;

export const eventRowMeta = defineMeta({
  kind: "event_row",
  label: "Event",
  description: "A dated event: title, subtitle, a small label and an icon or image.",
  summary: (v: { title?: string }) => v.title,
  defaults: () => ({
    title: "تعویض روغن",
    subtitle: "آخرین سرویس دوره‌ای",
    label: "۱۴۰۳/۰۲/۱۰",
    icon_name: "HISTORY",
  }),
});
