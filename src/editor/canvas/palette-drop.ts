import { fieldId } from "../store/selectors";

/** A place on screen, in client px. */
export interface Point {
  x: number;
  y: number;
}

/** The widget list's scrolling body: where a palette item can be dropped. */
function listBody(): HTMLElement | null {
  return document.getElementById(fieldId(["widgets"]));
}

/** Whether `p` is over the widget list (its scrolling body). */
export function overWidgetList(p: Point): boolean {
  const body = listBody();
  if (!body) return false;
  const box = body.getBoundingClientRect();
  return p.x >= box.left && p.x <= box.right && p.y >= box.top && p.y <= box.bottom;
}

/**
 * Where a palette item dropped at `p` is added: before the first row whose middle is below the
 * pointer (the upper half of a row puts it before that row, the lower half after it), else after
 * the last row; null when `p` is not over the list. Reads the rows in the page: a long list's
 * rendered ones cover what is in view, where the pointer is.
 */
export function paletteDropIndex(p: Point, count: number): number | null {
  const body = listBody();
  if (!body || !overWidgetList(p)) return null;
  let before = Number.POSITIVE_INFINITY;
  let last = -1;
  for (const row of body.querySelectorAll<HTMLElement>(".widget-list > li[data-index]")) {
    const index = Number(row.dataset.index);
    if (!Number.isInteger(index)) continue;
    const r = row.getBoundingClientRect();
    if (p.y < r.top + r.height / 2) before = Math.min(before, index);
    last = Math.max(last, index);
  }
  if (before !== Number.POSITIVE_INFINITY) return Math.min(before, count);
  return last < 0 ? count : Math.min(last + 1, count);
}

/** Where the line that shows a palette drop's place goes, in px of the list's scrolling content. */
export interface DropLinePlace {
  top: number;
  left: number;
  width: number;
}

/**
 * The line for a palette drop at `at`: midway in the gap above row `at`, or just below the last
 * row, as wide as the rows; null when neither row beside the place is rendered.
 */
export function dropLinePlace(at: number): DropLinePlace | null {
  const body = listBody();
  if (!body) return null;
  const rect = (i: number) =>
    body.querySelector<HTMLElement>(`.widget-list > li[data-index="${i}"]`)?.getBoundingClientRect();
  const below = rect(at);
  const above = at > 0 ? rect(at - 1) : undefined;
  const side = below ?? above;
  if (!side) return null;
  const box = body.getBoundingClientRect();
  const y = below && above ? (above.bottom + below.top) / 2 : below ? below.top - 4 : side.bottom + 4;
  return {
    top: y - box.top + body.scrollTop,
    left: side.left - box.left + body.scrollLeft,
    width: side.width,
  };
}

let pointer: Point | null = null;
const onPointerMove = (e: PointerEvent) => {
  pointer = { x: e.clientX, y: e.clientY };
};

/**
 * Follows the pointer over a palette drag, from `start` (the press); dnd-kit reports how far its
 * overlay moved, which a scroll of a column can shift from where the pointer is. Returns the stop.
 */
export function followPointer(start: Point | null): () => void {
  pointer = start;
  window.addEventListener("pointermove", onPointerMove, { capture: true, passive: true });
  return () => {
    window.removeEventListener("pointermove", onPointerMove, { capture: true });
    pointer = null;
  };
}

/** The pointer's last place during a palette drag (null when none is followed). */
export function pointerNow(): Point | null {
  return pointer;
}
