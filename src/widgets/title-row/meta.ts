import { defineMeta } from "../meta";

/** Character limits of title_row's texts (the model's schema and the preview use the same). */
export const TITLE_ROW_LIMITS = { text: 49 } as const;

export const titleRowMeta = defineMeta({
  kind: "title_row",
  label: "Title",
  description: "A bold heading line.",
  summary: (v: { text?: string }) => v.text,
  defaults: () => ({ text: "گزارش کارشناسی خودرو" }),
});
