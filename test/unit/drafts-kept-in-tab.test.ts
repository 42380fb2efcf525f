import { describe, expect, it } from "vitest";
import { startDraftSession } from "../../src/editor/drafts/draft-session";
import { listDrafts, readDraft, writeDraft } from "../../src/editor/drafts/draft-storage";
import type { TabStore } from "../../src/editor/drafts/tab-keep";
import { documentFromBody, type EditorDocument } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { QuotaStorage } from "../helpers/quota-storage";

/** The tab's sessionStorage: kept over a reload of the page in the same tab. */
function tabStore(): TabStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** A page of the studio in one tab: its store, session and window. */
function page(storage: Storage, tab: TabStore) {
  const store = createEditorStore();
  const target = new EventTarget();
  const session = startDraftSession({ store, storage, target, tab, debounceMs: 0 });
  return { store, session, target };
}

function bigDoc(count: number, mark: string): EditorDocument {
  const widgets = Array.from({ length: count }, (_, i) => ({
    title_row: { text: `${mark} ${i} ${"x".repeat(40)}` },
  }));
  return documentFromBody("post", { widgets }, widgets);
}

const texts = (doc: EditorDocument) => doc.widgets.map((w) => JSON.stringify(w.widget));

describe("a draft storage refused, over a reload of the tab (the consent page's round trip)", () => {
  it("comes back in the same tab, still said to be unsaved, and is saved once there is room", () => {
    const storage = new QuotaStorage(200_000);
    const tab = tabStore();
    const before = page(storage, tab);
    storage.fill(3_000);
    const doc = bigDoc(500, "imported");
    before.store.getState().replace(doc);
    before.session.flush();
    expect(before.session.ui.getState().saveError).toMatch(/browser storage is full/);
    // Publish leaves for the consent page: the page is hidden, then unloaded.
    before.target.dispatchEvent(new Event("pagehide"));
    before.session.dispose();

    const after = page(storage, tab);
    expect(texts(after.store.getState().doc)).toEqual(texts(doc));
    expect(after.session.ui.getState().currentId).toBe(before.session.ui.getState().currentId);
    expect(after.session.ui.getState().saveError).toMatch(/browser storage is full/);
    // Closing the tab would still lose it: the browser asks first.
    const closing = new Event("beforeunload", { cancelable: true });
    after.target.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);

    // Room is made (the other app's data cleared): the next save writes the draft to storage.
    storage.removeItem("other-app");
    after.session.flush();
    after.store.getState().addWidget("subtitle_row");
    after.session.flush();
    expect(after.session.ui.getState().saveError).toBeNull();
    const id = after.session.ui.getState().currentId;
    expect(readDraft(storage, id)?.widgets).toHaveLength(501);
    // Saved: the tab keeps nothing more, so a later reload opens the saved draft.
    after.target.dispatchEvent(new Event("pagehide"));
    after.session.dispose();
    expect(page(storage, tab).store.getState().doc.widgets).toHaveLength(501);
  });

  it("does not put back an older copy over a newer save another tab made since", () => {
    const storage = new QuotaStorage(200_000);
    const tab = tabStore();
    const before = page(storage, tab);
    storage.fill(3_000);
    before.store.getState().replace(bigDoc(500, "old"));
    before.session.flush();
    before.target.dispatchEvent(new Event("pagehide"));
    before.session.dispose();
    // Another tab, once there was room, saved the same draft later.
    storage.removeItem("other-app");
    const id = before.session.ui.getState().currentId;
    const meta = listDrafts(storage).find((d) => d.id === id);
    if (!meta) throw new Error("the draft is listed");
    const newer = bigDoc(3, "newer");
    writeDraft(storage, { ...meta, updatedAt: Date.now() + 1000 }, newer);

    const after = page(storage, tab);
    expect(texts(after.store.getState().doc)).toEqual(texts(newer));
    expect(after.session.ui.getState().saveError).toBeNull();
  });
});
