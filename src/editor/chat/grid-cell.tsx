import type { KeyboardEvent } from "react";
import { PreviewIcon } from "../../preview/preview-icons";
import { textOf } from "../../preview/preview-kit";
import { type DragKit, useDragKit } from "../ui/lazy-drag";

/**
 * Focuses a grid cell from outside the grid (after a removal, an undo), once React has drawn it: the
 * cell is found by its side and key (`data-side`, `data-cell`).
 */
export function focusCellLater(side: string, cellKey: string): void {
  setTimeout(() =>
    document.querySelector<HTMLElement>(`[data-side="${side}"] [data-cell="${cellKey}"]`)?.focus(),
  );
}

/** What every focusable cell of the grid shares: roving focus and the keys of the grid. */
interface CellProps {
  cellKey: string;
  focusable: boolean;
  hintId: string;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
  onFocus: () => void;
}

/**
 * One chat button drawn as the chat draws it (filled, icon beside the caption), selectable by click
 * or arrow keys, and dragged by pointer onto another place of the grid.
 */
export function ButtonCell(props: ButtonCellProps) {
  const kit = useDragKit();
  return kit ? <DraggableCell {...props} kit={kit} /> : <ButtonCellView {...props} drag={null} />;
}

interface ButtonCellProps extends CellProps {
  value: Record<string, unknown>;
  label: string;
  selected: boolean;
  /** The worst problem under the button: an error (red, it blocks sending) or only a warning. */
  problem: "error" | "warning" | undefined;
  onSelect: () => void;
}

/** What dnd-kit gives a cell (once the drag code has arrived). */
interface CellDrag {
  dropRef: (el: HTMLElement | null) => void;
  isOver: boolean;
  dragRef: (el: HTMLElement | null) => void;
  isDragging: boolean;
  transform: string | undefined;
  listeners: ReturnType<DragKit["useDraggable"]>["listeners"];
}

function DraggableCell(props: ButtonCellProps & { kit: DragKit }) {
  const { kit } = props;
  const drag = kit.useDraggable({ id: props.cellKey });
  const drop = kit.useDroppable({ id: props.cellKey });
  return (
    <ButtonCellView
      {...props}
      drag={{
        dropRef: drop.setNodeRef,
        isOver: drop.isOver,
        dragRef: drag.setNodeRef,
        isDragging: drag.isDragging,
        transform: kit.CSS.Translate.toString(drag.transform),
        listeners: drag.listeners,
      }}
    />
  );
}

function ButtonCellView(props: ButtonCellProps & { drag: CellDrag | null }) {
  const { drag } = props;
  const caption = textOf(props.value.caption);
  const icon = textOf(props.value.icon) || textOf(props.value.icon_name);
  return (
    <div
      ref={drag?.dropRef}
      className={`chat-cell${drag?.isOver && !drag.isDragging ? " is-over" : ""}`}
      dir="rtl"
    >
      <button
        ref={drag?.dragRef}
        type="button"
        data-cell={props.cellKey}
        className={`chat-cell-button${props.selected ? " is-selected" : ""}${props.problem === "error" ? " is-invalid" : props.problem === "warning" ? " is-warned" : ""}`}
        aria-label={props.label}
        aria-pressed={props.selected}
        aria-describedby={props.hintId}
        tabIndex={props.focusable ? 0 : -1}
        style={{ transform: drag?.transform, zIndex: drag?.isDragging ? 2 : undefined }}
        {...drag?.listeners}
        onClick={props.onSelect}
        onFocus={props.onFocus}
        onKeyDown={props.onKeyDown}
      >
        {icon ? <PreviewIcon name={icon} size={18} /> : null}
        <span lang="fa" className={caption ? undefined : "is-empty"}>
          {caption || "بدون عنوان"}
        </span>
        {props.problem ? <span className="chat-cell-flag" aria-hidden="true" /> : null}
      </button>
    </div>
  );
}

/** A dashed cell that adds a button (to a row, or in a new row); a button dropped on it moves there. */
export function AddCell(props: AddCellProps) {
  const kit = useDragKit();
  return kit ? <DroppableAddCell {...props} kit={kit} /> : <AddCellView {...props} isOver={false} />;
}

interface AddCellProps extends CellProps {
  label: string;
  text?: string;
  onAdd: () => void;
  wide?: boolean;
}

function DroppableAddCell(props: AddCellProps & { kit: DragKit }) {
  const drop = props.kit.useDroppable({ id: props.cellKey });
  return <AddCellView {...props} isOver={drop.isOver} dropRef={drop.setNodeRef} />;
}

function AddCellView(props: AddCellProps & { isOver: boolean; dropRef?: (el: HTMLElement | null) => void }) {
  return (
    <div
      ref={props.dropRef}
      className={`chat-cell is-add${props.wide ? " is-wide" : ""}${props.isOver ? " is-over" : ""}`}
    >
      <button
        type="button"
        data-cell={props.cellKey}
        className="chat-cell-add"
        dir="ltr"
        aria-label={props.label}
        title={props.label}
        aria-describedby={props.hintId}
        tabIndex={props.focusable ? 0 : -1}
        onClick={props.onAdd}
        onFocus={props.onFocus}
        onKeyDown={props.onKeyDown}
      >
        <span aria-hidden="true">+</span>
        {props.text ? <span>{props.text}</span> : null}
      </button>
    </div>
  );
}
