import { describe, expect, it } from "vitest";
import { emptyDocument, MAX_WIDGETS, wrapWidget } from "../../src/editor/store/document";
import { createEditorStore, HISTORY_LIMIT, HISTORY_WIDGET_BUDGET } from "../../src/editor/store/editor-store";
import { getAtPath } from "../../src/editor/store/json-paths";
import {
  selectExportBody,
  selectProblems,
  selectPublishTarget,
  selectSelectedWidget,
  widgetProblems,
} from "../../src/editor/store/selectors";
import { newWidget } from "../../src/platform";

function textOf(store: ReturnType<typeof createEditorStore>, i: number) {
  return getAtPath(store.getState().doc.widgets[i]?.widget, ["title_row", "text"]);
}

describe("editor store", () => {
  it("adds after the selection and selects the new widget", () => {
    const store = createEditorStore();
    const a = store.getState().addWidget("title_row") ?? "";
    store.getState().addWidget("subtitle_row");
    store.getState().select(a);
    const c = store.getState().addWidget("score_row") ?? "";
    expect(store.getState().doc.widgets.map((w) => w.id)[1]).toBe(c);
    expect(store.getState().selectedId).toBe(c);
  });

  it("undoes and redoes each kind of edit as one step: move, duplicate, delete, list reorder, kind switch, import", () => {
    const store = createEditorStore();
    const s = () => store.getState();
    const title = s().addWidget("title_row") ?? "";
    const carousel = s().addWidget("image_carousel_row") ?? "";
    s().setWidgetField(carousel, ["image_carousel_row", "items"], [{ image_id: "a" }, { image_id: "b" }]);
    const edits: Array<[string, () => void]> = [
      ["move", () => s().moveWidget(1, 0)],
      ["duplicate", () => s().duplicateWidget(title)],
      ["delete", () => s().deleteWidget(title)],
      [
        "list reorder",
        () =>
          s().setWidgetField(
            carousel,
            ["image_carousel_row", "items"],
            [{ image_id: "b" }, { image_id: "a" }],
          ),
      ],
      ["kind switch", () => s().setKind("user")],
      [
        "import",
        () => s().replace({ kind: "post", widgets: [wrapWidget(newWidget("score_row"))], fields: {} }),
      ],
    ];
    for (const [name, edit] of edits) {
      const before = s().doc;
      edit();
      const after = s().doc;
      expect(after, name).not.toBe(before);
      s().undo();
      expect(s().doc, name).toBe(before);
      s().redo();
      expect(s().doc, name).toBe(after);
    }
  });

  it("after undoing an add, the widget it was added after is selected", () => {
    const store = createEditorStore();
    const a = store.getState().addWidget("title_row") ?? "";
    store.getState().addWidget("subtitle_row");
    store.getState().select(a);
    store.getState().addWidget("score_row");
    store.getState().undo();
    expect(store.getState().doc.widgets).toHaveLength(2);
    expect(store.getState().selectedId).toBe(a);
    const undoDelete = createEditorStore();
    const x = undoDelete.getState().addWidget("title_row") ?? "";
    undoDelete.getState().deleteWidget(x);
    undoDelete.getState().undo();
    expect(undoDelete.getState().selectedId).toBe(x);
  });

  it("an undone delete selects the widget it brought back, though the selection moved on to another", () => {
    const store = createEditorStore();
    const a = store.getState().addWidget("title_row") ?? "";
    const b = store.getState().addWidget("subtitle_row") ?? "";
    const c = store.getState().addWidget("score_row") ?? "";
    store.getState().select(b);
    store.getState().deleteWidget(b);
    // The delete selected the widget that took its place.
    expect(store.getState().selectedId).toBe(c);
    store.getState().undo();
    expect(store.getState().doc.widgets.map((w) => w.id)).toEqual([a, b, c]);
    expect(store.getState().selectedId).toBe(b);
    // Redone, the delete selects what it selected the first time: the widget that took its place.
    store.getState().redo();
    expect(store.getState().selectedId).toBe(c);
    store.getState().undo();
    expect(store.getState().selectedId).toBe(b);
    // A redone add does the same: the widget it adds again is selected.
    store.getState().select(a);
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().doc.widgets).toHaveLength(1);
    store.getState().redo();
    expect(store.getState().selectedId).toBe(b);
    // An undone edit of another widget leaves the selection where it is.
    store.getState().redo();
    expect(store.getState().selectedId).toBe(c);
    store.getState().select(a);
    store.getState().setWidgetField(c, ["score_row", "title"], "x");
    store.getState().undo();
    expect(store.getState().selectedId).toBe(a);
  });

  it("coalesces typing in one field into one undo step, and a blur ends it", () => {
    const store = createEditorStore();
    const id = store.getState().addWidget("title_row") ?? "";
    for (const t of ["a", "ab", "abc"]) store.getState().setWidgetField(id, ["title_row", "text"], t, true);
    store.getState().endTyping();
    store.getState().setWidgetField(id, ["title_row", "text"], "abcd", true);
    store.getState().undo();
    expect(textOf(store, 0)).toBe("abc");
    store.getState().undo();
    expect(textOf(store, 0)).toBe(getAtPath(newWidget("title_row"), ["title_row", "text"]));
    store.getState().redo();
    expect(textOf(store, 0)).toBe("abc");
  });

  it("does not merge typing in two different fields", () => {
    const store = createEditorStore();
    const id = store.getState().addWidget("event_row") ?? "";
    store.getState().setWidgetField(id, ["event_row", "title"], "x", true);
    store.getState().setWidgetField(id, ["event_row", "label"], "y", true);
    store.getState().undo();
    expect(getAtPath(store.getState().doc.widgets[0]?.widget, ["event_row", "title"])).toBe("x");
  });

  it("keeps at least 100 undo steps and drops redo after a new edit", () => {
    const store = createEditorStore();
    const id = store.getState().addWidget("title_row") ?? "";
    for (let i = 0; i < 150; i++) store.getState().setWidgetField(id, ["title_row", "text"], `t${i}`);
    for (let i = 0; i < 120; i++) store.getState().undo();
    expect(textOf(store, 0)).toBe("t29");
    store.getState().setWidgetField(id, ["title_row", "text"], "new");
    expect(store.getState().future).toHaveLength(0);
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(100);
  });

  it("bounds the widgets imports keep in history, never the import just made, nor ordinary edits", () => {
    const store = createEditorStore();
    const s = () => store.getState();
    const first = s().addWidget("title_row") ?? "";
    for (let i = 0; i < 5; i++) s().setWidgetField(first, ["title_row", "text"], `before ${i}`);
    // Imports of the editor's largest add-on, each with its own text to tell them apart.
    const imported = (n: number) => {
      const widgets = Array.from({ length: MAX_WIDGETS }, () => wrapWidget(newWidget("subtitle_row")));
      const head = wrapWidget({ title_row: { text: `import ${n}` } });
      return { kind: "post" as const, widgets: [head, ...widgets.slice(1)], fields: {} };
    };
    const imports = 15;
    for (let n = 1; n <= imports; n++) s().replace(imported(n));
    // Widgets held by the past documents that share none with their neighbours.
    const held = s().past.reduce((sum, d) => sum + (d.widgets.length > 1 ? d.widgets.length : 1), 0);
    expect(held).toBeLessThanOrEqual(HISTORY_WIDGET_BUDGET);
    // Undo goes back as far as the budget allows: the last ten imports' predecessors, then stops.
    const reached: string[] = [];
    while (s().past.length > 0) {
      s().undo();
      reached.push(String(textOf(store, 0)));
    }
    expect(reached[0]).toBe(`import ${imports - 1}`);
    expect(reached.length).toBeGreaterThanOrEqual(HISTORY_WIDGET_BUDGET / MAX_WIDGETS - 1);
    expect(reached).not.toContain("before 4");
    // Redo brings every step back to the newest import.
    while (s().future.length > 0) s().redo();
    expect(textOf(store, 0)).toBe(`import ${imports}`);
    // One import larger than the whole budget can still be undone.
    const big = createEditorStore();
    big.getState().addWidget("title_row");
    const huge = Array.from({ length: HISTORY_WIDGET_BUDGET + 1 }, () => wrapWidget(newWidget("title_row")));
    big.getState().replace({ kind: "post", widgets: huge, fields: {} });
    big.getState().undo();
    expect(big.getState().doc.widgets).toHaveLength(1);
    // Ordinary edits keep their full 200 steps after an import.
    big.getState().redo();
    const id = big.getState().doc.widgets[0]?.id ?? "";
    for (let i = 0; i < HISTORY_LIMIT + 10; i++)
      big.getState().setWidgetField(id, ["title_row", "text"], `t${i}`);
    expect(big.getState().past).toHaveLength(HISTORY_LIMIT);
  });

  it("keeps selection out of history", () => {
    const store = createEditorStore();
    const a = store.getState().addWidget("title_row") ?? "";
    const pastBefore = store.getState().past.length;
    store.getState().select(null);
    store.getState().select(a);
    expect(store.getState().past.length).toBe(pastBefore);
  });

  it("holds the publish target", () => {
    const store = createEditorStore({ postToken: "gZx7yK3a" });
    expect(selectPublishTarget(store.getState())).toBe("gZx7yK3a");
  });
});

describe("selectors", () => {
  it("export body has no editor ids and is memoised per document", () => {
    const store = createEditorStore();
    const id = store.getState().addWidget("title_row") ?? "";
    const body = selectExportBody(store.getState());
    expect(JSON.stringify(body)).not.toContain(id);
    expect(selectExportBody(store.getState())).toBe(body);
  });

  it("re-validates only the edited widget among 500", () => {
    const widgets = Array.from({ length: 500 }, () => wrapWidget(newWidget("title_row")));
    const store = createEditorStore({ doc: { ...emptyDocument(), widgets } });
    const first = selectProblems(store.getState());
    expect(first.errors).toHaveLength(0);
    const untouched = widgets[10]!.widget;
    const before = widgetProblems(untouched, 10);
    store.getState().setWidgetField(widgets[3]!.id, ["title_row", "text"], "", true);
    const second = selectProblems(store.getState());
    expect(second.errors.map((p) => p.at)).toEqual(["widgets[3].title_row.text"]);
    expect(widgetProblems(untouched, 10)).toBe(before);
    expect(second.byWidget.get(widgets[3]!.id)?.[0]?.message).toMatch(/must not be empty/);
  });

  it("re-prefixes problem paths when a widget moves", () => {
    const store = createEditorStore();
    const a = store.getState().addWidget("title_row") ?? "";
    store.getState().addWidget("subtitle_row");
    store.getState().setWidgetField(a, ["title_row", "text"], "");
    store.getState().moveWidget(0, 1);
    expect(selectProblems(store.getState()).errors[0]?.at).toBe("widgets[1].title_row.text");
  });

  it("reports document-level problems with their paths", () => {
    const store = createEditorStore();
    store.getState().setKind("user");
    store.getState().setDocumentField(["ticket_uuid"], "not-a-uuid");
    const p = selectProblems(store.getState());
    expect(p.errors.map((e) => e.at)).toContain("ticket_uuid");
    expect(p.warnings.map((e) => e.code)).toContain("no_widgets");
  });

  it("returns the same selected-widget object while it is unchanged", () => {
    const store = createEditorStore();
    store.getState().addWidget("title_row");
    const s1 = selectSelectedWidget(store.getState());
    expect(s1?.index).toBe(0);
    expect(selectSelectedWidget(store.getState())).toBe(s1);
  });
});

describe("the document's widget cap", () => {
  it("adds, duplicates and drops nothing past MAX_WIDGETS, and leaves the document and its history as they were", () => {
    const store = createEditorStore();
    const widgets = Array.from({ length: MAX_WIDGETS - 1 }, () => wrapWidget(newWidget("title_row")));
    store.getState().commit({ ...emptyDocument("post"), widgets }, { record: true });
    const last = store.getState().addWidget("subtitle_row");
    expect(last).not.toBeNull();
    expect(store.getState().doc.widgets).toHaveLength(MAX_WIDGETS);
    const full = store.getState().doc;
    const past = store.getState().past.length;
    expect(store.getState().addWidget("title_row")).toBeNull();
    expect(store.getState().addWidget("title_row", 0)).toBeNull();
    store.getState().duplicateWidget(last ?? "");
    expect(store.getState().doc).toBe(full);
    expect(store.getState().past).toHaveLength(past);
    expect(store.getState().selectedId).toBe(last);
    // One deleted, one may be added again.
    store.getState().deleteWidget(last ?? "");
    expect(store.getState().addWidget("title_row")).not.toBeNull();
  });
});
