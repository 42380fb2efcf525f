import { widgetLabel, widgetSummary } from "../../widgets/catalog";
import { useEditorStore } from "../store/editor-store-context";

/** What follows the pointer (or the keyboard) while a list row is dragged: the row's label and summary. */
export function WidgetDragPreview(props: { id: string }) {
  const widget = useEditorStore((s) => s.doc.widgets.find((w) => w.id === props.id)?.widget);
  if (!widget) return null;
  return (
    <div className="widget-row widget-drag-preview" aria-hidden="true">
      <span className="row-text">
        <span className="row-label">{widgetLabel(widget)}</span>
        <span className="row-summary" dir="auto">
          {widgetSummary(widget)}
        </span>
      </span>
    </div>
  );
}
