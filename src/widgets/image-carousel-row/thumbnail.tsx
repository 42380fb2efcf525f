import { THUMB_INK } from "../../preview/thumbnail-kit";

/** The palette's drawing of image_carousel_row (64×36, right-to-left like the preview). */
export function ImageCarouselRowThumbnail() {
  return (
    <>
      <rect x="22" y="6" width="34" height="22" rx="3" fill={THUMB_INK} opacity="0.25" />
      <path d="M26 25 l8 -9 l6 6 l4 -4 l8 7 z" fill={THUMB_INK} opacity="0.45" />
      <rect x="6" y="6" width="12" height="22" rx="3" fill={THUMB_INK} opacity="0.15" />
      <circle cx="36" cy="31.5" r="1.2" fill={THUMB_INK} />
      <circle cx="40" cy="31.5" r="1.2" fill={THUMB_INK} opacity="0.35" />
    </>
  );
}
