import { defineMeta } from "../meta";

/** Character limits of subtitle_row's texts (the model's schema and the preview use the same). */
export const SUBTITLE_ROW_LIMITS = { text: 200 } as const;

export const subtitleRowMeta = defineMeta({
  kind: "subtitle_row",
  label: "Subtitle",
  description: "A secondary line of text under a title.",
  summary: (v: { text?: string }) => v.text,
  defaults: () => ({ text: "بررسی شده در ۱۴ بخش فنی" }),
});
