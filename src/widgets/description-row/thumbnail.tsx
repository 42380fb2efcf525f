import { thumbBar } from "../../preview/thumbnail-kit";

/** The palette's drawing of description_row (64×36, right-to-left like the preview). */
export function DescriptionRowThumbnail() {
  return (
    <>
      {thumbBar(10, 9, 46, 3, 0.6)}
      {thumbBar(14, 16, 42, 3, 0.6)}
      {thumbBar(26, 23, 30, 3, 0.6)}
    </>
  );
}
