/** "1 error", "2 warnings": a count with its noun, singular or plural. */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
