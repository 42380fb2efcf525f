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

// Which kinds exist has one answer: the zod-free list in metas.ts (widget-metas.test.ts checks the
// models follow it).
export { isWidgetKind } from "./catalog";
