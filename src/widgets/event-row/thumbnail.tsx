import { THUMB_INK, thumbBar } from "../../preview/thumbnail-kit";

/** The palette's drawing of event_row (64×36, right-to-left like the preview). */
export function EventRowThumbnail() {
  return (
    <>
      <rect x="46" y="10" width="12" height="12" rx="3" fill={THUMB_INK} opacity="0.5" />
      {thumbBar(22, 10, 20, 4)}
      {thumbBar(26, 18, 16, 3, 0.5)}
      <rect x="6" y="12" width="12" height="7" rx="3.5" fill={THUMB_INK} opacity="0.2" />
    </>
  );
}
