import type { EditorStore } from "../store/editor-store";
import { announce } from "../ui/announcer";

/** Undoes or redoes one step and says what happened (the change itself may be out of sight). */
export function stepHistory(store: EditorStore, which: "undo" | "redo"): void {
  const s = store.getState();
  const available = which === "undo" ? s.past.length : s.future.length;
  if (available === 0) {
    announce(which === "undo" ? "Nothing to undo." : "Nothing to redo.");
    return;
  }
  if (which === "undo") s.undo();
  else s.redo();
  const left = which === "undo" ? store.getState().past.length : store.getState().future.length;
  announce(
    `${which === "undo" ? "Undone" : "Redone"}; ${left} more ${left === 1 ? "step" : "steps"} to ${which}.`,
  );
}
