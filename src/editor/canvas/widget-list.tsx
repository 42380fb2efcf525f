import { useDndMonitor, useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import {
  defaultRangeExtractor,
  observeElementRect,
  type Range,
  useVirtualizer,
} from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { PALETTE_PREFIX } from "../palette/palette";
import { indexOfWidget } from "../store/document";
import type { EditorStore } from "../store/editor-store";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { fieldId, selectWidgetIds } from "../store/selectors";
import { flushRowFocus, LIST_END_ID } from "./list-ids";
import { WidgetRow } from "./widget-row";
import "./widget-list.css";

export { LIST_END_ID, labelOf, rowButtonId } from "./list-ids";

/** A row's height before it is measured (a row with a two-line summary, as the CSS draws it). */
const ROW_ESTIMATE = 52;
/** The space between rows. */
const ROW_GAP = 6;
/** The height assumed when the list has no layout yet (a test DOM, a hidden panel). */
const NO_LAYOUT_HEIGHT = 1200;

/** Keeps the same array while the ids are the same, so the sortable context does not re-render every row. */
function useStableIds(ids: readonly string[]): string[] {
  const ref = useRef<string[]>([]);
  const prev = ref.current;
  if (prev.length !== ids.length || prev.some((id, i) => id !== ids[i])) ref.current = [...ids];
  return ref.current;
}

const observeRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: NO_LAYOUT_HEIGHT }),
  );

/**
 * The middle column: the add-on's widgets in order, sortable by pointer and keyboard. Only the rows
 * in view (and a few around them) are in the page, so dnd-kit measures only those; the selected row
 * and the row being dragged stay rendered wherever the list is scrolled (focus and the drag live there).
 */
export function WidgetList() {
  const api = useEditorStoreApi();
  const widgets = useEditorStore((s) => s.doc.widgets);
  const ids = useStableIds(useEditorStore(selectWidgetIds));
  const selectedId = useEditorStore((s) => s.selectedId);
  const dragId = useEditorStore((s) => s.dragMove?.id ?? null);
  useDragOrder(api);
  const { setNodeRef: setEndRef, isOver } = useDroppable({ id: LIST_END_ID });
  const count = widgets.length;
  const selectedIndex = selectedId ? ids.indexOf(selectedId) : -1;
  // Only one row is in the tab order (roving focus); arrows move between rows.
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0;
  const dragIndex = dragId ? ids.indexOf(dragId) : -1;
  const body = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => setScrollMargin(list.current?.offsetTop ?? 0), []);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const out = defaultRangeExtractor(range);
      let added = false;
      for (const i of [focusIndex, dragIndex])
        if (i >= 0 && i < range.count && !out.includes(i)) {
          out.push(i);
          added = true;
        }
      return added ? out.sort((a, b) => a - b) : out;
    },
    [focusIndex, dragIndex],
  );
  const getItemKey = useCallback((i: number) => ids[i] ?? i, [ids]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => body.current,
    estimateSize: () => ROW_ESTIMATE,
    gap: ROW_GAP,
    overscan: 6,
    getItemKey,
    rangeExtractor,
    scrollMargin,
    observeElementRect: observeRect,
  });

  // The selected row is brought into view, whoever selected it (palette, preview, problems, undo).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count: a widget added at the same selection moves rows
  useEffect(() => {
    if (selectedIndex < 0 || !body.current || body.current.clientHeight === 0) return;
    virtualizer.scrollToIndex(selectedIndex, { align: "auto" });
  }, [selectedId, count]);
  // A row asked for focus before it was rendered gets it now.
  useLayoutEffect(() => flushRowFocus(ids));

  const items = virtualizer.getVirtualItems();
  return (
    <section className="panel list-panel" aria-labelledby="list-title">
      <div className="panel-head">
        <h2 id="list-title" className="panel-title">
          Add-on widgets <span className="muted">({count})</span>
        </h2>
      </div>
      <div className="panel-body list-body" id={fieldId(["widgets"])} tabIndex={-1} ref={body}>
        <p id="list-instructions" className="visually-hidden">
          Use the up and down arrow keys to move between widgets; Delete removes the widget (Ctrl+Z brings it
          back). To reorder, focus a widget's drag handle, press Space, move with the arrow keys and press
          Space again to drop, or Escape to cancel.
        </p>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol
            className="widget-list"
            aria-label="Add-on widgets"
            ref={list}
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((v) => {
              const w = widgets[v.index];
              if (!w) return null;
              return (
                <WidgetRow
                  key={w.id}
                  item={w}
                  index={v.index}
                  selected={v.index === selectedIndex}
                  tabbable={v.index === focusIndex}
                  top={v.start - scrollMargin}
                  measure={virtualizer.measureElement}
                />
              );
            })}
          </ol>
        </SortableContext>
        <div ref={setEndRef} className={`list-end ${isOver ? "is-over" : ""}`}>
          {count === 0 ? (
            <p>
              Your add-on is empty. Add widgets from the palette (click, Enter, or drag here), or start from a
              template.
            </p>
          ) : (
            <p className="muted">Drop here to add at the end</p>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * Keeps the store's `dragMove` in step with a list row's drag, so the preview can show the order the
 * drop would give while the pointer or keyboard is still moving.
 */
function useDragOrder(api: EditorStore) {
  useDndMonitor({
    onDragStart({ active }) {
      const id = String(active.id);
      if (id.startsWith(PALETTE_PREFIX)) return;
      const from = indexOfWidget(api.getState().doc, id);
      if (from >= 0) api.getState().setDragMove({ id, from, to: from });
    },
    onDragOver({ active, over }) {
      const s = api.getState();
      const move = s.dragMove;
      if (!move || move.id !== String(active.id)) return;
      const overId = over ? String(over.id) : null;
      const to =
        overId === null
          ? move.from
          : overId === LIST_END_ID
            ? s.doc.widgets.length - 1
            : indexOfWidget(s.doc, overId);
      if (to >= 0) s.setDragMove({ ...move, to });
    },
    onDragEnd() {
      api.getState().setDragMove(null);
    },
    onDragCancel() {
      api.getState().setDragMove(null);
    },
  });
}
