/**
 * Where a roving focus goes for a key: `next`/`prev` step with wrap-around, Home and End jump to
 * the ends; -1 for any other key. Shared by tab rows (Left/Right) and menus (Up/Down).
 */
export function rovingIndex(key: string, at: number, length: number, prev: string, next: string): number {
  if (key === next) return (at + 1) % length;
  if (key === prev) return (at - 1 + length) % length;
  if (key === "Home") return 0;
  if (key === "End") return length - 1;
  return -1;
}
