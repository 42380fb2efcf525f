import { describe, expect, it } from "vitest";
import { emptyDocument, wrapWidget } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { selectShownWidgets, selectWidgets } from "../../src/editor/store/selectors";
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
