import type { WidgetKind } from "../../platform";

/**
 * A widget-list drag in progress: the row `id` picked up at `from` is over position `to`. Not part
 * of the document or its history; the preview shows the order it would give.
 */
export interface DragMove {
  id: string;
  from: number;
  to: number;
}

/**
 * A palette item being dragged over the widget list: a new widget of `kind` would be added at
 * position `at`. The list draws where, and the preview shows it there.
 */
export interface PaletteDrop {
  kind: WidgetKind;
  at: number;
}
