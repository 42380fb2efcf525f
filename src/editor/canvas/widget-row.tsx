import type { useSortable } from "@dnd-kit/sortable";
import { memo, useCallback, useMemo } from "react";
import type { Problem } from "../../platform";
import { widgetLabel, widgetSummary } from "../../widgets/catalog";
import { useContract } from "../contract/contract-gate";
import type { EditorWidget } from "../store/document";
import { useEditorStoreApi } from "../store/editor-store-context";
import { widgetFindings } from "../store/selectors";
import { countOf } from "../ui/count-of";
import { type DragKit, loadDragKit, useDragKit } from "../ui/lazy-drag";
import { focusRow, rowButtonId, rowName } from "./list-ids";
import { deleteAndAnnounce, RowActions } from "./row-actions";
import { sortIndex } from "./sort-index";

/** What a row depends on: a row re-renders only when one of these changes. */
export interface RowProps {
  item: EditorWidget;
  index: number;
  selected: boolean;
  tabbable: boolean;
  /** The row's offset in the virtual list, in px. */
  top: number | undefined;
  /** The virtual list's size observer (stable). */
  measure: (el: Element | null) => void;
}

/**
 * One row; memoised so typing in one widget re-renders only its row. Until the drag code has arrived
 * (right after the first paint) the row is drawn without it: select, keys and move buttons work, the
 * handle says it is not ready yet.
 */
export const WidgetRow = memo(function WidgetRow(props: RowProps) {
  const kit = useDragKit();
  useContract(); // The row's counts appear when the contract's chunk arrives.
  return kit ? <SortableRow {...props} kit={kit} /> : <PlainRow {...props} />;
}, rowPropsEqual);

const NO_ATTRIBUTES = undefined;
const noActivator = () => {};

function PlainRow(props: RowProps) {
  const label = useMemo(() => widgetLabel(props.item.widget), [props.item.widget]);
  const { errors, warnings } = countProblems(widgetFindings(props.item.widget));
  return (
    <li
      ref={props.measure}
      data-index={props.index}
      className={rowClass(props.selected, false, errors, warnings)}
      style={{ top: props.top }}
      aria-label={rowName(label, props.index + 1)}
    >
      <RowBody
        {...props}
        label={label}
        errors={errors}
        warnings={warnings}
        attributes={NO_ATTRIBUTES}
        listeners={undefined}
        setActivatorNodeRef={noActivator}
      />
    </li>
  );
}

function rowClass(selected: boolean, dragging: boolean, errors: number, warnings: number): string {
  return `widget-row ${selected ? "is-selected" : ""} ${dragging ? "is-dragging" : ""} ${errors ? "has-error" : warnings ? "has-warning" : ""}`;
}

/**
 * dnd-kit re-renders every mounted `useSortable` row on each pick-up, move and drop (its context
 * changes), so this outer part holds only the hook and the moving `<li>`; the row's content is a
 * memoised `RowBody` that such a render skips (its props, dnd-kit's listeners and attributes
 * included, stay the same objects).
 */
function SortableRow(props: RowProps & { kit: DragKit }) {
  const { item, index, selected, top, measure, kit } = props;
  const label = useMemo(() => widgetLabel(item.widget), [item.widget]);
  const data = useMemo(() => ({ label }), [label]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    kit.useSortable({ id: item.id, data, getNewIndex: sortIndex });
  const ref = useCallback(
    (el: HTMLLIElement | null) => {
      setNodeRef(el);
      measure(el);
    },
    [setNodeRef, measure],
  );
  // Index-free findings: the same array wherever the widget moves, so a move changes no count.
  const { errors, warnings } = countProblems(widgetFindings(item.widget));
  return (
    <li
      ref={ref}
      data-index={index}
      className={rowClass(selected, isDragging, errors, warnings)}
      style={{ top, transform: kit.CSS.Translate.toString(transform), transition }}
      aria-label={rowName(label, index + 1)}
      {...listeners}
      // Keyboard dragging starts only from the handle (dnd-kit checks the activator); the row's
      // other listeners let a pointer drag start anywhere on the row.
      onKeyDown={undefined}
    >
      <RowBody
        {...props}
        label={label}
        errors={errors}
        warnings={warnings}
        attributes={attributes}
        listeners={listeners}
        setActivatorNodeRef={setActivatorNodeRef}
      />
    </li>
  );
}

function countProblems(problems: readonly Problem[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const p of problems) if (p.severity === "error") errors += 1;
  return { errors, warnings: problems.length - errors };
}

type Sortable = ReturnType<typeof useSortable>;

interface RowBodyProps extends RowProps {
  label: string;
  errors: number;
  warnings: number;
  /** dnd-kit's handle attributes; undefined until the drag code has arrived. */
  attributes: Sortable["attributes"] | undefined;
  listeners: Sortable["listeners"];
  setActivatorNodeRef: Sortable["setActivatorNodeRef"];
}

/** Counts the renders of row contents (the structural-edit test reads it; nothing else does). */
export const rowRenders = { count: 0 };

/** The row's handle, select button and actions: re-rendered only when the row's widget or place changes. */
const RowBody = memo(function RowBody(props: RowBodyProps) {
  const { item, index, selected, label, errors, warnings, attributes, listeners } = props;
  rowRenders.count += 1;
  const api = useEditorStoreApi();
  const name = rowName(label, index + 1);
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
      focusRow(next);
    }
  }

  return (
    <>
      <button
        ref={props.setActivatorNodeRef}
        type="button"
        className="drag-handle"
        {...attributes}
        // Before the drag code has arrived a Space here does nothing, and says so.
        aria-disabled={attributes ? attributes["aria-disabled"] : true}
        tabIndex={props.tabbable ? 0 : -1}
        aria-label={`Reorder ${name}`}
        aria-describedby="list-instructions"
        onKeyDown={(e) => listeners?.onKeyDown?.(e)}
        onFocus={attributes ? undefined : warmDrag}
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
        // The name and summary whole, on hover: a selected row's buttons (or a narrow list) cut them.
        title={summary ? `${label}: ${summary}` : label}
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
          {errors ? `${countOf(errors, "error")}. ` : ""}
          {warnings ? `${countOf(warnings, "warning")}. ` : ""}
          {summary}
        </span>
      </button>
      {selected ? <RowActions id={item.id} index={index} /> : null}
    </>
  );
}, rowBodyPropsEqual);

/** A handle focused before the drag code has arrived asks for it at once (it is usually there already). */
function warmDrag() {
  loadDragKit().catch(() => {});
}

function rowBodyPropsEqual(a: RowBodyProps, b: RowBodyProps): boolean {
  // The row's offset is the <li>'s business: content that only moved on screen is not rendered again.
  return (
    a.item === b.item &&
    a.index === b.index &&
    a.selected === b.selected &&
    a.tabbable === b.tabbable &&
    a.label === b.label &&
    a.errors === b.errors &&
    a.warnings === b.warnings &&
    a.attributes === b.attributes &&
    a.listeners === b.listeners &&
    a.setActivatorNodeRef === b.setActivatorNodeRef
  );
}

function rowPropsEqual(a: RowProps, b: RowProps): boolean {
  return (
    a.item === b.item &&
    a.index === b.index &&
    a.selected === b.selected &&
    a.tabbable === b.tabbable &&
    a.top === b.top &&
    a.measure === b.measure
  );
}
