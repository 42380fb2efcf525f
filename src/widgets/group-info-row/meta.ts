import { defineMeta, itemsSummary } from "../meta";

/** Character limits of an item's texts (the model's schema and the preview use the same). */
export const GROUP_INFO_ROW_LIMITS = { title: 50, value: 100 } as const;

export const groupInfoRowMeta = defineMeta({
  kind: "group_info_row",
  label: "Group info",
  description: "Two or three title/value pairs side by side.",
  summary: (v: { items?: readonly { title?: string }[] }) => itemsSummary(v.items, (i) => i.title),
  defaults: () => ({
    items: [
      { title: "کارکرد", value: "۴۵٬۰۰۰ کیلومتر" },
      { title: "مدل", value: "۱۴۰۰" },
    ],
  }),
});
