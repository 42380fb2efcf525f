import type { Problem } from "../../platform/problems";
import { HASHED_SEMANTIC_KEYS, PREDEFINED_SEMANTIC } from "../../platform/semantic";

/** Problems grouped by their formatted path. */
export function byPath(problems: readonly Problem[]): Map<string, Problem[]> {
  const map = new Map<string, Problem[]>();
  for (const p of problems) {
    const list = map.get(p.at);
    if (list) list.push(p);
    else map.set(p.at, [p]);
  }
  return map;
}

/** No problems (one array, so memoised forms keep their identity). */
export const NONE: readonly Problem[] = [];

/** Semantic keys offered for paths: the predefined ones, then the hashed ones. */
export const SEMANTIC_KEYS = [...Object.keys(PREDEFINED_SEMANTIC), ...HASHED_SEMANTIC_KEYS];
