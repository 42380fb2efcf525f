import type { KeyboardEvent } from "react";
import { rovingIndex } from "./roving-index";

/**
 * Arrow keys, Home and End on a tab choose the next, previous, first or last tab and focus it
 * (the ARIA tabs pattern, automatic activation); the tab row is one Tab stop (see `Tabs`).
 */
export function onTabKeys<T extends string>(
  e: KeyboardEvent<HTMLElement>,
  ids: readonly T[],
  current: T,
  choose: (id: T) => void,
  domId: (id: T) => string,
): void {
  const i = ids.indexOf(current);
  const to = rovingIndex(e.key, i, ids.length, "ArrowLeft", "ArrowRight");
  const next = ids[to];
  if (to < 0 || next === undefined) return;
  e.preventDefault();
  choose(next);
  document.getElementById(domId(next))?.focus();
}
