import type { EditorDocument } from "../store/document";
import {
  type DraftMeta,
  listDrafts,
  STORAGE_FULL_TEXT,
  saveErrorText,
  setLastDraftId,
  storageIsFull,
  writeDraft,
} from "./draft-storage";

/** A draft storage refused, kept in the tab until there is room. */
export interface Unsaved {
  meta: DraftMeta;
  doc: EditorDocument;
}

/**
 * Writes drafts to storage. Drafts whose latest edits storage refused are kept in this tab
 * (switching away and back finds them) and saved as soon as there is room, so a full storage never
 * costs an edit while the tab is open; `error` says why while any is kept.
 */
export function createDraftWriter(storage: Storage) {
  const unsaved = new Map<string, Unsaved>();
  // Storage already full at start still opens its drafts; the user is told before an edit is lost.
  let error: string | null = storageIsFull(storage) ? STORAGE_FULL_TEXT : null;
  return {
    get error(): string | null {
      return error;
    },
    /** Saves a draft and returns the stored text; a refusal keeps it in the tab and says why in `error`. */
    write(meta: DraftMeta, doc: EditorDocument): string | undefined {
      try {
        const text = writeDraft(storage, meta, doc);
        unsaved.delete(meta.id);
        if (!unsaved.size) error = null;
        return text;
      } catch (e) {
        unsaved.set(meta.id, { meta, doc });
        error = saveErrorText(e);
        return undefined;
      }
    },
    /** Keeps a draft in the tab after `e` refused a change to it (a rename). */
    keep(meta: DraftMeta, doc: EditorDocument, e: unknown): void {
      unsaved.set(meta.id, { meta, doc });
      error = saveErrorText(e);
    },
    /** The draft kept in this tab with `id`, if storage refused it. */
    kept(id: string): Unsaved | undefined {
      return unsaved.get(id);
    },
    /** Forgets a kept draft (it was deleted). */
    forget(id: string): void {
      unsaved.delete(id);
      if (!unsaved.size) error = null;
    },
    /** Tries again to save the kept drafts but `except` (the open one, saved from the editor). */
    retry(except: string): void {
      for (const [id, u] of unsaved) if (id !== except) this.write(u.meta, u.doc);
    },
    /** The drafts kept only in this tab (storage refused them). */
    unsaved(): Unsaved[] {
      return [...unsaved.values()];
    },
    /** True when nothing is kept only in this tab. */
    allSaved(): boolean {
      return unsaved.size === 0;
    },
    /** The saved drafts and those kept only in this tab, most recently edited first. */
    all(): DraftMeta[] {
      const saved = listDrafts(storage).filter((d) => !unsaved.has(d.id));
      const kept = [...unsaved.values()].map((u) => u.meta);
      return [...saved, ...kept].sort((a, b) => b.updatedAt - a.updatedAt);
    },
    /** Notes the draft to reopen on reload: a convenience, so a full storage must not stop the editor. */
    rememberLast(id: string): void {
      try {
        setLastDraftId(storage, id);
      } catch {
        // Reload then opens the most recently saved draft.
      }
    },
  };
}

/** A draft writer. */
export type DraftWriter = ReturnType<typeof createDraftWriter>;
