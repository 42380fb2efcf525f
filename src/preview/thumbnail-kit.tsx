// Shared pieces of the palette's widget drawings (each widget draws its own in its folder).

/** The ink of a thumbnail: the palette's text colour. */
export const THUMB_INK = "currentColor";

/** A rounded bar standing for a line of text. */
export function thumbBar(x: number, y: number, w: number, h = 3, o = 1) {
  return <rect x={x} y={y} width={w} height={h} rx={h / 2} fill={THUMB_INK} opacity={o} />;
}
