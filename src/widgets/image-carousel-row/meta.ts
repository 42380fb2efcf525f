import { defineMeta, itemsSummary } from "../meta";

export const imageCarouselRowMeta = defineMeta({
  kind: "image_carousel_row",
  label: "Image carousel",
  description:
    "A row of images the user swipes through; an image's description is its alt text, read aloud, not shown.",
  summary: (v: { items?: readonly { image_id?: string; description?: string }[] }) =>
    itemsSummary(v.items, (i) => i.description || i.image_id),
  defaults: () => ({ items: [{ image_id: "logo", description: "نمای جلو" }] }),
});
