import { THUMB_INK, thumbBar } from "../../preview/thumbnail-kit";

/** The palette's drawing of evaluation_row (64×36, right-to-left like the preview). */
export function EvaluationRowThumbnail() {
  return (
    <>
      <rect x="40" y="20" width="16" height="5" rx="1" fill="var(--ok)" />
      <rect x="24" y="20" width="16" height="5" fill="var(--warn)" />
      <rect x="8" y="20" width="16" height="5" rx="1" fill="var(--err)" />
      <path d="M36 12 l3 5 h-6 z" fill={THUMB_INK} />
      {thumbBar(28, 7, 18, 3, 0.6)}
    </>
  );
}
