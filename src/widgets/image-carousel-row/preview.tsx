import { Divider, ImageTile, type WidgetPreviewProps, textOf } from "../../editor/preview/preview-kit";

/** image_carousel_row as the app draws it: a horizontally scrollable row of images with captions. */
export function ImageCarouselRowPreview({ value }: WidgetPreviewProps<"image_carousel_row">) {
  const items = Array.isArray(value.items) ? value.items : [];
  return (
    <div className="pv-widget pv-image-carousel-row">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
      <ul className="pv-carousel" aria-label="Images" tabIndex={0}>
        {items.map((item, i) => (
          // Items have no identity beyond their position in the list.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className="pv-carousel-item">
            <ImageTile id={textOf(item?.image_id) || "?"} size="large" />
            {item?.description ? <span className="pv-carousel-caption">{item.description}</span> : null}
          </li>
        ))}
      </ul>
      <Divider show={value.has_divider} />
    </div>
  );
}
