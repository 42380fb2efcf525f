import { defineMeta } from "../meta";

/** The text's limit unless the row is expandable. */
export const DESCRIPTION_LIMIT = 200;

export const descriptionRowMeta = defineMeta({
  kind: "description_row",
  label: "Description",
  description: "A paragraph; expandable ones may be longer and open on tap.",
  summary: (v: { text?: string }) => v.text,
  defaults: () => ({
    text: "خودرو در شرایط خوبی قرار دارد. بدنه بدون رنگ‌شدگی است و موتور نیاز به تعمیر ندارد.",
    expandable: false,
  }),
});
