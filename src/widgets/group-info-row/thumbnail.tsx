import { thumbBar } from "../../preview/thumbnail-kit";

/** The palette's drawing of group_info_row (64×36, right-to-left like the preview). */
export function GroupInfoRowThumbnail() {
  return (
    <>
      {thumbBar(42, 10, 14, 3, 0.5)}
      {thumbBar(40, 18, 16, 4)}
      {thumbBar(24, 10, 12, 3, 0.5)}
      {thumbBar(22, 18, 14, 4)}
      {thumbBar(8, 10, 10, 3, 0.5)}
      {thumbBar(6, 18, 12, 4)}
    </>
  );
}
