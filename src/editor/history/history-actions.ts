import { focusRow, labelOf, rowName } from "../canvas/list-ids";
import type { EditorDocument } from "../store/document";
import type { EditorStore } from "../store/editor-store";
import { announce } from "../ui/announcer";

/**
 * Undoes or redoes one step and says what happened (the change itself may be out of sight). A
 * keyboard user in the widget list follows the selection: focus goes to the row the step selected
 * (a widget brought back, the one a step changed), not the row it was on before.
 */
export function stepHistory(store: EditorStore, which: "undo" | "redo"): void {
  const s = store.getState();
  const available = which === "undo" ? s.past.length : s.future.length;
  if (available === 0) {
    announce(which === "undo" ? "Nothing to undo." : "Nothing to redo.");
    return;
  }
  const before = s.doc;
  const inList = document.activeElement?.closest(".list-panel") != null;
  if (which === "undo") s.undo();
  else s.redo();
  const after = store.getState();
  if (inList && after.selectedId && after.selectedId !== s.selectedId) focusRow(after.selectedId);
  const left = which === "undo" ? after.past.length : after.future.length;
  const what = whatChanged(before, after.doc, after.selectedId);
  announce(
    `${which === "undo" ? "Undone" : "Redone"}${what ? `: ${what}` : ""}; ${left} more ${left === 1 ? "step" : "steps"} to ${which}.`,
  );
}

/** A step's change to the widgets, in words: one widget back, gone, moved or changed; else nothing said. */
function whatChanged(from: EditorDocument, to: EditorDocument, selected: string | null): string | undefined {
  const was = new Set(from.widgets.map((w) => w.id));
  const is = new Set(to.widgets.map((w) => w.id));
  const back = to.widgets.findIndex((w) => !was.has(w.id));
  const gone = from.widgets.findIndex((w) => !is.has(w.id));
  if (to.widgets.length === from.widgets.length + 1 && back >= 0)
    return `${rowName(labelOf(to.widgets[back]?.widget), back + 1)} is back`;
  if (to.widgets.length === from.widgets.length - 1 && gone >= 0)
    return `${labelOf(from.widgets[gone]?.widget)} removed`;
  if (to.widgets.length === from.widgets.length && back < 0) {
    // One widget moved from place a to place b: the places a..b are the only ones that differ, and
    // the moved widget is at b, the end of that run that holds what was at its other end.
    const differs = (i: number) => from.widgets[i]?.id !== to.widgets[i]?.id;
    const first = to.widgets.findIndex((_, i) => differs(i));
    if (first < 0) {
      // The same widgets in the same order: the one whose fields the step changed.
      const changed = to.widgets.findIndex((w, i) => from.widgets[i]?.widget !== w.widget);
      const w = to.widgets[changed];
      return w ? `${rowName(labelOf(w.widget), changed + 1)} changed` : undefined;
    }
    let last = to.widgets.length - 1;
    while (last > first && !differs(last)) last -= 1;
    // Two neighbours swapped fit both ends: the selected one (the step's own widget) is named.
    const ends = [first, last].filter((i) => to.widgets[i]?.id === from.widgets[first + last - i]?.id);
    const at = ends.find((i) => to.widgets[i]?.id === selected) ?? ends[0] ?? first;
    const w = to.widgets[at];
    if (w) return `${labelOf(w.widget)} moved to position ${at + 1}`;
  }
  return undefined;
}
