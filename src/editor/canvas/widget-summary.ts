import { type Widget, widgetKindOf } from "../../platform/widgets";
import { modelOf } from "../../widgets/models";

/** The widget's label ("Title") or a fallback for a broken widget. */
export function widgetLabel(widget: Widget): string {
  const kind = widgetKindOf(widget);
  return kind ? modelOf(kind).label : "Unknown widget";
}

/** A short line of the widget's own text, for the list row. */
export function widgetSummary(widget: Widget): string {
  const kind = widgetKindOf(widget);
  if (!kind) return Object.keys(widget).join(", ") || "empty";
  const v: unknown = (widget as Record<string, unknown>)[kind];
  if (!v || typeof v !== "object") return "";
  const o = v as Record<string, unknown>;
  for (const k of ["text", "title", "indicator_text"]) if (typeof o[k] === "string") return o[k] as string;
  if (Array.isArray(o.items)) {
    const first = o.items[0];
    if (first && typeof first === "object") {
      const f = first as Record<string, unknown>;
      const t = f.title ?? f.description ?? f.image_id;
      if (typeof t === "string") return `${o.items.length} × ${t}`;
    }
    return `${o.items.length} items`;
  }
  return "";
}
