import * as z from "zod";
import {
  booleanField,
  describeValue,
  fieldRegistry,
  imageField,
  textField,
  typeError,
} from "../../platform/fields";
import { defineWidget } from "../define";
import { imageCarouselRowMeta } from "./meta";

const item = z.strictObject(
  {
    image_id: imageField("Image id"),
    description: textField({ label: "Description" }).optional(),
  },
  { error: (iss) => typeError(iss.input, "an item object {image_id, description}") },
);

export const imageCarouselRow = defineWidget({
  ...imageCarouselRowMeta,
  fields: {
    items: z
      .array(item, {
        error: (iss) =>
          iss.input === undefined
            ? "is required"
            : `must be an array of images, not ${describeValue(iss.input)}`,
      })
      .min(1, { error: "needs at least one image: add one" })
      .register(fieldRegistry, { ui: "list", label: "Images", itemLabel: "Image", min: 1 }),
    has_divider: booleanField("Divider below").optional(),
  },
  v1: { type: "IMAGE_CAROUSEL_ROW", itemRenamed: { image_url: "image_id" } },
});
