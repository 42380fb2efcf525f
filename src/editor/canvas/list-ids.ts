import type { Widget } from "../../platform";
import { widgetLabel } from "../../widgets/catalog";
import { type EditorDocument, indexOfWidget } from "../store/document";
import { fieldId, rowButtonId } from "../store/selectors";

/** The id of the drop zone after the last row (palette drops there append). */
export const LIST_END_ID = "list:end";

/**
 * Where a drop over `overId` lands: the index of the row it is over, or for the list's end the
 * place past the last row (`length` for an insert, the last index for a move); -1 over anything else.
 */
export function dropIndex(doc: EditorDocument, overId: string, mode: "insert" | "move"): number {
  if (overId === LIST_END_ID) return mode === "insert" ? doc.widgets.length : doc.widgets.length - 1;
  return indexOfWidget(doc, overId);
}

export { rowButtonId };

/**
 * A row's name as a screen reader reads it ("Title, widget 3"); `position` is 1-based (a string
 * only for the built page's row templates, shell/prerender.tsx).
 */
export function rowName(label: string, position: number | string): string {
  return `${label}, widget ${position}`;
}

/** The label of a widget, for drag announcements. */
export function labelOf(widget: Widget | undefined): string {
  return widget ? widgetLabel(widget) : "Widget";
}

// A row asked to take focus that the virtual list has not rendered yet (Home, End, a deleted
// neighbour far away): the list takes it after the render that brings the row in.
let pendingFocus: string | null = null;

/** Focuses a row's select button now if it is rendered, else as soon as the list renders it. */
export function focusRow(id: string | null): void {
  if (!id) return;
  // A row that is already in the page takes focus now: waiting a frame would let a fast second
  // arrow press land on the old row and move from there again (a lost step with key repeat).
  const now = document.getElementById(rowButtonId(id));
  pendingFocus = now ? null : id;
  // The row is the selected one, which the list scrolls into view itself; letting focus scroll
  // too would force a layout in the middle of the edit.
  now?.focus({ preventScroll: true });
}

/**
 * Before an edit that removes the focused control (a row's delete or duplicate button, or the
 * deleted row itself), moves focus to the list while the page's style is still clean; the edit's
 * handler then puts it on the row that takes over (`focusRow`). When a focused element is removed in
 * the middle of React's commit, Chrome first recomputes the style of everything the commit has
 * changed so far (2-6 ms at 500 widgets in a profile). The list, not the next row: focused before
 * the edit, a row would be announced with its old position.
 */
export function holdFocusOnList(): void {
  const list = document.getElementById(fieldId(["widgets"]));
  if (list && list !== document.activeElement) list.focus({ preventScroll: true });
}

// A control in a row that waits on the list while a move renders (`holdFocusForMove`).
let heldFocus: HTMLElement | null = null;

/**
 * Before an edit that reorders the rows in the page (a move by button, a drop): React moves row
 * elements to their new places, and a focused one loses focus in the middle of the commit, which
 * makes Chrome recompute the style of everything changed so far (2-4 ms at 2,000 widgets in a trace
 * of a keyboard drop), and again when React gives it focus back. Focus waits on the list instead,
 * and goes back to the same control when the list has rendered the move (`flushRowFocus`, in the
 * same commit).
 */
export function holdFocusForMove(): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused.closest(".widget-list > li") === null) return;
  holdFocusOnList();
  heldFocus = focused;
}

/**
 * For buttons whose action moves focus itself (a row's delete and duplicate): a press by mouse
 * leaves focus where it is, instead of focusing the button a moment before the action moves it on
 * (each focus change makes Chrome bring the page's style up to date first).
 */
export function keepFocusOnPress(e: { preventDefault(): void }): void {
  e.preventDefault();
}

/**
 * Gives a pending row focus request to its row once rendered, and a control held over a move back
 * its focus (unless focus has moved on from the list meanwhile); the list calls it after each render.
 */
export function flushRowFocus(ids: readonly string[]): void {
  const held = heldFocus;
  heldFocus = null;
  if (held?.isConnected && document.activeElement === document.getElementById(fieldId(["widgets"])))
    held.focus({ preventScroll: true });
  if (!pendingFocus) return;
  const el = document.getElementById(rowButtonId(pendingFocus));
  if (el) {
    pendingFocus = null;
    el.focus({ preventScroll: true });
  } else if (!ids.includes(pendingFocus)) pendingFocus = null;
}
