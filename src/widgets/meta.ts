/**
 * A widget's plain facts (kind, names, starting value, summary, text limits), kept apart from its
 * zod schema (`model.ts`) so the editor's first paint (palette, list, preview) needs no zod: the
 * contract loads right after it (docs/decisions.md, issue 14, "the contract after the first paint").
 */
export interface WidgetMeta<K extends string, V, D = V> {
  kind: K;
  /** Name in the palette, sentence case. */
  label: string;
  /** One line for the palette's tooltip and docs. */
  description: string;
  /**
   * A short line of the widget's own text, for the list row and the preview's accessible name.
   * Widgets being edited may be invalid: read fields defensively.
   */
  summary: (value: V) => string | undefined;
  /** A valid starting value, as it is dropped from the palette. */
  defaults: () => D;
}

/** Declares a widget's plain facts (the kind stays a literal type). */
export function defineMeta<K extends string, V, D extends V>(meta: WidgetMeta<K, V, D>): WidgetMeta<K, V, D> {
  return meta;
}

/** "3 × first item's text" for a list widget ("3 items" when the first has no text). */
export function itemsSummary<T>(
  items: readonly T[] | undefined,
  text: (item: T) => string | undefined,
): string {
  const list = Array.isArray(items) ? items : [];
  const first = list[0] === undefined ? undefined : text(list[0]);
  return first ? `${list.length} × ${first}` : `${list.length} items`;
}
