import * as z from "zod";
import { booleanField, fieldRegistry, imageField, textField } from "../../platform/fields";
import { defineWidget, itemsSummary } from "../define";

const item = z.strictObject({
  image_id: imageField("Image id"),
  description: textField({ label: "Description" }).optional(),
});

export const imageCarouselRow = defineWidget({
  kind: "image_carousel_row",
  label: "Image carousel",
  description: "A row of images the user swipes through, each with a caption.",
  fields: {
    items: z
      .array(item, {
        error: (iss) => (iss.input === undefined ? "is required" : "must be an array of images"),
      })
      .min(1, { error: "needs at least one image: add one" })
      .register(fieldRegistry, { ui: "list", label: "Images", itemLabel: "Image", min: 1 }),
    has_divider: booleanField("Divider below").optional(),
  },
  summary: (v) => itemsSummary(v.items, (i) => i.description || i.image_id),
  defaults: () => ({ items: [{ image_id: "logo", description: "نمای جلو" }] }),
  v1: { type: "IMAGE_CAROUSEL_ROW", itemRenamed: { image_url: "image_id" } },
});
