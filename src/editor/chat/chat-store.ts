import { createStore } from "zustand/vanilla";
import type { PathSegment } from "../../platform/problems";
import type { KeyValueStorage } from "../proxy/oauth-resume";
import * as ops from "./chat-document";

/** Where the composer's draft is autosaved. */
export const CHAT_DRAFT_KEY = "addon-studio.chat-draft";

/** The composer's state: the draft and the operations on it (each a pure function applied here). */
export interface ChatState {
  draft: ops.ChatDraft;
  setMessage: (message: string) => void;
  /** Replaces the whole draft (an imported message). */
  replaceDraft: (draft: ops.ChatDraft) => void;
  setConversationId: (id: string) => void;
  setAppName: (name: string) => void;
  addRow: (side: ops.ChatSide, button?: ops.ChatButtonItem) => void;
  addButton: (side: ops.ChatSide, rowId: string, button?: ops.ChatButtonItem) => void;
  removeButton: (side: ops.ChatSide, buttonId: string) => void;
  moveButton: (side: ops.ChatSide, buttonId: string, toRow: number, toIndex: number) => void;
  moveButtonToNewRow: (side: ops.ChatSide, buttonId: string) => void;
  nudgeButton: (side: ops.ChatSide, buttonId: string, direction: ops.Nudge) => void;
  setButtonField: (
    side: ops.ChatSide,
    buttonId: string,
    path: readonly PathSegment[],
    value: unknown,
  ) => void;
  /** Drafts before the steps made (oldest first), and after the steps undone (latest undone last). */
  past: ops.ChatDraft[];
  future: ops.ChatDraft[];
  /** Goes one step back or forward; false when there is none. */
  undo: () => boolean;
  redo: () => boolean;
}

/** Steps kept for undo: a message has at most 18 buttons, so a step is small. */
const HISTORY_LIMIT = 200;

/** Reads the autosaved draft; an unreadable one is kept aside under another key rather than lost. */
export function loadChatDraft(storage: KeyValueStorage | undefined): ops.ChatDraft | undefined {
  const raw = storage?.getItem(CHAT_DRAFT_KEY);
  if (!raw) return undefined;
  try {
    const parsed = ops.chatDraftSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to keeping the raw text aside.
  }
  try {
    storage?.setItem(`${CHAT_DRAFT_KEY}.unreadable`, raw);
  } catch {
    // Nothing more can be done without storage.
  }
  return undefined;
}

/** Creates a composer store that autosaves every change to `storage`. */
export function createChatStore(
  opts: { storage?: KeyValueStorage | undefined; initial?: ops.ChatDraft } = {},
) {
  const { storage } = opts;
  const store = createStore<ChatState>()((set, get) => {
    // Typing in one field is one step: a change to the same field as the step before joins it.
    let lastField: string | null = null;
    const apply = (f: (d: ops.ChatDraft) => ops.ChatDraft, field: string | null = null) =>
      set((s) => {
        const draft = f(s.draft);
        if (draft === s.draft) return s;
        const joins = field !== null && field === lastField;
        lastField = field;
        return {
          draft,
          past: joins ? s.past : [...s.past, s.draft].slice(-HISTORY_LIMIT),
          future: [],
        };
      });
    const step = (from: "past" | "future") => {
      const s = get();
      const to = s[from].at(-1);
      if (!to) return false;
      lastField = null;
      const other = from === "past" ? "future" : "past";
      set({ draft: to, [from]: s[from].slice(0, -1), [other]: [...s[other], s.draft] });
      return true;
    };
    return {
      draft: opts.initial ?? loadChatDraft(storage) ?? ops.emptyChatDraft(),
      past: [],
      future: [],
      undo: () => step("past"),
      redo: () => step("future"),
      setMessage: (m) => apply((d) => ops.setMessage(d, m), "message"),
      replaceDraft: (draft) => apply(() => draft),
      setConversationId: (id) => apply((d) => ({ ...d, conversationId: id }), "conversation"),
      setAppName: (name) => apply((d) => ({ ...d, appName: name }), "app"),
      addRow: (side, button) => apply((d) => ops.addRow(d, side, button)),
      addButton: (side, rowId, button) => apply((d) => ops.addButton(d, side, rowId, button)),
      removeButton: (side, id) => apply((d) => ops.removeButton(d, side, id)),
      moveButton: (side, id, row, index) => apply((d) => ops.moveButton(d, side, id, row, index)),
      moveButtonToNewRow: (side, id) => apply((d) => ops.moveButtonToNewRow(d, side, id)),
      nudgeButton: (side, id, dir) => apply((d) => ops.nudgeButton(d, side, id, dir)),
      setButtonField: (side, id, path, value) =>
        apply((d) => ops.setButtonField(d, side, id, path, value), `${side}:${id}:${path.join(".")}`),
    };
  });
  store.subscribe((s, prev) => {
    if (s.draft === prev.draft) return;
    try {
      storage?.setItem(CHAT_DRAFT_KEY, JSON.stringify(s.draft));
    } catch {
      // A full storage keeps the draft in memory; the composer stays usable.
    }
  });
  return store;
}

export type ChatStore = ReturnType<typeof createChatStore>;
