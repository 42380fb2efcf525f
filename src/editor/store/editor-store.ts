import { createStore } from "zustand/vanilla";
import type { PathSegment, WidgetKind } from "../../platform";
import {
  type DocumentKind,
  deleteWidget,
  duplicateWidget,
  type EditorDocument,
  emptyDocument,
  hasRoomFor,
  indexOfWidget,
  insertNewWidget,
  moveWidget,
  renameDocumentKey,
  renameWidgetKey,
  setDocumentKind,
  updateDocumentField,
  updateWidgetField,
} from "./document";
import type { DragMove, PaletteDrop } from "./drag-state";
import { historyWeights, keepSelection } from "./undo-history";

export type { DragMove, PaletteDrop } from "./drag-state";
export { HISTORY_LIMIT, HISTORY_WIDGET_BUDGET } from "./undo-history";

/** How a write enters the undo history. */
export type UndoPolicy =
  /** A new undo step. */
  | { record: true }
  /** Typing: merged into the previous step when that step had the same key (one field). */
  | { coalesce: string }
  /** Not undoable (loading a draft replaces the history instead). */
  | { skip: true };

/** The inspector's tabs. */
export type InspectorTab = "widget" | "document";

/** A request to move keyboard focus to the field whose id is derived from a JSON path. */
export interface FocusRequest {
  path: readonly PathSegment[];
  /** Changes on every request, so asking twice for the same field focuses it twice. */
  nonce: number;
}

/** Everything the editor keeps: the document, its history, and UI state (outside history). */
export interface EditorState {
  doc: EditorDocument;
  past: readonly EditorDocument[];
  future: readonly EditorDocument[];
  /** The key of the step typing is currently merged into; null ends merging. */
  coalesceKey: string | null;
  selectedId: string | null;
  focusRequest: FocusRequest | null;
  /** Which inspector tab shows: the selected widget or the document's own fields. */
  inspectorTab: InspectorTab;
  /** The post an add-on is published to, from `?post_token=` (read by the publish panel). */
  postToken: string | null;
  /** The list's drag in progress, or null. */
  dragMove: DragMove | null;
  /** The palette drag's place in the list, or null (not dragging one, or not over the list). */
  paletteDrop: PaletteDrop | null;
  /**
   * The cost field's text while it is not a number (the document keeps its last number meanwhile):
   * an error in the problems and a block on publishing, so what is sent is what the field shows.
   */
  costText: string | null;
  /** Counts documents loaded (a draft opened, a new one started): fields' own state starts over. */
  loads: number;

  /** The one write path: applies a new document under an undo policy. */
  commit: (next: EditorDocument, policy: UndoPolicy) => void;
  undo: () => void;
  redo: () => void;
  /** Ends typing coalescing (called when a field loses focus), so the next edit is a new step. */
  endTyping: () => void;
  /** Replaces the document and clears history (loading a draft or a shared link). */
  load: (doc: EditorDocument) => void;
  /** Replaces the document as one undoable step (an import, a JSON edit; bounded: undo-history.ts). */
  replace: (doc: EditorDocument) => void;
  /**
   * Takes the same draft as another tab saved it: history starts again (its steps lead back to a
   * document the other tab has moved on from), the selection stays while its widget does.
   */
  adopt: (doc: EditorDocument) => void;
  /** Puts back the undo and redo steps kept over a reload of the tab (the document stays). */
  restoreHistory: (past: readonly EditorDocument[], future: readonly EditorDocument[]) => void;

  select: (id: string | null) => void;
  /** Shows the field at `path` (a body path): selects its widget, switches the tab, focuses it. */
  requestFocus: (path: readonly PathSegment[]) => void;
  setInspectorTab: (tab: InspectorTab) => void;
  setPostToken: (token: string | null) => void;
  /** Records (or clears) the widget-list drag in progress. */
  setDragMove: (move: DragMove | null) => void;
  setPaletteDrop: (drop: PaletteDrop | null) => void;
  /** Records the cost field's text that is not a number, or clears it (null). */
  setCostText: (text: string | null) => void;

  /** Adds a widget of `kind` after the selection (or at the end), selects it and returns its id; null when full (`MAX_WIDGETS`). */
  addWidget: (kind: WidgetKind, index?: number) => string | null;
  moveWidget: (from: number, to: number) => void;
  /** Duplicates widget `id` and selects the copy; nothing when full (`MAX_WIDGETS`). */
  duplicateWidget: (id: string) => void;
  deleteWidget: (id: string) => void;
  /** Edits one widget field; typing in the same field is one undo step. */
  setWidgetField: (id: string, path: readonly PathSegment[], value: unknown, typing?: boolean) => void;
  /** Edits one document field (semantic, notes, ...); typing in the same field is one undo step. */
  setDocumentField: (path: readonly PathSegment[], value: unknown, typing?: boolean) => void;
  /** Renames a key of widget `id` (path relative to the widget), or of the document without an id. */
  renameKey: (id: string | null, path: readonly PathSegment[], to: string) => void;
  setKind: (kind: DocumentKind) => void;
}

/** Options for a new store. */
export interface EditorStoreOptions {
  doc?: EditorDocument;
  postToken?: string | null;
}

/** Creates an editor store (one per editor; tests make a fresh one each). */
export function createEditorStore(options: EditorStoreOptions = {}) {
  let focusNonce = 0;
  const weights = historyWeights();
  return createStore<EditorState>()((set, get) => ({
    doc: options.doc ?? emptyDocument(),
    past: [],
    future: [],
    coalesceKey: null,
    selectedId: null,
    focusRequest: null,
    inspectorTab: "widget",
    postToken: options.postToken ?? null,
    dragMove: null,
    paletteDrop: null,
    costText: null,
    loads: 0,

    commit(next, policy) {
      const s = get();
      if (next === s.doc) return;
      if ("skip" in policy) {
        set({ doc: next, coalesceKey: null });
        return;
      }
      if ("coalesce" in policy && s.coalesceKey === policy.coalesce) {
        set({ doc: next, future: [] });
        return;
      }
      const past = [...s.past, s.doc];
      weights.trim(past);
      set({ doc: next, past, future: [], coalesceKey: "coalesce" in policy ? policy.coalesce : null });
    },
    undo() {
      const s = get();
      const prev = s.past[s.past.length - 1];
      if (!prev) return;
      set({
        doc: prev,
        past: s.past.slice(0, -1),
        future: [s.doc, ...s.future],
        coalesceKey: null,
        selectedId: keepSelection(s.doc, prev, s.selectedId),
      });
    },
    redo() {
      const s = get();
      const next = s.future[0];
      if (!next) return;
      set({
        doc: next,
        past: [...s.past, s.doc],
        future: s.future.slice(1),
        coalesceKey: null,
        selectedId: keepSelection(s.doc, next, s.selectedId, "redo"),
      });
    },
    endTyping() {
      if (get().coalesceKey !== null) set({ coalesceKey: null });
    },
    load(doc) {
      const loads = get().loads + 1;
      set({ doc, past: [], future: [], coalesceKey: null, selectedId: doc.widgets[0]?.id ?? null, loads });
    },
    replace(doc) {
      weights.markReplaced(get().doc, doc);
      get().commit(doc, { record: true });
      set({ selectedId: doc.widgets[0]?.id ?? null });
    },
    restoreHistory(past, future) {
      const kept = [...past];
      weights.trim(kept);
      set({ past: kept, future, coalesceKey: null });
    },
    adopt(doc) {
      const { selectedId } = get();
      const keep = selectedId !== null && indexOfWidget(doc, selectedId) >= 0;
      set({ doc, past: [], future: [], coalesceKey: null, selectedId: keep ? selectedId : null });
    },

    select(id) {
      if (get().selectedId !== id) set({ selectedId: id, coalesceKey: null, inspectorTab: "widget" });
      else if (get().inspectorTab !== "widget") set({ inspectorTab: "widget" });
    },
    requestFocus(path) {
      focusNonce += 1;
      const s = get();
      const index = path[0] === "widgets" ? path[1] : undefined;
      const item = typeof index === "number" ? s.doc.widgets[index] : undefined;
      if (item) set({ selectedId: item.id, inspectorTab: "widget", coalesceKey: null });
      else if (path[0] !== "widgets") set({ inspectorTab: "document", coalesceKey: null });
      set({ focusRequest: { path: [...path], nonce: focusNonce } });
    },
    setInspectorTab(tab) {
      set({ inspectorTab: tab });
    },
    setPostToken(token) {
      set({ postToken: token });
    },
    setCostText(text) {
      if (text !== get().costText) set({ costText: text });
    },
    setDragMove(move) {
      const now = get().dragMove;
      if (move === now) return;
      if (move && now && move.id === now.id && move.from === now.from && move.to === now.to) return;
      set({ dragMove: move });
    },
    setPaletteDrop(drop) {
      const now = get().paletteDrop;
      if (drop === now || (drop && now && drop.kind === now.kind && drop.at === now.at)) return;
      set({ paletteDrop: drop });
    },

    addWidget(kind, index) {
      const s = get();
      if (!hasRoomFor(s.doc)) return null;
      const sel = s.selectedId ? indexOfWidget(s.doc, s.selectedId) : -1;
      const at = index ?? (sel >= 0 ? sel + 1 : s.doc.widgets.length);
      const res = insertNewWidget(s.doc, at, kind);
      s.commit(res.doc, { record: true });
      // The new widget is shown in the inspector even when the add-on settings were showing.
      set({ selectedId: res.id, inspectorTab: "widget" });
      return res.id;
    },
    moveWidget(from, to) {
      const s = get();
      s.commit(moveWidget(s.doc, from, to), { record: true });
    },
    duplicateWidget(id) {
      const s = get();
      if (!hasRoomFor(s.doc)) return;
      const res = duplicateWidget(s.doc, id);
      s.commit(res.doc, { record: true });
      if (res.id) set({ selectedId: res.id, inspectorTab: "widget" });
    },
    deleteWidget(id) {
      const s = get();
      const i = indexOfWidget(s.doc, id);
      if (i < 0) return;
      const next = deleteWidget(s.doc, id);
      s.commit(next, { record: true });
      if (s.selectedId === id) {
        // Selection moves to the neighbour, so keyboard users keep their place in the list.
        const neighbour = next.widgets[Math.min(i, next.widgets.length - 1)];
        set({ selectedId: neighbour?.id ?? null });
      }
    },
    setWidgetField(id, path, value, typing = false) {
      const s = get();
      const next = updateWidgetField(s.doc, id, path, value);
      s.commit(next, typing ? { coalesce: `w:${id}:${JSON.stringify(path)}` } : { record: true });
    },
    setDocumentField(path, value, typing = false) {
      const s = get();
      const next = updateDocumentField(s.doc, path, value);
      s.commit(next, typing ? { coalesce: `d:${JSON.stringify(path)}` } : { record: true });
    },
    renameKey(id, path, to) {
      const s = get();
      const next = id === null ? renameDocumentKey(s.doc, path, to) : renameWidgetKey(s.doc, id, path, to);
      if (next !== s.doc) s.commit(next, { record: true });
    },
    setKind(kind) {
      const s = get();
      s.commit(setDocumentKind(s.doc, kind), { record: true });
    },
  }));
}

/** The store made by `createEditorStore`. */
export type EditorStore = ReturnType<typeof createEditorStore>;
