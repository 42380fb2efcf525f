import type { WidgetMeta } from "./meta";
import { WIDGET_METAS } from "./metas";
import type { WidgetKind } from "./models";

// Lookups derived from the list in metas.ts (so a test can register an extra widget by replacing
// that list for its own file, as with models.ts and registry.ts).
export { WIDGET_METAS };

/** Any widget's meta: its value type unknown here (a summary is only given values of its kind). */
type AnyMeta = WidgetMeta<WidgetKind, never, unknown>;

const byKind = new Map<string, AnyMeta>(WIDGET_METAS.map((m) => [m.kind, m]));

/** True when `key` names a v2 widget kind. */
export function isWidgetKind(key: string): key is WidgetKind {
  return byKind.has(key);
}

/** The plain facts of a kind. */
export function metaOf(kind: WidgetKind): AnyMeta {
  const m = byKind.get(kind);
  if (!m) throw new Error(`no widget for ${kind}`);
  return m;
}

/** The widget kinds present as keys of a widget object. */
export function widgetKeysOf(w: object): WidgetKind[] {
  return Object.keys(w).filter(isWidgetKind);
}

/** The kind of a widget, or undefined when it has none or several. */
export function widgetKindOf(w: object): WidgetKind | undefined {
  const kinds = widgetKeysOf(w);
  return kinds.length === 1 ? kinds[0] : undefined;
}

/** The widget's label ("Title"), or a fallback for a broken widget. */
export function widgetLabel(w: object): string {
  const kind = widgetKindOf(w);
  return kind ? metaOf(kind).label : "Unknown widget";
}

/** A short line of the widget's own text (its `summary`): the list row and the preview use it. */
export function widgetSummary(w: object): string {
  const kind = widgetKindOf(w);
  if (!kind) return Object.keys(w).join(", ") || "empty";
  const value = (w as Record<string, unknown>)[kind];
  if (value === undefined || value === null || typeof value !== "object") return "";
  // Summaries read their fields defensively (a widget being edited may be invalid).
  const summary = metaOf(kind).summary as (v: object) => string | undefined;
  return summary(value) ?? "";
}

/** A new widget object of `kind` with its starting values (valid: test/unit/widget-metas.test.ts). */
export function newWidgetObject(kind: WidgetKind): Record<string, unknown> {
  return { [kind]: metaOf(kind).defaults() };
}
