import { useEffect } from "react";
import type { EditorStore } from "../store/editor-store";
import { stepHistory } from "./history-actions";

/**
 * Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo, everywhere in the add-on editor, including
 * inside its text fields: typing in one field is one undo step of the document, so the app's undo
 * and the field's own undo agree. Inputs that are not part of the document (filter boxes, the
 * import paste box) are marked `data-native-undo` and keep the browser's own undo.
 */
export function useUndoShortcuts(store: EditorStore, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(e: KeyboardEvent) {
      const which = historyShortcut(e);
      if (!which) return;
      e.preventDefault();
      stepHistory(store, which);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store, enabled]);
}

/**
 * Whether a key press asks for undo or redo (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y), outside inputs
 * marked `data-native-undo`; null for any other press. The chat composer uses it too.
 */
export function historyShortcut(e: KeyboardEvent): "undo" | "redo" | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = shortcutLetter(e);
  const isUndo = key === "z" && !e.shiftKey;
  const isRedo = (key === "z" && e.shiftKey) || (key === "y" && e.ctrlKey && !e.shiftKey);
  if (!isUndo && !isRedo) return null;
  if (e.target instanceof Element && e.target.closest("[data-native-undo]")) return null;
  return isUndo ? "undo" : "redo";
}

/**
 * The letter of a Ctrl/Cmd shortcut. A Latin layout's letter is `e.key` (Dvorak's Z is where it
 * types z); a Persian or other non-Latin layout reports its own letter there (Ctrl+Z is "ظ"), so the
 * key's place on the keyboard (`e.code`) names it, as the inspector's Alt+Shift+I does.
 */
function shortcutLetter(e: KeyboardEvent): string {
  if (/^[a-z]$/i.test(e.key)) return e.key.toLowerCase();
  const place = /^Key([A-Z])$/.exec(e.code);
  return place?.[1] ? place[1].toLowerCase() : e.key.toLowerCase();
}
