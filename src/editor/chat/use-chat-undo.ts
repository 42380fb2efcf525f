import { useEffect } from "react";
import { textOf } from "../../preview/preview-kit";
import { historyShortcut } from "../history/use-undo-shortcuts";
import { tabStorage } from "../shell/tab-memory";
import { announce } from "../ui/announcer";
import type { ChatDraft, ChatSide } from "./chat-document";
import { keepChatHistory, restoreChatHistory } from "./chat-history-keep";
import type { ChatStore } from "./chat-store";
import { focusCellLater } from "./grid-cell";

const SIDES: readonly ChatSide[] = ["sender", "receiver"];

/**
 * Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (Ctrl+Y) in the chat composer, as in the add-on editor: one step of
 * the message back or forward, said aloud, kept over a reload of the tab. A button the step brings back (an undone removal) is
 * selected and focused, so a keyboard user is where it is.
 */
export function useChatUndo(store: ChatStore, select: (side: ChatSide, id: string) => void): void {
  // The steps over a reload of the tab (the consent page's way back after Send): kept as the page is
  // left, put back when it opens again on the same draft.
  useEffect(() => {
    const tab = tabStorage();
    restoreChatHistory(tab, store);
    const keep = () => keepChatHistory(tab, store);
    window.addEventListener("pagehide", keep);
    return () => window.removeEventListener("pagehide", keep);
  }, [store]);
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      const which = historyShortcut(e);
      if (!which) return;
      e.preventDefault();
      const s = store.getState();
      const before = s.draft;
      if (!(which === "undo" ? s.undo() : s.redo())) {
        announce(which === "undo" ? "Nothing to undo." : "Nothing to redo.");
        return;
      }
      const after = store.getState();
      const left = which === "undo" ? after.past.length : after.future.length;
      const back = broughtBack(before, after.draft);
      if (back) {
        select(back.side, back.id);
        focusCellLater(back.side, back.id);
      }
      announce(
        `${which === "undo" ? "Undone" : "Redone"}${back ? `: ${back.caption} is back` : ""}; ${left} more ${left === 1 ? "step" : "steps"} to ${which}.`,
      );
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store, select]);
}

/** A button that `to` has and `from` had not, with its side and caption. */
function broughtBack(from: ChatDraft, to: ChatDraft) {
  for (const side of SIDES) {
    const had = new Set(from[side].flatMap((r) => r.buttons.map((b) => b.id)));
    for (const row of to[side])
      for (const b of row.buttons)
        if (!had.has(b.id)) return { side, id: b.id, caption: textOf(b.value.caption) || "A button" };
  }
  return undefined;
}
