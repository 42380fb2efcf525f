import { thumbBar } from "../../preview/thumbnail-kit";

/** The palette's drawing of title_row (64×36, right-to-left like the preview). */
export function TitleRowThumbnail() {
  return <>{thumbBar(18, 15, 38, 6)}</>;
}
