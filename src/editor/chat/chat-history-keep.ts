import * as z from "zod";
import { chatDraftSchema } from "./chat-document";
import type { ChatStore } from "./chat-store";

/*
 * The chat composer's undo steps over a reload of the tab (the consent page's way back when a
 * message is sent signed out, F5), as the add-on editor keeps its own (history/kept-history.ts): in
 * the tab's storage, written as the page is left, put back once if the draft opened as it was left.
 * A message is small (at most 18 buttons), so the steps are stored as they are.
 */

const KEY = "addon-studio:chat-undo-history";

const keptSchema = z.object({
  draft: chatDraftSchema,
  past: z.array(chatDraftSchema),
  future: z.array(chatDraftSchema),
});

type Tab = Pick<Storage, "getItem" | "setItem">;

/** Writes the composer's steps to the tab's storage (best effort; cleared when there are none). */
export function keepChatHistory(tab: Tab | null, store: ChatStore): void {
  if (!tab) return;
  const { draft, past, future } = store.getState();
  try {
    if (past.length === 0 && future.length === 0) {
      if (tab.getItem(KEY)) tab.setItem(KEY, "");
      return;
    }
    tab.setItem(KEY, JSON.stringify({ draft, past, future }));
  } catch {
    // A full or refused storage: the steps go with the page, as before.
  }
}

/** Puts back (once) the steps kept for the draft the composer opened with, if it is the one left. */
export function restoreChatHistory(tab: Tab | null, store: ChatStore): void {
  let raw: unknown;
  try {
    const text = tab?.getItem(KEY);
    if (!text) return;
    tab?.setItem(KEY, "");
    raw = JSON.parse(text);
  } catch {
    return;
  }
  const kept = keptSchema.safeParse(raw);
  if (!kept.success) return;
  const now = store.getState().draft;
  if (JSON.stringify(kept.data.draft) !== JSON.stringify(now)) return;
  store.setState({ past: kept.data.past, future: kept.data.future });
}
