import { v4 as uuidv4 } from "uuid";
import { isRecord } from "../../platform/json";
import type { PathSegment } from "../../platform/problems";
import type { Widget } from "../../platform/widgets";
import { newWidgetObject } from "../../widgets/catalog";
import type { WidgetKind } from "../../widgets/registry";
import { getAtPath, renameKeyAt, setAtPath } from "./json-paths";

/**
 * The most widgets a document holds: what an import (a file, a paste, a share link) may bring, and
 * where adding, duplicating and dropping from the palette stop. Measured in Chromium: 500 widgets
 * edit smoothly, 2,000 take ~0.5 s per structural edit, 5,000 freeze the tab for tens of seconds on
 * each edit.
 */
export const MAX_WIDGETS = 2000;

/** What a user is told who adds a widget to a document that holds `MAX_WIDGETS`. */
export const FULL_MESSAGE = `The add-on has ${MAX_WIDGETS.toLocaleString("en")} widgets, the most the studio opens: delete one to add another.`;

/** Whether another widget may be added to `doc` (`MAX_WIDGETS`). */
export function hasRoomFor(doc: EditorDocument): boolean {
  return doc.widgets.length < MAX_WIDGETS;
}

/** Which body a document exports: a post add-on or a user add-on. */
export type DocumentKind = "post" | "user";

/** A widget as the editor holds it: the exported JSON plus an editor-only id (never exported). */
export interface EditorWidget {
  readonly id: string;
  readonly widget: Widget;
}

/**
 * The document being edited. `fields` holds every body field except `widgets` (semantic, notes,
 * categories, ticket_uuid, cost, and anything unknown an import brought). Fields of the other kind
 * are kept when the kind is switched, so switching back loses nothing; the export leaves them out.
 */
export interface EditorDocument {
  readonly kind: DocumentKind;
  readonly widgets: readonly EditorWidget[];
  readonly fields: Readonly<Record<string, unknown>>;
}

/** The body fields each kind accepts besides widgets (spec 2.10, 2.11). */
export const KIND_FIELDS: Record<DocumentKind, readonly string[]> = {
  post: ["semantic", "notes"],
  user: ["categories", "ticket_uuid", "cost", "semantic"],
};

const ALL_KNOWN_FIELDS = new Set([...KIND_FIELDS.post, ...KIND_FIELDS.user]);

/**
 * A new random id (UUID v4). `crypto.randomUUID` exists only in secure contexts (https, localhost):
 * a studio served over plain http to other machines (HOST=0.0.0.0) has `getRandomValues`, which the
 * uuid package falls back to.
 */
export function newId(): string {
  return uuidv4();
}

/** Wraps a widget with a fresh editor id. */
export function wrapWidget(widget: Widget): EditorWidget {
  return { id: newId(), widget };
}

/** An empty document of `kind`. */
export function emptyDocument(kind: DocumentKind = "post"): EditorDocument {
  return { kind, widgets: [], fields: {} };
}

/** The index of the widget with `id`, or -1. */
export function indexOfWidget(doc: EditorDocument, id: string): number {
  const last = lastFound;
  if (last && last.widgets === doc.widgets && last.id === id) return last.index;
  const index = doc.widgets.findIndex((w) => w.id === id);
  lastFound = { widgets: doc.widgets, id, index };
  return index;
}

/**
 * The last answer of `indexOfWidget`: after an edit, every subscriber that reads the selected widget
 * asks for the same id in the same list (~25 searches of each edit, 0.25 ms at 2,000 widgets).
 */
let lastFound: { widgets: readonly EditorWidget[]; id: string; index: number } | undefined;

function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(length, Math.trunc(index)));
}

function withWidgets(doc: EditorDocument, widgets: readonly EditorWidget[]): EditorDocument {
  return { ...doc, widgets };
}

/** Inserts `item` at `index` (clamped to the list). */
export function insertWidget(doc: EditorDocument, index: number, item: EditorWidget): EditorDocument {
  const i = clampIndex(index, doc.widgets.length);
  const widgets = [...doc.widgets];
  widgets.splice(i, 0, item);
  return withWidgets(doc, widgets);
}

/** A new widget of `kind` with its starting value (a valid widget of that kind). */
export function newWidget(kind: WidgetKind): Widget {
  // A kind's starting value is a valid widget of that kind (test/unit/widget-metas.test.ts): the
  // zod-free catalog builds it, so adding works before the contract's chunk has arrived.
  return newWidgetObject(kind) as Widget;
}

/** Inserts a new widget of `kind` (the model's defaults) at `index`; returns the document and the new id. */
export function insertNewWidget(
  doc: EditorDocument,
  index: number,
  kind: WidgetKind,
): { doc: EditorDocument; id: string } {
  const item = wrapWidget(newWidget(kind));
  return { doc: insertWidget(doc, index, item), id: item.id };
}

/** Moves the widget at `from` to `to` (both clamped); the same document when nothing moves. */
export function moveWidget(doc: EditorDocument, from: number, to: number): EditorDocument {
  const n = doc.widgets.length;
  if (from < 0 || from >= n) return doc;
  const target = Math.max(0, Math.min(n - 1, Math.trunc(to)));
  if (target === from) return doc;
  const widgets = [...doc.widgets];
  const [item] = widgets.splice(from, 1);
  if (!item) return doc;
  widgets.splice(target, 0, item);
  return withWidgets(doc, widgets);
}

/** Puts a deep copy of widget `id` right after it, with a new id; returns the new id too. */
export function duplicateWidget(doc: EditorDocument, id: string): { doc: EditorDocument; id?: string } {
  const i = indexOfWidget(doc, id);
  const item = doc.widgets[i];
  if (!item) return { doc };
  const copy = wrapWidget(structuredClone(item.widget));
  return { doc: insertWidget(doc, i + 1, copy), id: copy.id };
}

/** Removes widget `id`. */
export function deleteWidget(doc: EditorDocument, id: string): EditorDocument {
  const i = indexOfWidget(doc, id);
  if (i < 0) return doc;
  return withWidgets(
    doc,
    doc.widgets.filter((w) => w.id !== id),
  );
}

/**
 * Sets a field of widget `id` by a path relative to the widget object, e.g.
 * ["title_row", "text"]; `undefined` removes the field.
 */
export function updateWidgetField(
  doc: EditorDocument,
  id: string,
  path: readonly PathSegment[],
  value: unknown,
): EditorDocument {
  if (path.length === 0) return doc;
  return editWidget(doc, id, (w) => (getAtPath(w, path) === value ? w : setAtPath(w, path, value)));
}

/**
 * Renames the key at `path` (relative to widget `id`) to `to`, keeping its value and place; a null
 * field is removed instead (renameKeyAt), but a null widget key is renamed (it stays an error).
 */
export function renameWidgetKey(
  doc: EditorDocument,
  id: string,
  path: readonly PathSegment[],
  to: string,
): EditorDocument {
  return editWidget(doc, id, (w) => renameKeyAt(w, path, to, path.length === 1));
}

/** `doc` with widget `id` replaced by `edit` of it, keeping its id; `doc` itself when nothing changed. */
function editWidget(doc: EditorDocument, id: string, edit: (widget: Widget) => unknown): EditorDocument {
  const i = indexOfWidget(doc, id);
  const item = doc.widgets[i];
  if (!item) return doc;
  const widget = edit(item.widget);
  if (widget === item.widget || !isRecord(widget)) return doc;
  const widgets = [...doc.widgets];
  // The widget stays an object with the same keys plus the edit; its shape is checked by validation.
  widgets[i] = { id: item.id, widget: widget as Widget };
  return withWidgets(doc, widgets);
}

/** Renames a document-level key (e.g. semantc -> semantic), keeping its value and place. */
export function renameDocumentKey(
  doc: EditorDocument,
  path: readonly PathSegment[],
  to: string,
): EditorDocument {
  const fields = renameKeyAt(doc.fields, path, to);
  return fields === doc.fields || !isRecord(fields) ? doc : { ...doc, fields };
}

/** Sets a document-level field (semantic, notes, categories, ticket_uuid, cost...); `undefined` removes it. */
export function updateDocumentField(
  doc: EditorDocument,
  path: readonly PathSegment[],
  value: unknown,
): EditorDocument {
  if (path.length === 0) return doc;
  if (getAtPath(doc.fields, path) === value) return doc;
  const fields = setAtPath(doc.fields, path, value);
  return { ...doc, fields: isRecord(fields) ? fields : {} };
}

/** Switches the exported kind; fields of the other kind are kept (not exported) so nothing is lost. */
export function setDocumentKind(doc: EditorDocument, kind: DocumentKind): EditorDocument {
  return doc.kind === kind ? doc : { ...doc, kind };
}

/** Ordered key/value entries of a string map held at `path` of the document or a widget. */
export type Entries = ReadonlyArray<readonly [string, string]>;

/** The string entries of a map value (non-string values are shown as JSON so they can be fixed). */
export function mapEntries(value: unknown): Entries {
  if (!isRecord(value)) return [];
  return Object.entries(value).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)] as const);
}

/** A copy of a map with `key` set to `value` (added at the end when new). */
export function mapSet(map: unknown, key: string, value: string): Record<string, unknown> {
  return { ...(isRecord(map) ? map : {}), [key]: value };
}

/** A copy of a map without `key`; undefined when the map would be empty (the field is then left out). */
export function mapRemove(map: unknown, key: string): Record<string, unknown> | undefined {
  const out = { ...(isRecord(map) ? map : {}) };
  delete out[key];
  return Object.keys(out).length ? out : undefined;
}

/** A key not yet used in `map`, e.g. key, key_2, key_3. */
export function freshKey(map: unknown, base: string): string {
  const src = isRecord(map) ? map : {};
  if (!Object.hasOwn(src, base)) return base;
  for (let n = 2; ; n++) if (!Object.hasOwn(src, `${base}_${n}`)) return `${base}_${n}`;
}

/** The export body of a document: the v2 JSON, without editor ids, fields of the other kind left out. */
export function exportBody(doc: EditorDocument, widgets: readonly object[]): Record<string, unknown> {
  const body: Record<string, unknown> = { widgets };
  const other = KIND_FIELDS[doc.kind === "post" ? "user" : "post"];
  for (const key of KIND_FIELDS[doc.kind]) if (doc.fields[key] !== undefined) body[key] = doc.fields[key];
  // Unknown fields an import brought are exported so validation reports them and nothing is hidden.
  for (const [key, value] of Object.entries(doc.fields))
    if (!ALL_KNOWN_FIELDS.has(key) && !other.includes(key) && value !== undefined) body[key] = value;
  return body;
}

/** The fields that are kept but not exported because they belong to the other kind. */
export function hiddenFields(doc: EditorDocument): string[] {
  const mine = new Set(KIND_FIELDS[doc.kind]);
  return Object.keys(doc.fields).filter(
    (k) => ALL_KNOWN_FIELDS.has(k) && !mine.has(k) && doc.fields[k] !== undefined,
  );
}

/** Builds a document from a body's JSON (already known to be an object with a widgets array of objects). */
export function documentFromBody(
  kind: DocumentKind,
  body: Record<string, unknown>,
  widgets: ReadonlyArray<Record<string, unknown>>,
): EditorDocument {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (k !== "widgets") fields[k] = v;
  // Imported widgets may break the contract; they are kept as they are so the user can fix them.
  return { kind, widgets: widgets.map((w) => wrapWidget(w as Widget)), fields };
}
