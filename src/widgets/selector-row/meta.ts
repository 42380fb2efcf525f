import { defineMeta } from "../meta";

/** Character limits of selector_row's texts (the model's schema and the preview use the same). */
export const SELECTOR_ROW_LIMITS = { title: 200 } as const;

export const selectorRowMeta = defineMeta({
  kind: "selector_row",
  label: "Selector",
  description: "A tappable row with an icon or image that runs an action.",
  summary: (v: { title?: string }) => v.title,
  defaults: () => ({
    title: "جزئیات بدنه و رنگ",
    icon_name: "INFO",
    action: { open_direct_link: "https://example.com/body" },
  }),
});
