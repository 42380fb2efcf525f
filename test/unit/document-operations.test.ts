import { describe, expect, it } from "vitest";
import {
  deleteWidget,
  documentFromBody,
  duplicateWidget,
  emptyDocument,
  exportBody,
  freshKey,
  hiddenFields,
  insertNewWidget,
  mapRemove,
  mapSet,
  moveWidget,
  setDocumentKind,
  updateDocumentField,
  updateWidgetField,
  wrapWidget,
} from "../../src/editor/store/document";
import { getAtPath, mapRename, renameKeyAt, setAtPath } from "../../src/editor/store/json-paths";
import { newWidget } from "../../src/platform";

function docWith(...kinds: Array<"title_row" | "subtitle_row" | "score_row">) {
  return { ...emptyDocument("post"), widgets: kinds.map((k) => wrapWidget(newWidget(k))) };
}

describe("widget list operations", () => {
  it("inserts a new widget at an index, clamped to the list", () => {
    const doc = docWith("title_row", "subtitle_row");
    const a = insertNewWidget(doc, 1, "score_row");
    expect(a.doc.widgets.map((w) => Object.keys(w.widget)[0])).toEqual([
      "title_row",
      "score_row",
      "subtitle_row",
    ]);
    expect(a.doc.widgets[1]?.id).toBe(a.id);
    const b = insertNewWidget(doc, 99, "score_row");
    expect(b.doc.widgets[2]?.id).toBe(b.id);
    expect(doc.widgets).toHaveLength(2);
  });

  it("gives every widget a distinct id", () => {
    const doc = docWith("title_row", "title_row", "title_row");
    expect(new Set(doc.widgets.map((w) => w.id)).size).toBe(3);
  });

  it("moves a widget and keeps its id and object", () => {
    const doc = docWith("title_row", "subtitle_row", "score_row");
    const moved = moveWidget(doc, 0, 2);
    expect(moved.widgets.map((w) => w.id)).toEqual([
      doc.widgets[1]?.id,
      doc.widgets[2]?.id,
      doc.widgets[0]?.id,
    ]);
    expect(moved.widgets[2]).toBe(doc.widgets[0]);
    expect(moveWidget(doc, 1, 1)).toBe(doc);
    expect(moveWidget(doc, 5, 0)).toBe(doc);
  });

  it("duplicates a widget deeply, right after it, with a new id", () => {
    const doc = docWith("title_row", "subtitle_row");
    const first = doc.widgets[0]!;
    const res = duplicateWidget(doc, first.id);
    expect(res.doc.widgets).toHaveLength(3);
    const copy = res.doc.widgets[1]!;
    expect(copy.id).toBe(res.id);
    expect(copy.id).not.toBe(first.id);
    expect(copy.widget).toEqual(first.widget);
    expect(copy.widget).not.toBe(first.widget);
  });

  it("deletes a widget by id", () => {
    const doc = docWith("title_row", "subtitle_row");
    const res = deleteWidget(doc, doc.widgets[0]!.id);
    expect(res.widgets.map((w) => w.id)).toEqual([doc.widgets[1]!.id]);
    expect(deleteWidget(doc, "nope")).toBe(doc);
  });
});

describe("field updates", () => {
  it("sets a field by path and shares untouched widgets", () => {
    const doc = docWith("title_row", "subtitle_row");
    const id = doc.widgets[0]!.id;
    const next = updateWidgetField(doc, id, ["title_row", "text"], "سلام");
    expect(getAtPath(next.widgets[0]!.widget, ["title_row", "text"])).toBe("سلام");
    expect(next.widgets[1]).toBe(doc.widgets[1]);
    expect(getAtPath(doc.widgets[0]!.widget, ["title_row", "text"])).not.toBe("سلام");
  });

  it("removes an optional field when set to undefined, and returns the same document for no change", () => {
    const doc = docWith("score_row");
    const id = doc.widgets[0]!.id;
    const next = updateWidgetField(doc, id, ["score_row", "score_color"], undefined);
    expect(Object.keys((next.widgets[0]!.widget as Record<string, object>).score_row!)).not.toContain(
      "score_color",
    );
    const same = updateWidgetField(
      next,
      id,
      ["score_row", "title"],
      getAtPath(next.widgets[0]!.widget, ["score_row", "title"]),
    );
    expect(same).toBe(next);
  });

  it("creates missing containers and removes list items", () => {
    expect(setAtPath({}, ["a", "b"], 1)).toEqual({ a: { b: 1 } });
    expect(setAtPath({ l: [1, 2, 3] }, ["l", 1], undefined)).toEqual({ l: [1, 3] });
  });

  it("renames a key in its place with its value; a null under the new name counts as absent", () => {
    const w = { title_row: { has_dividr: true, text: "x" } };
    const renamed = renameKeyAt(w, ["title_row", "has_dividr"], "has_divider");
    expect(renamed).toEqual({ title_row: { has_divider: true, text: "x" } });
    expect(Object.keys(getAtPath(renamed, ["title_row"]) as object)).toEqual(["has_divider", "text"]);
    const withNull = { text: "x", has_divider: null, has_dividr: true };
    expect(renameKeyAt(withNull, ["has_dividr"], "has_divider")).toEqual({ text: "x", has_divider: true });
    // A value already there is never overwritten; a missing key changes nothing.
    const taken = { has_divider: false, has_dividr: true };
    expect(renameKeyAt(taken, ["has_dividr"], "has_divider")).toBe(taken);
    expect(renameKeyAt(w, ["title_row", "nope"], "text")).toBe(w);
  });

  it("removes a null instead of renaming it (not set under either name), unless asked to keep it", () => {
    const w = { title_row: { text: "x", hasDivider: null } };
    expect(renameKeyAt(w, ["title_row", "hasDivider"], "has_divider")).toEqual({ title_row: { text: "x" } });
    expect(renameKeyAt({ titleRow: null }, ["titleRow"], "title_row", true)).toEqual({ title_row: null });
  });

  it("edits document fields and keeps the other kind's fields when switching kind", () => {
    let doc = updateDocumentField(emptyDocument("post"), ["notes"], "یادداشت");
    doc = setDocumentKind(doc, "user");
    doc = updateDocumentField(doc, ["cost"], 5000);
    expect(exportBody(doc, [])).toEqual({ widgets: [], cost: 5000 });
    expect(hiddenFields(doc)).toEqual(["notes"]);
    doc = setDocumentKind(doc, "post");
    expect(exportBody(doc, [])).toEqual({ widgets: [], notes: "یادداشت" });
  });
});

describe("semantic operations", () => {
  it("adds, renames in place, and removes keys (the map editor's operations on the semantic field)", () => {
    const set = (doc: ReturnType<typeof emptyDocument>, map: unknown) =>
      updateDocumentField(doc, ["semantic"], map);
    let doc = set(emptyDocument(), mapSet(mapSet(undefined, "status", "SUCCEEDED"), "VIN", "abc"));
    doc = set(doc, mapRename(doc.fields.semantic, "status", "inspection_result"));
    expect(Object.keys(doc.fields.semantic as object)).toEqual(["inspection_result", "VIN"]);
    expect(mapRename(doc.fields.semantic, "VIN", "inspection_result")).toBeUndefined();
    doc = set(doc, mapRemove(doc.fields.semantic, "VIN"));
    doc = set(doc, mapRemove(doc.fields.semantic, "inspection_result"));
    expect(doc.fields.semantic).toBeUndefined();
  });

  it("refuses an empty key and finds a fresh one", () => {
    expect(mapRename({ a: "1" }, "a", "")).toBeUndefined();
    expect(freshKey({ key: "1", key_2: "2" }, "key")).toBe("key_3");
  });
});

describe("export", () => {
  it("exports no editor ids and keeps unknown fields so validation can report them", () => {
    const doc = documentFromBody("post", { widgets: [], notes: "n", extra: 1 }, [
      { title_row: { text: "x" } },
    ]);
    const body = exportBody(
      doc,
      doc.widgets.map((w) => w.widget),
    );
    expect(body).toEqual({ widgets: [{ title_row: { text: "x" } }], notes: "n", extra: 1 });
    expect(JSON.stringify(body)).not.toContain(doc.widgets[0]!.id);
  });
});
