import { type ReactNode, useLayoutEffect, useRef } from "react";
import { FULL_MESSAGE, MAX_WIDGETS } from "../store/document";
import { useEditorStore } from "../store/editor-store-context";
import { fieldId, selectWidgetIds } from "../store/selectors";
import { type DragKit, useDragKit } from "../ui/lazy-drag";
import { flushRowFocus, focusRow, LIST_END_ID, rowButtonId } from "./list-ids";
import { dropLinePlace } from "./palette-drop";
import { PLAIN_LIMIT, PlainRows, useVirtualLib, VirtualRows, WAITING_ROWS } from "./virtual-rows";
import "./widget-list.css";

export { LIST_END_ID, labelOf, rowButtonId } from "./list-ids";

/**
 * The middle column: the add-on's widgets in order, sortable by pointer and keyboard. A long list
 * (past `PLAIN_LIMIT` rows, once in the session) is virtual: see `VirtualRows`.
 */
export function WidgetList() {
  const widgets = useEditorStore((s) => s.doc.widgets);
  const ids = useEditorStore(selectWidgetIds);
  const selectedId = useEditorStore((s) => s.selectedId);
  const dragId = useEditorStore((s) => s.dragMove?.id ?? null);
  const kit = useDragKit();
  const count = widgets.length;
  const selectedIndex = selectedId ? ids.indexOf(selectedId) : -1;
  // Only one row is in the tab order (roving focus); arrows move between rows.
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0;
  const dragIndex = dragId ? ids.indexOf(dragId) : -1;
  const body = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // Once virtual, the list stays virtual: switching back would remount every row (and lose focus).
  const wasLong = useRef(false);
  if (count > PLAIN_LIMIT) wasLong.current = true;
  const lib = useVirtualLib(wasLong.current);
  // The control in the list that last had focus: an undo or redo that removes it (the undo of an
  // add, the redo of a delete) would leave focus on the page's <body>.
  const lastFocused = useRef<Element | null>(null);
  // A row asked for focus before it was rendered gets it now.
  useLayoutEffect(() => {
    flushRowFocus(ids);
    const gone = lastFocused.current;
    if (!gone || gone.isConnected || document.activeElement !== document.body) return;
    lastFocused.current = null;
    if (selectedId && document.getElementById(rowButtonId(selectedId))) focusRow(selectedId);
    else body.current?.focus({ preventScroll: true });
  });
  const rowsProps = { widgets, ids, selectedIndex, focusIndex, dragIndex, body, list };
  return (
    <section
      className="panel list-panel"
      aria-labelledby="list-title"
      onFocus={(e) => {
        lastFocused.current = e.target;
      }}
      onBlur={(e) => {
        // Focus moved on to something else: nothing of the list's is to be given back later.
        if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget))
          lastFocused.current = null;
      }}
    >
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
        <Sortable kit={kit} ids={ids}>
          {lib && lib !== "failed" && wasLong.current ? (
            <VirtualRows lib={lib} {...rowsProps} />
          ) : (
            // Until TanStack Virtual arrives, a long list shows its first rows; if it cannot load, all.
            <PlainRows
              {...rowsProps}
              limit={lib === "failed" ? count : wasLong.current && !lib ? WAITING_ROWS : PLAIN_LIMIT}
            />
          )}
        </Sortable>
        {kit ? <ListEnd kit={kit} count={count} /> : <ListEndView count={count} isOver={false} />}
        {kit ? <DropLine count={count} /> : null}
      </div>
    </section>
  );
}

/** The rows in dnd-kit's sortable context once the drag code has arrived; plain rows until then. */
function Sortable(props: { kit: DragKit | null; ids: readonly string[]; children: ReactNode }) {
  const { kit } = props;
  if (!kit) return props.children;
  return (
    // dnd-kit types `items` as a mutable array but only reads it; the selector's array is kept as is,
    // so the context (and every row under it) changes only when the ids do.
    <kit.SortableContext items={props.ids as string[]} strategy={kit.verticalListSortingStrategy}>
      {props.children}
    </kit.SortableContext>
  );
}

/** The place after the last row, a drop target. */
function ListEnd(props: { kit: DragKit; count: number }) {
  const { setNodeRef, isOver } = props.kit.useDroppable({ id: LIST_END_ID });
  return <ListEndView count={props.count} isOver={isOver} dropRef={setNodeRef} />;
}

/** While a palette item is dragged over the list, a line where it would be added. */
function DropLine(props: { count: number }) {
  const at = useEditorStore((s) => s.paletteDrop?.at ?? -1);
  const line = useRef<HTMLDivElement>(null);
  // Placed by the rows on the page (a long list's rows sit where it measured them).
  useLayoutEffect(() => {
    const el = line.current;
    if (!el) return;
    const place = at < 0 || props.count === 0 ? null : dropLinePlace(at);
    el.hidden = place === null;
    if (!place) return;
    el.style.top = `${place.top - 1}px`;
    el.style.left = `${place.left}px`;
    el.style.width = `${place.width}px`;
  }, [at, props.count]);
  return <div ref={line} className="drop-line" aria-hidden="true" hidden />;
}

function ListEndView(props: { count: number; isOver: boolean; dropRef?: (el: HTMLElement | null) => void }) {
  return (
    <div ref={props.dropRef} className={`list-end ${props.isOver ? "is-over" : ""}`}>
      {props.count === 0 ? (
        <p>
          Your add-on is empty. Add widgets from the palette (click, Enter, or drag here), or start from a
          template.
        </p>
      ) : props.count >= MAX_WIDGETS ? (
        // Adding stops here (the palette and Duplicate say it too, to screen readers).
        <p className="muted">{FULL_MESSAGE}</p>
      ) : (
        <p className="muted">Drop here to add at the end</p>
      )}
    </div>
  );
}
