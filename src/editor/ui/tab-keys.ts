import type { KeyboardEvent } from "react";

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
  const to =
    e.key === "ArrowRight"
      ? (i + 1) % ids.length
      : e.key === "ArrowLeft"
        ? (i - 1 + ids.length) % ids.length
        : e.key === "Home"
          ? 0
          : e.key === "End"
            ? ids.length - 1
            : -1;
  const next = ids[to];
  if (to < 0 || next === undefined) return;
  e.preventDefault();
  choose(next);
  document.getElementById(domId(next))?.focus();
}
