import { THUMB_INK, thumbBar } from "../../preview/thumbnail-kit";

/** The palette's drawing of selector_row (64×36, right-to-left like the preview). */
export function SelectorRowThumbnail() {
  return (
    <>
      <circle cx="52" cy="18" r="4" fill={THUMB_INK} opacity="0.6" />
      {thumbBar(22, 16, 24, 4)}
      <path d="M12 14 l-4 4 l4 4" stroke={THUMB_INK} strokeWidth="1.6" fill="none" />
    </>
  );
}
