import { afterEach, describe, expect, it, vi } from "vitest";
import { startDraftSession } from "../../src/editor/drafts/draft-session";
import { DRAFT_INDEX_KEY, draftKey, LAST_DRAFT_KEY, readDraft } from "../../src/editor/drafts/draft-storage";
import { MemoryStorage, usableLocalStorage } from "../../src/editor/drafts/memory-storage";
import { type EditorDocument, emptyDocument } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { QuotaStorage } from "../helpers/quota-storage";

/** The titles of a document's widgets, to compare documents by what the user typed. */
function titles(doc: EditorDocument): string[] {
  return doc.widgets.map((w) => JSON.stringify(w.widget));
}

function session(storage: Storage) {
  const store = createEditorStore();
  const target = new EventTarget();
  const s = startDraftSession({ store, storage, target, debounceMs: 0 });
  return { store, session: s, target };
}

afterEach(() => vi.unstubAllGlobals());

describe("drafts when browser storage is full", () => {
  it("switching drafts keeps the edits storage refused, and saves them once a deletion makes room", () => {
    const storage = new QuotaStorage(1_000_000);
    const { store, session: s } = session(storage);
    const a = s.ui.getState().currentId;
    store.getState().addWidget("title_row");
    s.flush();
    s.newDraft(emptyDocument("post"), "Old draft");
    const old = s.ui.getState().currentId;
    s.switchTo(a);
    storage.fill();
    store.getState().addWidget("score_row");
    store.getState().addWidget("button_bar");
    const edited = titles(store.getState().doc);
    s.flush();
    expect(s.ui.getState().saveError).toMatch(/browser storage is full/);

    // Before the fix, leaving the draft dropped the two refused widgets: switching back showed one.
    s.switchTo(old);
    expect(s.ui.getState().currentId).toBe(old);
    s.switchTo(a);
    expect(titles(store.getState().doc)).toEqual(edited);

    // The user makes room by deleting the old draft: the kept edits reach storage at once.
    storage.removeItem("other-app");
    s.remove(old);
    expect(s.ui.getState().saveError).toBeNull();
    const saved = readDraft(storage, a);
    expect(saved && titles(saved)).toEqual(edited);
    s.dispose();
  });

  it("a new draft or a template does not drop the open draft's refused edits", () => {
    const storage = new QuotaStorage(1_000_000);
    const { store, session: s } = session(storage);
    const a = s.ui.getState().currentId;
    // Room for a new empty draft, not for five more widgets.
    storage.fill(300);
    for (let i = 0; i < 5; i++) store.getState().addWidget("title_row");
    s.flush();
    expect(s.ui.getState().saveError).toMatch(/browser storage is full/);
    s.newDraft(emptyDocument("user"), "Template");
    expect(s.ui.getState().currentId).not.toBe(a);
    expect(s.ui.getState().drafts.map((d) => d.id)).toContain(a);
    s.switchTo(a);
    expect(store.getState().doc.widgets).toHaveLength(5);
    s.dispose();
  });

  it("retries the refused save when the page is hidden, and asks before a reload would lose it", () => {
    const storage = new QuotaStorage(1_000_000);
    const { store, session: s, target } = session(storage);
    const a = s.ui.getState().currentId;
    storage.fill();
    store.getState().addWidget("title_row");
    s.flush();
    const leave = new Event("beforeunload", { cancelable: true });
    target.dispatchEvent(leave);
    expect(leave.defaultPrevented).toBe(true);
    // Room is made elsewhere (another tab, the browser's settings); hiding the page saves the edit.
    storage.removeItem("other-app");
    target.dispatchEvent(new Event("pagehide"));
    expect(readDraft(storage, a)?.widgets).toHaveLength(1);
    const again = new Event("beforeunload", { cancelable: true });
    target.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(false);
    s.dispose();
  });

  it("does not ask before a reload when nothing was edited, though a new empty draft was refused", () => {
    const storage = new QuotaStorage(1_000_000);
    session(storage).session.dispose();
    // Storage fills up with another app's data; the remembered draft cannot be read any more.
    storage.items.set(LAST_DRAFT_KEY, "gone");
    for (const k of [...storage.items.keys()])
      if (k.startsWith("addon-studio:draft:")) storage.items.delete(k);
    storage.fill();
    const { session: s, target } = session(storage);
    const leave = new Event("beforeunload", { cancelable: true });
    target.dispatchEvent(leave);
    // An empty draft nobody touched is no work to lose: no prompt on every reload.
    expect(leave.defaultPrevented).toBe(false);
    s.dispose();
  });

  it("opens the saved drafts of a full storage, and says at once that edits cannot be saved", () => {
    const storage = new QuotaStorage(1_000_000);
    const first = session(storage);
    first.store.getState().addWidget("title_row");
    first.session.dispose();
    // Another draft's id is remembered last; noting the reopened one needs room that is not there.
    storage.items.set(LAST_DRAFT_KEY, "gone");
    storage.fill();
    const { store, session: s } = session(storage);
    expect(store.getState().doc.widgets).toHaveLength(1);
    expect(s.ui.getState().saveError).toMatch(/storage is full/);
    s.dispose();
  });

  it("a renamed draft keeps its name in this tab when storage refuses it", () => {
    const storage = new QuotaStorage(1_000_000);
    const { session: s } = session(storage);
    storage.fill();
    s.rename("A much longer name that does not fit");
    const id = s.ui.getState().currentId;
    expect(s.ui.getState().drafts.find((d) => d.id === id)?.name).toBe(
      "A much longer name that does not fit",
    );
    expect(s.ui.getState().saveError).toMatch(/browser storage is full/);
    storage.removeItem("other-app");
    s.flush();
    expect(storage.getItem(DRAFT_INDEX_KEY)).toContain("A much longer name that does not fit");
    expect(storage.getItem(draftKey(id))).not.toBeNull();
    s.dispose();
  });
});

describe("storage the browser refuses", () => {
  it("asks before a reload or close would lose edits held only in memory", () => {
    const { store, target, session: s } = session(new MemoryStorage());
    const untouched = new Event("beforeunload", { cancelable: true });
    target.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);
    store.getState().addWidget("title_row");
    const leave = new Event("beforeunload", { cancelable: true });
    target.dispatchEvent(leave);
    expect(leave.defaultPrevented).toBe(true);
    s.dispose();
  });
});

describe("usableLocalStorage", () => {
  it("uses a full localStorage that holds drafts, so they open; refuses one that takes nothing", () => {
    const full = new QuotaStorage(100_000);
    full.fill();
    vi.stubGlobal("window", { localStorage: full });
    expect(usableLocalStorage()).toBe(full);
    vi.stubGlobal("window", { localStorage: new QuotaStorage(0) });
    expect(usableLocalStorage()).toBeUndefined();
  });
});
