// Guessing the key a misspelt key means (validation's "did you mean", the studio's Rename).
// Internal: not exported by the package (src/platform/index.ts).
/** `name` in snake_case: hasDivider, has-divider and "has divider" all give has_divider. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[-\s]+/g, "_")
    .toLowerCase();
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`, or `max + 1` once over `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Optimal string alignment: three rows of the Levenshtein table, plus the transposition rule.
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] ?? max + 1;
}

/**
 * The one of `candidates` that `name` most likely misspells: the same words in another case or
 * separator (hasDivider -> has_divider), else the single closest within one edit (two for names of
 * eight characters or more), else the one candidate that is the name plus `_id` or `_name` (image -> image_id).
 * Undefined when nothing is that close, or two candidates are equally close.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const snake = snakeCase(name);
  if (snake !== name && candidates.includes(snake)) return snake;
  const max = snake.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestD = max + 1;
  let tie = false;
  for (const c of candidates) {
    if (c === name) continue;
    const d = editDistance(snake, c, max);
    if (d < bestD) [best, bestD, tie] = [c, d, false];
    else if (d === bestD) tie = true;
  }
  if (bestD <= max && !tie) return best;
  // The field's name without an id's or a name's suffix (image for image_id, icon for icon_name),
  // when only one fits. Not any suffix: "score" is no score_color (a rename would turn a score into
  // a colour; the scores are percentage_score and descriptive_score).
  const longer = candidates.filter((c) => c === `${snake}_id` || c === `${snake}_name`);
  return longer.length === 1 ? longer[0] : undefined;
}
