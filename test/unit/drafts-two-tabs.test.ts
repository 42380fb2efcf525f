import { afterEach, describe, expect, it, vi } from "vitest";
import { startDraftSession, type TabChannel } from "../../src/editor/drafts/draft-session";
import { readDraft } from "../../src/editor/drafts/draft-storage";
import { MemoryStorage } from "../../src/editor/drafts/memory-storage";
import type { EditorDocument } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { channels } from "../helpers/tab-channels";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function kinds(doc: EditorDocument | undefined): string[] {
  return (doc?.widgets ?? []).map((w) => Object.keys(w.widget)[0] ?? "");
}

function tab(storage: Storage, channel: TabChannel) {
  const store = createEditorStore();
  const session = startDraftSession({ store, storage, channel, debounceMs: 0 });
  return { store, session };
}

describe("two tabs with the same draft open", () => {
  it("an edit saved in one tab shows in the other, so the other's next edit does not undo it", () => {
    const storage = new MemoryStorage();
    const channel = channels();
    const a = tab(storage, channel());
    a.store.getState().addWidget("title_row");
    a.session.flush();
    const b = tab(storage, channel());
    expect(b.session.ui.getState().currentId).toBe(a.session.ui.getState().currentId);
    expect(b.session.ui.getState().openElsewhere).toBe(true);

    a.store.getState().addWidget("score_row");
    a.session.flush();
    expect(kinds(b.store.getState().doc)).toEqual(["title_row", "score_row"]);
    // Taking the other tab's save is not an edit of this tab: nothing is saved back.
    b.session.flush();

    b.store.getState().addWidget("button_bar", 2);
    b.session.flush();
    // Before the fix the draft became title_row, button_bar: tab A's score_row was lost.
    const id = a.session.ui.getState().currentId;
    expect(kinds(readDraft(storage, id))).toEqual(["title_row", "score_row", "button_bar"]);
    expect(kinds(a.store.getState().doc)).toEqual(["title_row", "score_row", "button_bar"]);
    a.session.dispose();
    b.session.dispose();
  });

  it("keeps the widgets that did not change (same objects) and the selection", () => {
    const storage = new MemoryStorage();
    const channel = channels();
    const a = tab(storage, channel());
    a.store.getState().addWidget("title_row");
    a.store.getState().addWidget("score_row");
    a.session.flush();
    const b = tab(storage, channel());
    const [first, second] = b.store.getState().doc.widgets;
    b.store.getState().select(second?.id ?? null);
    const widget = a.store.getState().doc.widgets[0];
    a.store.getState().setWidgetField(widget?.id ?? "", ["title_row", "text"], "عنوان تازه");
    a.session.flush();
    const now = b.store.getState();
    expect(now.doc.widgets[1]).toBe(second);
    expect(now.doc.widgets[0]).not.toBe(first);
    expect(now.selectedId).toBe(second?.id);
    a.session.dispose();
    b.session.dispose();
  });

  it("a rename in one tab is not undone by the other tab's next save", () => {
    const storage = new MemoryStorage();
    const channel = channels();
    const a = tab(storage, channel());
    a.session.flush();
    const b = tab(storage, channel());
    b.session.rename("Car inspection");
    a.store.getState().addWidget("title_row");
    a.session.flush();
    // Before the fix tab A wrote the draft back under the name its own list still had.
    expect(a.session.ui.getState().drafts.map((d) => d.name)).toEqual(["Car inspection"]);
    a.session.dispose();
    b.session.dispose();
    expect(
      tab(storage, channel())
        .session.ui.getState()
        .drafts.map((d) => d.name),
    ).toEqual(["Car inspection"]);
  });

  it("two saves that cross leave both tabs on the later one, as storage holds it", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const storage = new MemoryStorage();
    const net = channels(true);
    const a = tab(storage, net());
    a.session.flush();
    const b = tab(storage, net());
    net.deliver();
    vi.setSystemTime(1_000);
    a.store.getState().addWidget("title_row");
    a.session.flush();
    vi.setSystemTime(2_000);
    b.store.getState().addWidget("score_row");
    b.session.flush();
    net.deliver();
    const id = a.session.ui.getState().currentId;
    // Before the fix each tab took the other's save: A showed score_row, B title_row.
    expect(kinds(readDraft(storage, id))).toEqual(["score_row"]);
    expect(kinds(a.store.getState().doc)).toEqual(["score_row"]);
    expect(kinds(b.store.getState().doc)).toEqual(["score_row"]);
    a.session.dispose();
    b.session.dispose();
  });

  it("a tab left for another saves at once, not when its timer would run", () => {
    const storage = new MemoryStorage();
    const store = createEditorStore();
    const target = new EventTarget();
    const session = startDraftSession({ store, storage, target, debounceMs: 60_000 });
    store.getState().addWidget("title_row");
    vi.stubGlobal("document", { visibilityState: "hidden" });
    target.dispatchEvent(new Event("visibilitychange"));
    expect(kinds(readDraft(storage, session.ui.getState().currentId))).toEqual(["title_row"]);
    session.dispose();
  });

  it("a tab with its own edit not yet saved keeps it (the later save wins)", () => {
    const storage = new MemoryStorage();
    const channel = channels();
    const a = tab(storage, channel());
    a.session.flush();
    const b = tab(storage, channel());
    b.store.getState().addWidget("button_bar");
    a.store.getState().addWidget("title_row");
    a.session.flush();
    expect(kinds(b.store.getState().doc)).toEqual(["button_bar"]);
    a.session.dispose();
    b.session.dispose();
  });
});
