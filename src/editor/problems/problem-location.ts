import { formatPath, type Problem } from "../../platform/problems";
import type { Widget } from "../../platform/widgets";
import { widgetKindOf, widgetLabel } from "../../widgets/catalog";

/** Where a problem is, in the words the list uses: the widget's label and number, then the field. */
export interface ProblemLocation {
  /** "Title (widget 1)", or "Add-on settings" for the body's own fields. */
  place: string;
  /** The path inside the widget (without its kind) or the document, e.g. "items[1].title"; empty for the whole. */
  field: string;
}

/**
 * Names the place of a problem as the user sees it in the list ("Title (widget 1) › text"), so a
 * long list of JSON paths can be read without counting widgets from zero. `widget` is the one at
 * the problem's widget index, if any.
 */
export function problemLocation(p: Problem, widget: Widget | undefined): ProblemLocation {
  const [head, index, ...rest] = p.path;
  if (head !== "widgets") return { place: "Add-on settings", field: p.path.length ? p.at : "" };
  if (typeof index !== "number") return { place: "Widget list", field: "" };
  const place = `${widget ? widgetLabel(widget) : "Widget"} (widget ${index + 1})`;
  // The widget's own key (title_row) repeats what the label says; the rest names the field.
  const kind = widget ? widgetKindOf(widget) : undefined;
  const inner = kind && rest[0] === kind ? rest.slice(1) : rest;
  return { place, field: inner.length ? formatPath(inner) : "" };
}
