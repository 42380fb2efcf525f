import { createStore } from "zustand/vanilla";
import { type EditorDocument, emptyDocument, newId } from "../store/document";
import type { EditorStore } from "../store/editor-store";
import { asTabMessage, type TabMessage } from "./draft-shapes";
import {
  DEFAULT_DRAFT_NAME,
  type DraftMeta,
  deleteDraft,
  draftKey,
  keepUnchanged,
  lastDraftId,
  listDrafts,
  parseDraft,
  readDraft,
  renameDraft,
  uniqueDraftName,
} from "./draft-storage";
import { createDraftWriter } from "./draft-writer";
import { MemoryStorage } from "./memory-storage";
import { watchPage } from "./page-lifecycle";
import { keepUnsaved, restoreKept, type TabStore, takeKept } from "./tab-keep";

/** A message shown in the header (draft saved elsewhere, a shared link opened, ...). */
export interface Notice {
  tone: "info" | "error";
  text: string;
}

/** The drafts UI state (never in undo history). */
export interface DraftSessionState {
  drafts: DraftMeta[];
  currentId: string;
  /** True when another tab has the same draft open. */
  openElsewhere: boolean;
  saveError: string | null;
  notice: Notice | null;
}

/** The channel other tabs talk on (BroadcastChannel, or a fake in tests). */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** Options of a draft session. */
export interface DraftSessionOptions {
  store: EditorStore;
  storage: Storage;
  channel?: TabChannel | null;
  /** Where `pagehide`/`beforeunload` are listened for (the window). */
  target?: Pick<Window, "addEventListener" | "removeEventListener"> | null;
  /** A document to open as a new draft instead of the last one (a shared link). */
  open?: { doc: EditorDocument; name: string; notice?: Notice };
  /** Milliseconds to wait after an edit before saving; the last edit is flushed on page hide anyway. */
  debounceMs?: number;
  /** The tab's own storage (sessionStorage): drafts storage refused are kept there over a reload. */
  tab?: TabStore | null;
}

/** Autosaves the editor's document to browser storage and manages named drafts. */
export function startDraftSession(options: DraftSessionOptions) {
  const { store, storage, channel = null, target = null, debounceMs = 300 } = options;
  const tab = newId();
  const others = new Map<string, string>();
  const writer = createDraftWriter(storage);

  let first = listDrafts(storage);
  // Drafts storage refused before this page was reloaded (or left for the consent page) in this tab.
  const kept = takeKept(options.tab ?? null);
  restoreKept(kept, writer, first);
  first = writer.all();
  let currentId: string;
  let initialNotice: Notice | null = options.open?.notice ?? null;
  if (options.open) {
    currentId = newId();
    const meta = { id: currentId, name: uniqueDraftName(first, options.open.name), updatedAt: Date.now() };
    store.getState().load(options.open.doc);
    writer.write(meta, options.open.doc);
  } else {
    const last = kept.current ?? lastDraftId(storage);
    const pick = first.find((d) => d.id === last) ?? first[0];
    const doc = pick ? (writer.kept(pick.id)?.doc ?? readDraft(storage, pick.id)) : undefined;
    if (pick && doc) {
      currentId = pick.id;
      store.getState().load(doc);
    } else {
      if (pick && !doc)
        initialNotice = {
          tone: "error",
          text: `The draft "${pick.name}" could not be read from browser storage; a new draft was started and the old entry kept.`,
        };
      currentId = newId();
      const fresh = store.getState().doc ?? emptyDocument();
      writer.write(
        { id: currentId, name: uniqueDraftName(first, DEFAULT_DRAFT_NAME), updatedAt: Date.now() },
        fresh,
      );
    }
  }
  writer.rememberLast(currentId);
  first = writer.all();

  const ui = createStore<DraftSessionState>()(() => ({
    drafts: first,
    currentId,
    openElsewhere: false,
    saveError: writer.error,
    notice: initialNotice,
  }));

  let timer: ReturnType<typeof setTimeout> | null = null;
  let dirty = false;
  // When the open draft was last saved here or taken from another tab (ms since 1970).
  let lastSaveAt = 0;

  /** Saves the open draft's edits, and retries drafts kept in this tab; false while any is unsaved. */
  function flush(): boolean {
    if (timer) clearTimeout(timer);
    timer = null;
    if (dirty) {
      dirty = false;
      const id = ui.getState().currentId;
      // Read again, not this tab's list: another tab may have renamed the draft since (or deleted
      // it: this tab's edits then save it again under the name it showed).
      const known = writer.all().find((d) => d.id === id) ?? ui.getState().drafts.find((d) => d.id === id);
      const meta = known ?? { id, name: DEFAULT_DRAFT_NAME, updatedAt: 0 };
      // Another tab with this draft open takes what was saved (onMessage).
      // Later than any save this tab made or took, even within one millisecond (a logical clock).
      const at = Math.max(Date.now(), lastSaveAt + 1);
      const stored = writer.write({ ...meta, updatedAt: at }, store.getState().doc);
      if (stored !== undefined) {
        lastSaveAt = at;
        announce("saved", stored, at);
      }
    }
    writer.retry(ui.getState().currentId);
    // The open draft, if refused, is retried with the next edit or when the page is hidden.
    if (writer.kept(ui.getState().currentId)) dirty = true;
    ui.setState({ drafts: writer.all(), saveError: writer.error });
    return writer.allSaved();
  }

  // An edit made in this tab (not a draft opened or taken from another tab): only then can closing
  // lose work. Storage the browser refused (a MemoryStorage) loses every such edit with the tab.
  // A shared document opened at start-up is at risk as an edit is: its link has left the address.
  // So are drafts this tab kept over its reload that storage still refuses: edits made before it.
  let edited = options.open !== undefined || kept.drafts.some((d) => writer.kept(d.meta.id));
  let quiet = false;
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.doc === prev.doc) return;
    dirty = true;
    if (!quiet) edited = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  });
  /** Replaces the document without counting it as this tab's edit. */
  function quietly(change: () => void): void {
    quiet = true;
    try {
      change();
    } finally {
      quiet = false;
    }
  }

  // Edits storage refused would go with the tab (closing asks first); the others are told it left.
  const stopWatching = watchPage(target, {
    atRisk: () => (!flush() || storage instanceof MemoryStorage) && edited,
    hidden: () => {
      flush();
      keepUnsaved(options.tab ?? null, writer, ui.getState().currentId);
    },
    leaving: () => {
      flush();
      keepUnsaved(options.tab ?? null, writer, ui.getState().currentId);
      announce("bye");
    },
    back: () => announce("hello"),
  });

  function refreshPresence(): void {
    const id = ui.getState().currentId;
    ui.setState({ openElsewhere: [...others.values()].includes(id) });
  }

  function announce(type: TabMessage["type"], stored?: string, at?: number): void {
    const draft = ui.getState().currentId;
    channel?.postMessage(
      (stored === undefined ? { type, tab, draft } : { type, tab, draft, stored, at }) satisfies TabMessage,
    );
  }

  /** Whether another tab's save is newer than the last one this tab made or took (ties: tab id). */
  function newer(m: TabMessage): boolean {
    if (m.at === undefined) return true;
    return m.at > lastSaveAt || (m.at === lastSaveAt && m.tab > tab);
  }

  const onMessage = (event: MessageEvent) => {
    // Other tabs may run another version of the studio: their messages are checked, not trusted.
    const m = asTabMessage(event.data);
    if (!m || m.tab === tab) return;
    if (m.type === "bye") others.delete(m.tab);
    else others.set(m.tab, m.draft);
    if (m.type === "hello") announce("state");
    refreshPresence();
    // The other tab saved the draft open here: this tab shows it, unless it has edits of its own not
    // yet saved (then the later save wins, as the "open in another tab" notice warns).
    // A save that crossed one made here later is older than what storage holds: not taken.
    if (m.type === "saved" && m.draft === ui.getState().currentId && !dirty && newer(m)) {
      const doc = parseDraft(m.stored ?? null);
      if (!doc) return;
      if (m.at !== undefined) lastSaveAt = m.at;
      const next = keepUnchanged(store.getState().doc, doc);
      if (next !== store.getState().doc) quietly(() => store.getState().adopt(next));
      // Taken, not edited here: not saved back (two tabs would echo each other's saves for ever).
      dirty = false;
      if (timer) clearTimeout(timer);
      timer = null;
      ui.setState({ drafts: writer.all() });
    }
  };
  channel?.addEventListener("message", onMessage);
  announce("hello");

  function open(id: string, doc: EditorDocument): void {
    ui.setState({ currentId: id, drafts: writer.all() });
    writer.rememberLast(id);
    lastSaveAt = 0;
    quietly(() => store.getState().load(doc));
    // A draft kept only in this tab is still to be saved.
    dirty = writer.kept(id) !== undefined;
    announce("state");
    refreshPresence();
  }

  /** Starts a new draft (empty, or the given document) and opens it; the current one is saved first. */
  function newDraft(
    doc: EditorDocument = emptyDocument(store.getState().doc.kind),
    name = DEFAULT_DRAFT_NAME,
  ): void {
    flush();
    const id = newId();
    const meta = { id, name: uniqueDraftName(writer.all(), name), updatedAt: Date.now() };
    // Refused by storage, it still opens: it is kept in this tab like any unsaved draft.
    writer.write(meta, doc);
    ui.setState({ saveError: writer.error });
    open(id, doc);
  }

  return {
    ui,
    /** Saves now (also done on page hide). */
    flush,
    newDraft,
    /** Opens another saved draft (the current one is saved first); false when it cannot be read. */
    switchTo(id: string): boolean {
      if (id === ui.getState().currentId) return true;
      // Edits storage refuses stay in this tab (the writer keeps them), so leaving loses nothing.
      flush();
      const doc = writer.kept(id)?.doc ?? readDraft(storage, id);
      if (!doc) {
        ui.setState({
          notice: { tone: "error", text: "That draft could not be read from browser storage." },
        });
        return false;
      }
      open(id, doc);
      return true;
    },
    /** A draft's text as stored (null when there is none), to keep a copy of one that cannot be read. */
    storedText: (id: string): string | null => storage.getItem(draftKey(id)),
    /** Renames the current draft. */
    rename(name: string): void {
      const id = ui.getState().currentId;
      // Two drafts with one name could not be told apart in the draft picker: "Report" becomes "Report 2".
      const unique = uniqueDraftName(
        writer.all().filter((d) => d.id !== id),
        name,
      );
      const kept = writer.kept(id);
      if (kept) kept.meta = { ...kept.meta, name: unique };
      else
        try {
          renameDraft(storage, id, unique);
        } catch (e) {
          // Kept in this tab like a refused edit, and saved with the draft once there is room.
          writer.keep({ id, name: unique, updatedAt: Date.now() }, store.getState().doc, e);
          dirty = true;
        }
      ui.setState({ drafts: writer.all(), saveError: writer.error });
    },
    /** Deletes a draft; deleting the open one opens the next (or a new empty one). */
    remove(id: string): void {
      const wasCurrent = id === ui.getState().currentId;
      if (wasCurrent) {
        dirty = false;
        if (timer) clearTimeout(timer);
      }
      writer.forget(id);
      deleteDraft(storage, id);
      // Deleting drafts is how the user makes room: what storage refused before is saved now.
      if (!wasCurrent) {
        flush();
        return;
      }
      const rest = writer.all();
      ui.setState({ drafts: rest, saveError: writer.error });
      const next = rest[0];
      const doc = next ? (writer.kept(next.id)?.doc ?? readDraft(storage, next.id)) : undefined;
      if (next && doc) open(next.id, doc);
      else newDraft(emptyDocument(store.getState().doc.kind));
    },
    setNotice(notice: Notice | null): void {
      ui.setState({ notice });
    },
    /** Stops autosaving (after a final save) and leaves the tab channel. */
    dispose(): void {
      flush();
      unsubscribe();
      stopWatching();
      announce("bye");
      channel?.removeEventListener("message", onMessage);
    },
  };
}

/** A running draft session. */
export type DraftSession = ReturnType<typeof startDraftSession>;
