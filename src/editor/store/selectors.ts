import { type PathSegment, type Problem, problem } from "../../platform/problems";
import type { Widget } from "../../platform/widgets";
import { type Contract, loadedContract } from "../contract/contract-gate";
import { withCostText } from "./cost-text";
import {
  type DocumentKind,
  type EditorDocument,
  type EditorWidget,
  exportBody,
  indexOfWidget,
} from "./document";
import type { EditorState } from "./editor-store";

// Memoised per object: an edit copies only the objects on its path, so everything else hits the cache.
const widgetsCache = new WeakMap<readonly EditorWidget[], readonly Widget[]>();
const idsCache = new WeakMap<readonly EditorWidget[], readonly string[]>();
const exportWidgetsCache = new WeakMap<readonly EditorWidget[], readonly object[]>();
const exportWidgetCache = new WeakMap<Widget, object>();
// Until the contract is here nulls cannot be told apart (optional or not): that body has its own cache.
const bodyCache = new WeakMap<EditorDocument, Record<string, unknown>>();
const rawBodyCache = new WeakMap<EditorDocument, Record<string, unknown>>();
const rawProblemsCache = new WeakMap<object, readonly Problem[]>();
const widgetProblemsCache = new WeakMap<object, { index: number; problems: readonly Problem[] }>();
const fieldProblemsCache = new WeakMap<
  Readonly<Record<string, unknown>>,
  Map<DocumentKind, readonly Problem[]>
>();
const problemsCache = new WeakMap<EditorDocument, Problems>();
const selectedCache = new WeakMap<EditorWidget, { item: EditorWidget; index: number }>();

/** The widgets as exported (no editor ids). */
export function selectWidgets(state: Pick<EditorState, "doc">): readonly Widget[] {
  const list = state.doc.widgets;
  let out = widgetsCache.get(list);
  if (!out) {
    out = list.map((w) => w.widget);
    widgetsCache.set(list, out);
  }
  return out;
}

let lastIds: readonly string[] = [];

/**
 * The editor ids of the widgets, in order (for React keys and sortable ids). The same array while
 * the ids are the same (a keystroke makes a new widgets array, not new ids), so the list's sortable
 * context, the preview and the problems keep theirs.
 */
export function selectWidgetIds(state: Pick<EditorState, "doc">): readonly string[] {
  const list = state.doc.widgets;
  let out = idsCache.get(list);
  if (!out) {
    const ids = list.map((w) => w.id);
    const same = ids.length === lastIds.length && ids.every((id, i) => id === lastIds[i]);
    out = same ? lastIds : ids;
    lastIds = out;
    idsCache.set(list, out);
  }
  return out;
}

/**
 * The widgets as exported: without the nulls on optional fields, which the platform reads as "not
 * set" (decisions: nulls are never exported). Memoised per widget; a widget without one is itself.
 */
export function selectExportWidgets(state: Pick<EditorState, "doc">): readonly object[] {
  const contract = loadedContract();
  if (!contract) return selectWidgets(state);
  const list = state.doc.widgets;
  let out = exportWidgetsCache.get(list);
  if (!out) {
    out = list.map((w) => {
      let e = exportWidgetCache.get(w.widget);
      if (!e) {
        e = contract.exportWidget(w.widget);
        exportWidgetCache.set(w.widget, e);
      }
      return e;
    });
    exportWidgetsCache.set(list, out);
  }
  return out;
}

/**
 * The v2 JSON body the document exports (no editor ids or state, no nulls on optional fields): what
 * the JSON panel shows, copies and downloads, the share link carries and Publish sends.
 */
export function selectExportBody(state: Pick<EditorState, "doc">): Record<string, unknown> {
  const contract = loadedContract();
  const cache = contract ? bodyCache : rawBodyCache;
  let body = cache.get(state.doc);
  if (!body) {
    body = exportBody(state.doc, selectExportWidgets(state));
    if (contract) body = contract.exportFields(state.doc.kind, body);
    cache.set(state.doc, body);
  }
  return body;
}

/** Post or user add-on. */
export function selectDocumentKind(state: Pick<EditorState, "doc">): DocumentKind {
  return state.doc.kind;
}

/**
 * The problems of one widget with paths relative to the widget, memoised per widget object: the
 * same array wherever the widget moves (list rows count errors from it, so a move re-renders none).
 */
export function widgetFindings(widget: Widget): readonly Problem[] {
  let raw = rawProblemsCache.get(widget);
  if (!raw) {
    // Until the contract's chunk is here nothing is known (and nothing cached): rows show no count.
    const contract = loadedContract();
    if (!contract) return NONE;
    raw = contract.validateWidget(widget, []);
    rawProblemsCache.set(widget, raw);
  }
  return raw;
}

/** The problems of one widget at position `index`, memoised per widget object. */
export function widgetProblems(widget: Widget, index: number): readonly Problem[] {
  const hit = widgetProblemsCache.get(widget);
  if (hit && hit.index === index) return hit.problems;
  if (!loadedContract()) return NONE;
  const raw = widgetFindings(widget);
  // A move changes only the index: re-prefix the cached findings instead of validating again.
  const problems = raw.map((p) =>
    problem(["widgets", index, ...p.path], p.message, p.severity, p.code, p.rename),
  );
  widgetProblemsCache.set(widget, { index, problems });
  return problems;
}

/** Problems of everything but the widgets (semantic, notes, categories, ticket_uuid, cost, unknown keys). */
function fieldProblems(contract: Contract, doc: EditorDocument): readonly Problem[] {
  let byKind = fieldProblemsCache.get(doc.fields);
  if (!byKind) {
    byKind = new Map();
    fieldProblemsCache.set(doc.fields, byKind);
  }
  let out = byKind.get(doc.kind);
  if (!out) {
    // The fields as they are, nulls included: the export leaves those out, the warning says so.
    const res = contract.validateBody(doc.kind, exportBody(doc, []));
    out = [...res.errors, ...res.warnings].filter((p) => p.code !== "no_widgets");
    byKind.set(doc.kind, out);
  }
  return out;
}

/** All problems of the document, errors first. */
export interface Problems {
  errors: readonly Problem[];
  warnings: readonly Problem[];
  /** Per widget id: its problems (only widgets that have some). */
  byWidget: ReadonlyMap<string, readonly Problem[]>;
  /** Problems outside the widgets. */
  document: readonly Problem[];
  /** True while the contract is loading: nothing is known yet (never read it as "no problems"). */
  pending?: true;
}

const NONE: readonly Problem[] = [];
const PENDING: Problems = {
  errors: NONE,
  warnings: NONE,
  byWidget: new Map(),
  document: NONE,
  pending: true,
};

/**
 * Validation of the whole document, per widget memoised (typing re-validates one widget), with the
 * cost field's text that is not a number (`costText`) as an error of its own (cost-text.ts).
 */
export function selectProblems(
  state: Pick<EditorState, "doc"> & Partial<Pick<EditorState, "costText">>,
): Problems {
  const base = documentProblems(state.doc);
  const text = state.costText;
  if (text == null || base.pending || state.doc.kind !== "user") return base;
  return withCostText(base, text, state.doc.fields.cost);
}

function documentProblems(doc: EditorDocument): Problems {
  const hit = problemsCache.get(doc);
  if (hit) return hit;
  const contract = loadedContract();
  if (!contract) return PENDING;
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const byWidget = new Map<string, readonly Problem[]>();
  const document: Problem[] = [...fieldProblems(contract, doc)];
  if (doc.widgets.length === 0)
    document.push(problem(["widgets"], contract.NO_WIDGETS_MESSAGE, "warning", "no_widgets"));
  doc.widgets.forEach((w, i) => {
    const list = widgetProblems(w.widget, i);
    if (list.length) byWidget.set(w.id, list);
    for (const p of list) (p.severity === "error" ? errors : warnings).push(p);
  });
  for (const p of document) (p.severity === "error" ? errors : warnings).push(p);
  const out: Problems = { errors, warnings, byWidget, document };
  problemsCache.set(doc, out);
  return out;
}

/** The selected widget with its index, or undefined. */
export function selectSelectedWidget(
  state: Pick<EditorState, "doc" | "selectedId">,
): { item: EditorWidget; index: number } | undefined {
  if (!state.selectedId) return undefined;
  const index = indexOfWidget(state.doc, state.selectedId);
  const item = state.doc.widgets[index];
  if (!item) return undefined;
  // The same object while the widget and its place are unchanged, so subscribers do not re-render.
  const hit = selectedCache.get(item);
  if (hit && hit.index === index) return hit;
  const value = { item, index };
  selectedCache.set(item, value);
  return value;
}

/** The post the publish panel publishes to (from `?post_token=`), or null. */
export function selectPublishTarget(state: Pick<EditorState, "postToken">): string | null {
  return state.postToken;
}

/** True when an undo step is available. */
export function selectCanUndo(state: Pick<EditorState, "past">): boolean {
  return state.past.length > 0;
}

/** True when a redo step is available. */
export function selectCanRedo(state: Pick<EditorState, "future">): boolean {
  return state.future.length > 0;
}

/**
 * The id of a widget's row button in the list (focus moves between rows with the arrow keys). Here,
 * beside `fieldId`, so the inspector can focus a row without importing the list (canvas/).
 */
export function rowButtonId(id: string): string {
  return `row:${id}`;
}

/** The id of the HTML control that edits the value at `path` (problems focus it). */
export function fieldId(path: readonly PathSegment[]): string {
  return `field:${path.map(String).join("/")}`;
}
