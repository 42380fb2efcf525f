import { thumbBar } from "../../preview/thumbnail-kit";

/** The palette's drawing of subtitle_row (64×36, right-to-left like the preview). */
export function SubtitleRowThumbnail() {
  return <>{thumbBar(24, 16, 32, 4, 0.55)}</>;
}
