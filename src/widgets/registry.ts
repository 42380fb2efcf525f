import { WIDGET_MODELS, type WidgetKind } from "./models";

// Lookups derived from the registry list (models.ts), read by every layer above.
export { WIDGET_MODELS, type WidgetKind };

export const WIDGET_KINDS = WIDGET_MODELS.map((m) => m.kind) as readonly WidgetKind[];

const byKind = new Map<string, (typeof WIDGET_MODELS)[number]>(WIDGET_MODELS.map((m) => [m.kind, m]));

/** The model of a kind. */
export function modelOf<K extends WidgetKind>(kind: K): Extract<(typeof WIDGET_MODELS)[number], { kind: K }> {
  const m = byKind.get(kind);
  if (!m) throw new Error(`no widget model for ${kind}`);
  return m as Extract<(typeof WIDGET_MODELS)[number], { kind: K }>;
}

/** True when `key` names a v2 widget kind. */
export function isWidgetKind(key: string): key is WidgetKind {
  return byKind.has(key);
}
