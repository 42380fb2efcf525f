import type { Widget } from "../../platform";
import type { EditorDocument } from "../store/document";
import { asDraftIndex, asStoredDraft, type DraftMeta, type StoredDraft } from "./draft-shapes";
import { isQuotaError, probeWrite } from "./memory-storage";

export type { DraftMeta };

const PREFIX = "addon-studio";
/** Where the list of drafts is kept. */
export const DRAFT_INDEX_KEY = `${PREFIX}:drafts`;
/** Where the id of the draft opened last is kept. */
export const LAST_DRAFT_KEY = `${PREFIX}:last-draft`;
/** Where a draft's document is kept. */
export const draftKey = (id: string) => `${PREFIX}:draft:${id}`;
/** The name of a new draft (made unique with a number when taken). */
export const DEFAULT_DRAFT_NAME = "Untitled add-on";

/** Stored JSON text read, or undefined when there is none or it is not JSON. */
function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The saved drafts, most recently edited first. */
export function listDrafts(storage: Storage): DraftMeta[] {
  const list = asDraftIndex(parseJson(storage.getItem(DRAFT_INDEX_KEY)));
  return list ? list.sort((a, b) => b.updatedAt - a.updatedAt) : [];
}

function writeIndex(storage: Storage, list: readonly DraftMeta[]): void {
  storage.setItem(DRAFT_INDEX_KEY, JSON.stringify(list));
}

/** A saved draft's document, or undefined when it is missing or unreadable. */
export function readDraft(storage: Storage, id: string): EditorDocument | undefined {
  return parseDraft(storage.getItem(draftKey(id)));
}

/** A draft's document from its stored text, or undefined when the text is not one. */
export function parseDraft(text: string | null): EditorDocument | undefined {
  const stored = asStoredDraft(parseJson(text));
  return stored ? draftDocument(stored) : undefined;
}

/** The document a stored draft holds (read by `asStoredDraft`), from storage or the tab's keep. */
export function draftDocument(stored: StoredDraft): EditorDocument {
  return {
    kind: stored.kind,
    // Drafts keep widgets exactly as the user left them, valid or not; validation reports the rest.
    widgets: stored.widgets.map((w) => ({ id: w.id, widget: w.widget as Widget })),
    fields: stored.fields,
  };
}

/** Saves a draft and its entry in the list; returns the stored text (throws when storage is full; callers report it). */
export function writeDraft(storage: Storage, meta: DraftMeta, doc: EditorDocument): string {
  const text = JSON.stringify({ version: 1, kind: doc.kind, widgets: doc.widgets, fields: doc.fields });
  storage.setItem(draftKey(meta.id), text);
  const list = listDrafts(storage).filter((d) => d.id !== meta.id);
  writeIndex(storage, [meta, ...list]);
  return text;
}

/** Renames a draft in the list. */
export function renameDraft(storage: Storage, id: string, name: string): void {
  writeIndex(
    storage,
    listDrafts(storage).map((d) => (d.id === id ? { ...d, name } : d)),
  );
}

/** Deletes a draft and its entry. */
export function deleteDraft(storage: Storage, id: string): void {
  storage.removeItem(draftKey(id));
  writeIndex(
    storage,
    listDrafts(storage).filter((d) => d.id !== id),
  );
}

/** The draft opened last, to reopen on reload. */
export function lastDraftId(storage: Storage): string | null {
  return storage.getItem(LAST_DRAFT_KEY);
}

/** Remembers the draft opened last. */
export function setLastDraftId(storage: Storage, id: string): void {
  storage.setItem(LAST_DRAFT_KEY, id);
}

/** A draft name not yet in the list, e.g. "Untitled add-on 2" (or "آپارتمان ۲"). */
export function uniqueDraftName(list: readonly DraftMeta[], base: string): string {
  const names = new Set(list.map((d) => d.name));
  if (!names.has(base)) return base;
  // A Persian name is numbered in Persian digits ("آپارتمان ۲"), as its reader writes them.
  const persian = /[\u0600-\u06FF]/.test(base);
  const digits = (n: number) => (persian ? n.toLocaleString("fa-IR", { useGrouping: false }) : String(n));
  for (let n = 2; ; n++) if (!names.has(`${base} ${digits(n)}`)) return `${base} ${digits(n)}`;
}

/** What a failed save means for the user, and what to do (the browser's own message names an internal key). */
export function saveErrorText(e: unknown): string {
  const why = isQuotaError(e) ? "browser storage is full" : e instanceof Error ? e.message : String(e);
  return `Could not save the draft (${why}). Your edits are kept in this tab, but closing it would lose them: download the JSON to keep a copy, or delete drafts you no longer need to make room. Saving is tried again with each edit.`;
}

/** Said at start when storage takes nothing more: the drafts open, but the next edit could not be saved. */
export const STORAGE_FULL_TEXT =
  "Browser storage is full: your drafts are here, but new edits cannot be saved. Delete drafts you no longer need to make room, or download the JSON to keep a copy.";

/** True when storage takes nothing more (a small test write is refused as over quota). */
export function storageIsFull(storage: Storage): boolean {
  return probeWrite(storage) === "full";
}

/**
 * `next` (a draft another tab saved) with the widgets `prev` already holds unchanged taken from
 * `prev`, so validation and rendering, memoised per widget object, redo only what changed; `prev`
 * itself when nothing did.
 */
export function keepUnchanged(prev: EditorDocument, next: EditorDocument): EditorDocument {
  const text = new Map(prev.widgets.map((w) => [w.id, { item: w, json: widgetJson(w.widget) }]));
  let same = prev.kind === next.kind && prev.widgets.length === next.widgets.length;
  const widgets = next.widgets.map((w, i) => {
    const old = text.get(w.id);
    const keep = old && old.json === JSON.stringify(w.widget) ? old.item : w;
    if (keep !== prev.widgets[i]) same = false;
    return keep;
  });
  const fields = JSON.stringify(prev.fields) === JSON.stringify(next.fields) ? prev.fields : next.fields;
  return same && fields === prev.fields ? prev : { kind: next.kind, widgets, fields };
}

// A widget object is never changed in place (every edit makes a new one): its text is kept, so a tab
// taking saves one after another writes out only the widgets it has not seen.
const widgetTexts = new WeakMap<object, string>();
function widgetJson(widget: Widget): string {
  let json = widgetTexts.get(widget);
  if (json === undefined) {
    json = JSON.stringify(widget);
    widgetTexts.set(widget, json);
  }
  return json;
}
