/** Counts characters as the platform does: Unicode code points, not UTF-16 units. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The first `max` code points of `text` (what the app keeps of an over-long text). */
export function truncateCodePoints(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  return Array.from(text).slice(0, max).join("");
}
