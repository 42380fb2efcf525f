import { useDraggable, useDroppable } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import type { KeyboardEvent } from "react";
import { PreviewIcon } from "../../preview/preview-icons";
import { textOf } from "../../preview/preview-kit";

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
export function ButtonCell(
  props: CellProps & {
    value: Record<string, unknown>;
    label: string;
    selected: boolean;
    invalid: boolean;
    onSelect: () => void;
  },
) {
  const drag = useDraggable({ id: props.cellKey });
  const drop = useDroppable({ id: props.cellKey });
  const caption = textOf(props.value.caption);
  const icon = textOf(props.value.icon_name) || textOf(props.value.icon);
  return (
    <div
      ref={drop.setNodeRef}
      className={`chat-cell${drop.isOver && !drag.isDragging ? " is-over" : ""}`}
      dir="rtl"
    >
      <button
        ref={drag.setNodeRef}
        type="button"
        data-cell={props.cellKey}
        className={`chat-cell-button${props.selected ? " is-selected" : ""}${props.invalid ? " is-invalid" : ""}`}
        aria-label={props.label}
        aria-pressed={props.selected}
        aria-describedby={props.hintId}
        tabIndex={props.focusable ? 0 : -1}
        style={{ transform: CSS.Translate.toString(drag.transform), zIndex: drag.isDragging ? 2 : undefined }}
        {...drag.listeners}
        onClick={props.onSelect}
        onFocus={props.onFocus}
        onKeyDown={props.onKeyDown}
      >
        {icon ? <PreviewIcon name={icon} size={18} /> : null}
        <span lang="fa" className={caption ? undefined : "is-empty"}>
          {caption || "بدون عنوان"}
        </span>
        {props.invalid ? <span className="chat-cell-flag" aria-hidden="true" /> : null}
      </button>
    </div>
  );
}

/** A dashed cell that adds a button (to a row, or in a new row); a button dropped on it moves there. */
export function AddCell(
  props: CellProps & { label: string; text?: string; onAdd: () => void; wide?: boolean },
) {
  const drop = useDroppable({ id: props.cellKey });
  return (
    <div
      ref={drop.setNodeRef}
      className={`chat-cell is-add${props.wide ? " is-wide" : ""}${drop.isOver ? " is-over" : ""}`}
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
