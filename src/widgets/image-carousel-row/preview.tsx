import { Divider, ImageTile, textOf, type WidgetPreviewProps } from "../../preview/preview-kit";

/** A round previous/next button of the carousel, drawn over the row's edge (the list itself scrolls). */
function CarouselButton(props: { side: "prev" | "next" }) {
  return (
    <span
      className={`pv-carousel-button pv-carousel-${props.side}`}
      data-side={props.side}
      aria-hidden="true"
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d={props.side === "prev" ? "m9 6 6 6-6 6" : "m15 6-6 6 6 6"}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}

/**
 * image_carousel_row as the app draws it: several rounded 4:3 images side by side, scrolling sideways,
 * with round previous/next buttons over the edges. The app shows no caption on the row (it is the
 * image's description), so the preview keeps it for screen readers only.
 */
export function ImageCarouselRowPreview({ value }: WidgetPreviewProps<"image_carousel_row">) {
  const items = Array.isArray(value.items) ? value.items : [];
  return (
    <div className="pv-widget pv-image-carousel-row">
      <div className="pv-carousel-frame">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
        <ul className="pv-carousel" aria-label="Images" tabIndex={0}>
          {items.map((item, i) => (
            // Items have no identity beyond their position in the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className="pv-carousel-item">
              <ImageTile id={textOf(item?.image_id) || "?"} size="large" />
              {item?.description ? <span className="pv-sr-only">{item.description}</span> : null}
            </li>
          ))}
        </ul>
        {/* Two images fit the phone's width; from three on the row scrolls and the app adds its buttons. */}
        {items.length > 2 ? (
          <>
            <CarouselButton side="prev" />
            <CarouselButton side="next" />
          </>
        ) : null}
      </div>
      <Divider show={value.has_divider} />
    </div>
  );
}
