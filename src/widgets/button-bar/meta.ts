import { defineMeta } from "../meta";

/** Character limits of button_bar's texts (the model's schema and the preview use the same). */
export const BUTTON_BAR_LIMITS = { title: 49 } as const;

export const buttonBarMeta = defineMeta({
  kind: "button_bar",
  label: "Button",
  description: "A wide button that runs an action.",
  summary: (v: { title?: string }) => v.title,
  defaults: () => ({
    title: "مشاهده گزارش کامل",
    action: { open_direct_link: "https://example.com/report" },
  }),
});
