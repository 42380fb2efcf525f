import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { memo, useCallback, useEffect, useMemo, useRef } from "react";
import type { Problem, Widget } from "../../platform";
import { widgetLabel, widgetSummary } from "../../platform/widgets";
import type { EditorWidget } from "../store/document";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { fieldId, selectProblems, selectWidgetIds } from "../store/selectors";
import { announce } from "../ui/announcer";
import { IconButton } from "../ui/icon-button";
import { renderNow } from "../ui/render-now";
import { scrollIntoContainer } from "../ui/scroll-into-container";

/** The id of the drop zone after the last row (palette drops there append). */
export const LIST_END_ID = "list:end";

/** The row's select button's id (focus moves between rows with the arrow keys). */
export function rowButtonId(id: string): string {
  return `row:${id}`;
}

/** Keeps the same array while the ids are the same, so the sortable context does not re-render every row. */
function useStableIds(ids: readonly string[]): string[] {
  const ref = useRef<string[]>([]);
  const prev = ref.current;
  if (prev.length !== ids.length || prev.some((id, i) => id !== ids[i])) ref.current = [...ids];
  return ref.current;
}

const NONE: readonly Problem[] = [];

/** The middle column: the add-on's widgets in order, sortable by pointer and keyboard. */
export function WidgetList() {
  const widgets = useEditorStore((s) => s.doc.widgets);
  const ids = useStableIds(useEditorStore(selectWidgetIds));
  const selectedId = useEditorStore((s) => s.selectedId);
  const byWidget = useEditorStore((s) => selectProblems(s).byWidget);
  const { setNodeRef: setEndRef, isOver } = useDroppable({ id: LIST_END_ID });
  const count = widgets.length;
  // Only one row is in the tab order (roving focus); arrows move between rows.
  const focusId = selectedId && ids.includes(selectedId) ? selectedId : ids[0];
  const body = useRef<HTMLDivElement>(null);
  // The selected row is brought into view, whoever selected it (palette, preview, problems, undo).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count: a widget added at the same selection moves rows
  useEffect(() => {
    if (!selectedId || !body.current) return;
    const row = document.getElementById(rowButtonId(selectedId))?.closest("li");
    if (row) scrollIntoContainer(row, body.current);
  }, [selectedId, count]);
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
          <ol className="widget-list" aria-label="Add-on widgets">
            {widgets.map((w, i) => (
              <WidgetRow
                key={w.id}
                item={w}
                index={i}
                count={count}
                selected={w.id === selectedId}
                tabbable={w.id === focusId}
                problems={byWidget.get(w.id) ?? NONE}
              />
            ))}
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

interface RowProps {
  item: EditorWidget;
  index: number;
  count: number;
  selected: boolean;
  tabbable: boolean;
  problems: readonly Problem[];
}

/**
 * One row; memoised so typing in one widget re-renders only its row. dnd-kit re-renders every
 * `useSortable` row on each pick-up, move and drop (its context changes), so this outer part holds
 * only the hook and the moving `<li>`; the row's content is a memoised `RowBody` that such a render
 * skips (its props, dnd-kit's listeners and attributes included, stay the same objects).
 */
const WidgetRow = memo(function WidgetRow(props: RowProps) {
  const { item, index, selected } = props;
  const label = useMemo(() => widgetLabel(item.widget), [item.widget]);
  const data = useMemo(() => ({ label }), [label]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, data });
  const errors = countErrors(props.problems);
  const warnings = props.problems.length - errors;
  return (
    <li
      ref={setNodeRef}
      className={`widget-row ${selected ? "is-selected" : ""} ${isDragging ? "is-dragging" : ""} ${errors ? "has-error" : warnings ? "has-warning" : ""}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={`${label}, widget ${index + 1}`}
      {...listeners}
      // Keyboard dragging starts only from the handle (dnd-kit checks the activator); the row's
      // other listeners let a pointer drag start anywhere on the row.
      onKeyDown={undefined}
    >
      <RowBody
        {...props}
        label={label}
        attributes={attributes}
        listeners={listeners}
        setActivatorNodeRef={setActivatorNodeRef}
      />
    </li>
  );
}, rowPropsEqual);

function countErrors(problems: readonly Problem[]): number {
  let n = 0;
  for (const p of problems) if (p.severity === "error") n += 1;
  return n;
}

type Sortable = ReturnType<typeof useSortable>;

interface RowBodyProps extends RowProps {
  label: string;
  attributes: Sortable["attributes"];
  listeners: Sortable["listeners"];
  setActivatorNodeRef: Sortable["setActivatorNodeRef"];
}

/** The row's handle, select button and actions: re-rendered only when the row's widget or place changes. */
const RowBody = memo(function RowBody(props: RowBodyProps) {
  const { item, index, count, selected, label, attributes, listeners } = props;
  const api = useEditorStoreApi();
  const name = `${label}, widget ${index + 1}`;
  const errors = countErrors(props.problems);
  const warnings = props.problems.length - errors;
  const select = useCallback(() => api.getState().select(item.id), [api, item.id]);
  const summary = widgetSummary(item.widget);

  function onRowKeyDown(e: React.KeyboardEvent) {
    const ids = api.getState().doc.widgets;
    let next: string | undefined;
    if (e.key === "ArrowDown") next = ids[index + 1]?.id;
    else if (e.key === "ArrowUp") next = ids[index - 1]?.id;
    else if (e.key === "Home") next = ids[0]?.id;
    else if (e.key === "End") next = ids[ids.length - 1]?.id;
    // Backspace too: the key labelled "delete" on Mac keyboards sends it.
    else if (
      (e.key === "Delete" || e.key === "Backspace") &&
      (e.target as HTMLElement).id === rowButtonId(item.id)
    ) {
      e.preventDefault();
      deleteAndAnnounce(api, item.id, name);
      return;
    } else return;
    e.preventDefault();
    if (next) {
      api.getState().select(next);
      focusSelectedRow(next);
    }
  }

  return (
    <>
      <button
        ref={props.setActivatorNodeRef}
        type="button"
        className="drag-handle"
        {...attributes}
        tabIndex={props.tabbable ? 0 : -1}
        aria-label={`Reorder ${name}`}
        aria-describedby="list-instructions"
        onKeyDown={(e) => listeners?.onKeyDown?.(e)}
      >
        <svg viewBox="0 0 10 16" width="10" height="16" aria-hidden="true">
          <circle cx="2" cy="3" r="1.4" />
          <circle cx="8" cy="3" r="1.4" />
          <circle cx="2" cy="8" r="1.4" />
          <circle cx="8" cy="8" r="1.4" />
          <circle cx="2" cy="13" r="1.4" />
          <circle cx="8" cy="13" r="1.4" />
        </svg>
      </button>
      <button
        type="button"
        id={rowButtonId(item.id)}
        className="row-main"
        aria-pressed={selected}
        aria-label={name}
        aria-describedby={`${rowButtonId(item.id)}:desc`}
        tabIndex={props.tabbable ? 0 : -1}
        onClick={select}
        onKeyDown={onRowKeyDown}
      >
        <span className="row-index" aria-hidden="true">
          {index + 1}
        </span>
        <span className="row-text">
          <span className="row-label">{label}</span>
          <span className="row-summary" dir="auto">
            {summary}
          </span>
        </span>
        {errors || warnings ? (
          <span className={`row-marker ${errors ? "is-error" : "is-warning"}`} aria-hidden="true">
            {errors ? `${errors} ✕` : `${warnings} !`}
          </span>
        ) : null}
        <span className="visually-hidden" id={`${rowButtonId(item.id)}:desc`}>
          {errors ? `${errors} ${errors === 1 ? "error" : "errors"}. ` : ""}
          {warnings ? `${warnings} ${warnings === 1 ? "warning" : "warnings"}. ` : ""}
          {summary}
        </span>
      </button>
      {selected ? <RowActions id={item.id} index={index} count={count} /> : null}
    </>
  );
}, rowBodyPropsEqual);

function rowBodyPropsEqual(a: RowBodyProps, b: RowBodyProps): boolean {
  return (
    rowPropsEqual(a, b) &&
    a.label === b.label &&
    a.attributes === b.attributes &&
    a.listeners === b.listeners &&
    a.setActivatorNodeRef === b.setActivatorNodeRef
  );
}

function rowPropsEqual(a: RowProps, b: RowProps): boolean {
  return (
    a.item === b.item &&
    a.index === b.index &&
    a.count === b.count &&
    a.selected === b.selected &&
    a.tabbable === b.tabbable &&
    a.problems === b.problems
  );
}

function focusSelectedRow(id: string | null) {
  if (!id) return;
  // A row that is already in the page takes focus now: waiting a frame would let a fast second
  // arrow press land on the old row and move from there again (a lost step with key repeat).
  const now = document.getElementById(rowButtonId(id));
  if (now) now.focus();
  else requestAnimationFrame(() => document.getElementById(rowButtonId(id))?.focus());
}

/** Deletes a widget, says so, and puts focus on the row that is now selected (or the list). */
function deleteAndAnnounce(api: ReturnType<typeof useEditorStoreApi>, id: string, name: string) {
  renderNow(() => api.getState().deleteWidget(id));
  const next = api.getState().selectedId;
  announce(`Deleted ${name}. Undo with Ctrl+Z.`);
  if (next) focusSelectedRow(next);
  // The last widget is gone: the list itself takes focus, so the keyboard stays in the editor.
  else document.getElementById(fieldId(["widgets"]))?.focus();
}

function RowActions(props: { id: string; index: number; count: number }) {
  const api = useEditorStoreApi();
  const { id, index, count } = props;
  const move = (to: number) => {
    renderNow(() => api.getState().moveWidget(index, to));
    const doc = api.getState().doc;
    const label = labelOf(doc.widgets[to]?.widget);
    announce(`Moved ${label} to position ${to + 1} of ${doc.widgets.length}.`);
    // At the top or bottom the pressed arrow becomes disabled and would drop focus to the page.
    if (to === 0 || to === doc.widgets.length - 1) {
      const pressed = document.activeElement;
      if (!(pressed instanceof HTMLButtonElement) || pressed.disabled)
        document.getElementById(`${rowButtonId(id)}:${to === 0 ? "down" : "up"}`)?.focus();
    }
  };
  return (
    <fieldset className="row-actions bare" aria-label="Widget actions">
      <IconButton
        icon="up"
        label="Move up"
        id={`${rowButtonId(id)}:up`}
        disabled={index === 0}
        onClick={() => move(index - 1)}
      />
      <IconButton
        icon="down"
        label="Move down"
        id={`${rowButtonId(id)}:down`}
        disabled={index === count - 1}
        onClick={() => move(index + 1)}
      />
      <IconButton
        icon="duplicate"
        label="Duplicate"
        onClick={() => {
          renderNow(() => api.getState().duplicateWidget(id));
          const doc = api.getState().doc;
          announce(
            `Duplicated ${labelOf(doc.widgets[index]?.widget)}: the copy is widget ${index + 2} of ${doc.widgets.length} and is selected.`,
          );
          focusSelectedRow(api.getState().selectedId);
        }}
      />
      <IconButton
        icon="delete"
        label="Delete"
        title="Delete (undo with Ctrl+Z)"
        danger
        onClick={() => {
          const doc = api.getState().doc;
          deleteAndAnnounce(api, id, `${labelOf(doc.widgets[index]?.widget)}, widget ${index + 1}`);
        }}
      />
    </fieldset>
  );
}

/** The label of a widget, for drag announcements. */
export function labelOf(widget: Widget | undefined): string {
  return widget ? widgetLabel(widget) : "Widget";
}
