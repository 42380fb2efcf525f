import { isRecord } from "../../platform/json";
import type { Widget } from "../../platform/widgets";
import { putInTab, type TabStore, takeFromTab } from "../drafts/tab-slot";
import type { EditorDocument, EditorWidget } from "../store/document";

/*
 * The undo history over a reload of the tab: the way back from the platform's consent page (publish,
 * send, subscribe while signed out), a sign-out, F5. The draft itself is saved apart; this keeps its
 * steps, in the tab's own storage (sessionStorage: per tab, gone with it), written as the page is left
 * and taken back once when it opens again on the same draft, unchanged since.
 *
 * Steps share most of their widgets (an edit changes one), so widgets and field sets are stored once
 * each and the documents name them by number.
 */

const KEY = "addon-studio:undo-history";

/** Past this many characters the oldest steps are left out (the tab's storage holds ~5 MB in all). */
export const KEPT_HISTORY_MAX_CHARS = 2_000_000;

interface History {
  doc: EditorDocument;
  past: readonly EditorDocument[];
  future: readonly EditorDocument[];
}

/** The history as text: the draft, the widgets and field sets once each, each document by number. */
function encode(draftId: string, h: History): string {
  const widgetIndex = new Map<EditorWidget, number>();
  const widgets: [string, Widget][] = [];
  const fieldIndex = new Map<object, number>();
  const fields: object[] = [];
  const docs = [...h.past, h.doc, ...h.future].map((d) => {
    let f = fieldIndex.get(d.fields);
    if (f === undefined) {
      f = fields.push(d.fields) - 1;
      fieldIndex.set(d.fields, f);
    }
    const ws = d.widgets.map((w) => {
      let i = widgetIndex.get(w);
      if (i === undefined) {
        i = widgets.push([w.id, w.widget]) - 1;
        widgetIndex.set(w, i);
      }
      return i;
    });
    return [d.kind, f, ws];
  });
  return JSON.stringify({ v: 1, draftId, widgets, fields, docs, past: h.past.length });
}

/**
 * Writes the history of draft `draftId` to the tab's storage (best effort), leaving out the oldest
 * steps when it is too large; clears it when there is nothing to undo or redo.
 */
export function keepHistory(tab: TabStore | null, draftId: string, h: History): void {
  let past = h.past;
  while (past.length > 0 || h.future.length > 0) {
    const text = encode(draftId, { ...h, past });
    if (text.length <= KEPT_HISTORY_MAX_CHARS) {
      putInTab(tab, KEY, text);
      return;
    }
    if (past.length === 0) break;
    past = past.slice(Math.ceil(past.length / 2));
  }
  putInTab(tab, KEY, undefined);
}

/** Two documents with the same kind, fields and widgets (ids and content). */
function sameContent(a: EditorDocument, b: EditorDocument): boolean {
  return (
    a.kind === b.kind &&
    JSON.stringify(a.fields) === JSON.stringify(b.fields) &&
    JSON.stringify(a.widgets) === JSON.stringify(b.widgets)
  );
}

/** Reads a stored document `[kind, fields, widgets]` against the tables; undefined when it does not read. */
function decodeDoc(
  raw: unknown,
  widgets: readonly EditorWidget[],
  fields: readonly Record<string, unknown>[],
): EditorDocument | undefined {
  if (!Array.isArray(raw) || raw.length !== 3) return undefined;
  const [kind, f, ws] = raw as unknown[];
  const fieldSet = typeof f === "number" ? fields[f] : undefined;
  if ((kind !== "post" && kind !== "user") || !fieldSet || !Array.isArray(ws)) return undefined;
  const list: EditorWidget[] = [];
  for (const i of ws) {
    const w = typeof i === "number" ? widgets[i] : undefined;
    if (!w) return undefined;
    list.push(w);
  }
  return { kind, fields: fieldSet, widgets: list };
}

/**
 * Takes back (once: it is cleared) the history kept for draft `draftId`, if the document it ends on
 * is `doc` as the draft opened. Its widgets that `doc` holds are `doc`'s own objects, so an undo
 * redraws only what it changes.
 */
export function takeHistory(
  tab: TabStore | null,
  draftId: string,
  doc: EditorDocument,
): { past: EditorDocument[]; future: EditorDocument[] } | undefined {
  const json = takeFromTab(tab, KEY);
  if (!isRecord(json) || json.v !== 1 || json.draftId !== draftId) return undefined;
  const { widgets: rawWidgets, fields: rawFields, docs: rawDocs, past } = json;
  if (!Array.isArray(rawWidgets) || !Array.isArray(rawFields) || !Array.isArray(rawDocs)) return undefined;
  if (typeof past !== "number" || past < 0 || past >= rawDocs.length) return undefined;
  const widgets: EditorWidget[] = [];
  for (const w of rawWidgets) {
    if (!Array.isArray(w) || typeof w[0] !== "string" || !isRecord(w[1])) return undefined;
    // Kept as the user left it, valid or not, as a draft keeps it; validation reports the rest.
    widgets.push({ id: w[0], widget: w[1] as Widget });
  }
  const fields = rawFields.filter(isRecord);
  if (fields.length !== rawFields.length) return undefined;
  const current = decodeDoc(rawDocs[past], widgets, fields);
  if (!current || !sameContent(current, doc)) return undefined;
  // The open draft's own widget objects stand for the same ones in every step.
  const own = new Map(current.widgets.map((w, i) => [w, doc.widgets[i] ?? w]));
  const docs: EditorDocument[] = [];
  for (const raw of rawDocs) {
    const d = decodeDoc(raw, widgets, fields);
    if (!d) return undefined;
    docs.push({
      ...d,
      fields: d.fields === current.fields ? doc.fields : d.fields,
      widgets: d.widgets.map((w) => own.get(w) ?? w),
    });
  }
  return { past: docs.slice(0, past), future: docs.slice(past + 1) };
}
