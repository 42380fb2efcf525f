import { THUMB_INK, thumbBar } from "../../preview/thumbnail-kit";

/** The palette's drawing of score_row (64×36, right-to-left like the preview). */
export function ScoreRowThumbnail() {
  return (
    <>
      {thumbBar(34, 10, 22, 4)}
      <rect x="8" y="22" width="48" height="4" rx="2" fill={THUMB_INK} opacity="0.15" />
      <rect x="20" y="22" width="36" height="4" rx="2" fill="var(--ok)" />
    </>
  );
}
