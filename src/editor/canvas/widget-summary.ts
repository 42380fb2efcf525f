import { type Widget, widgetKindOf } from "../../platform/widgets";
import { modelOf } from "../../widgets/models";
import { fieldOf, isRecord } from "../../platform/json";

/** The widget's label ("Title") or a fallback for a broken widget. */
export function widgetLabel(widget: Widget): string {
  const kind = widgetKindOf(widget);
  return kind ? modelOf(kind).label : "Unknown widget";
}

/** A short line of the widget's own text, for the list row. */
export function widgetSummary(widget: Widget): string {
  const kind = widgetKindOf(widget);
  if (!kind) return Object.keys(widget).join(", ") || "empty";
  const o: unknown = widget[kind];
  if (!isRecord(o)) return "";
  for (const k of ["text", "title", "indicator_text"]) {
    const t = o[k];
    if (typeof t === "string") return t;
  }
  if (Array.isArray(o.items)) {
    const first: unknown = o.items[0];
    const t = fieldOf(first, "title") ?? fieldOf(first, "description") ?? fieldOf(first, "image_id");
    if (typeof t === "string") return `${o.items.length} × ${t}`;
    return `${o.items.length} items`;
  }
  return "";
}
