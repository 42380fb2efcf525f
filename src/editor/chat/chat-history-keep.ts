import * as z from "zod";
import { putInTab, type TabStore, takeFromTab } from "../drafts/tab-slot";
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

/** Writes the composer's steps to the tab's storage (cleared when there are none). */
export function keepChatHistory(tab: TabStore | null, store: ChatStore): void {
  const { draft, past, future } = store.getState();
  const none = past.length === 0 && future.length === 0;
  putInTab(tab, KEY, none ? undefined : JSON.stringify({ draft, past, future }));
}

/** Puts back (once) the steps kept for the draft the composer opened with, if it is the one left. */
export function restoreChatHistory(tab: TabStore | null, store: ChatStore): void {
  const kept = keptSchema.safeParse(takeFromTab(tab, KEY));
  if (!kept.success) return;
  if (JSON.stringify(kept.data.draft) !== JSON.stringify(store.getState().draft)) return;
  store.setState({ past: kept.data.past, future: kept.data.future });
}
