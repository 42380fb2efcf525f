import { describe, expect, it } from "vitest";
import { emptyDocument, wrapWidget } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { selectWidgets } from "../../src/editor/store/selectors";
import { GHOST_KEY, selectShownWidgets } from "../../src/editor/store/shown-widgets";
import type { Widget } from "../../src/platform";

function titles(count: number) {
  const widgets = Array.from(
    { length: count },
    (_, i) => ({ title_row: { text: `Item ${i + 1}`, has_divider: false } }) as unknown as Widget,
  );
  return { ...emptyDocument("post"), widgets: widgets.map(wrapWidget) };
}

const texts = (ws: readonly Widget[]) =>
  ws.map((w) => (w as unknown as { title_row: { text: string } }).title_row.text);

describe("the preview's order during a list drag", () => {
  it("shows the order the drop would give, with the selection following its widget", () => {
    const store = createEditorStore({ doc: titles(5) });
    const ids = store.getState().doc.widgets.map((w) => w.id);
    store.getState().select(ids[0] ?? null);
    const still = selectShownWidgets(store.getState());
    expect(still.widgets).toBe(selectWidgets(store.getState()));
    expect(still.selectedIndex).toBe(0);

    store.getState().setDragMove({ id: ids[0] ?? "", from: 0, to: 3 });
    const shown = selectShownWidgets(store.getState());
    expect(texts(shown.widgets)).toEqual(["Item 2", "Item 3", "Item 4", "Item 1", "Item 5"]);
    expect(shown.keys).toEqual([ids[1], ids[2], ids[3], ids[0], ids[4]]);
    expect(shown.selectedIndex).toBe(3);
    // Same state, same object: the preview does not re-render for nothing.
    expect(selectShownWidgets(store.getState())).toBe(shown);
    // The document itself is untouched until the drop, and nothing entered the history.
    expect(texts(selectWidgets(store.getState()))).toEqual([
      "Item 1",
      "Item 2",
      "Item 3",
      "Item 4",
      "Item 5",
    ]);
    expect(store.getState().past).toHaveLength(0);

    store.getState().setDragMove(null);
    expect(texts(selectShownWidgets(store.getState()).widgets)).toEqual([
      "Item 1",
      "Item 2",
      "Item 3",
      "Item 4",
      "Item 5",
    ]);
  });

  it("ignores a drag whose widget is no longer where it was picked up", () => {
    const store = createEditorStore({ doc: titles(3) });
    const ids = store.getState().doc.widgets.map((w) => w.id);
    store.getState().setDragMove({ id: ids[2] ?? "", from: 0, to: 1 });
    expect(selectShownWidgets(store.getState()).keys).toEqual(ids);
  });
});

describe("the preview during a palette drag over the list", () => {
  it("shows the new widget where the drop would add it, selection and document untouched", () => {
    const store = createEditorStore({ doc: titles(4) });
    const ids = store.getState().doc.widgets.map((w) => w.id);
    store.getState().select(ids[2] ?? null);
    store.getState().setPaletteDrop({ kind: "subtitle_row", at: 1 });
    const shown = selectShownWidgets(store.getState());
    expect(shown.widgets).toHaveLength(5);
    expect(Object.keys(shown.widgets[1] ?? {})).toEqual(["subtitle_row"]);
    expect(shown.keys).toEqual([ids[0], GHOST_KEY, ids[1], ids[2], ids[3]]);
    expect(shown.ghostIndex).toBe(1);
    // The selected widget (Item 3) is one further down in the preview, as the drop would put it.
    expect(shown.selectedIndex).toBe(3);
    expect(selectShownWidgets(store.getState())).toBe(shown);
    expect(selectWidgets(store.getState())).toHaveLength(4);
    expect(store.getState().past).toHaveLength(0);

    // At the end, after the selected widget: the selection keeps its place.
    store.getState().setPaletteDrop({ kind: "subtitle_row", at: 4 });
    const atEnd = selectShownWidgets(store.getState());
    expect(atEnd.keys.at(-1)).toBe(GHOST_KEY);
    expect(atEnd.selectedIndex).toBe(2);
    // The same widget object while the pointer moves, so its frame is not drawn again.
    expect(atEnd.widgets[4]).toBe(shown.widgets[1]);

    store.getState().setPaletteDrop(null);
    const after = selectShownWidgets(store.getState());
    expect(after.keys).toEqual(ids);
    expect(after.ghostIndex).toBeUndefined();
  });

  it("ignores a place past the end of the document", () => {
    const store = createEditorStore({ doc: titles(2) });
    store.getState().setPaletteDrop({ kind: "title_row", at: 5 });
    expect(selectShownWidgets(store.getState()).ghostIndex).toBeUndefined();
  });
});
