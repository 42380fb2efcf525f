// What converting one widget model's v1 widgets needs, derived once from the registry.
import { WIDGET_MODELS } from "../../widgets/registry";
import type { FieldDescriptor } from "../fields";

/** The models of the widgets that v1 had, with how each converts (a v2-only widget has none). */
export const V1_WIDGET_MODELS = WIDGET_MODELS.flatMap((m) => (m.v1 ? [{ ...m, v1: m.v1 }] : []));

type Model = (typeof WIDGET_MODELS)[number];

// ---------------------------------------------------------------------------------------------
// Widgets (spec 2.13; facts "v1 widgets")

/**
 * What converting one model's v1 widgets needs, derived once from the model (not per widget):
 * field lookups by key, and the v1 info as sets. Built on first use, so that importing this
 * module runs nothing and a bundle that never migrates drops it.
 */
export interface Plan {
  model: Model;
  renamed: Readonly<Record<string, string>>;
  removed: ReadonlySet<string>;
  wrappers: ReadonlySet<string>;
  flatten: string | undefined;
  itemRenamed: Readonly<Record<string, string>>;
  required: readonly string[];
  /** Keys some documents show on this widget that it does not take (event_row.action, …). */
  notAccepted: Readonly<Record<string, string>>;
}

let plansByV1Type: Map<string, Plan> | undefined;
let plansByKind: Map<string, Plan> | undefined;

/** v2 widget kind -> conversion plan of its model (for v1 leftovers inside v2 widgets). */
export function planOfKind(kind: string): Plan | undefined {
  plansByKind ??= new Map([...plans().values()].map((p): [string, Plan] => [p.model.kind, p]));
  return plansByKind.get(kind);
}

/** v1 widget type (upper case) -> conversion plan of its model. */
export function plans(): Map<string, Plan> {
  plansByV1Type ??= new Map(
    V1_WIDGET_MODELS.map((model): [string, Plan] => [
      model.v1.type,
      {
        model,
        renamed: model.v1.renamed ?? {},
        removed: new Set<string>(model.v1.removed ?? []),
        wrappers: new Set<string>(model.v1.iconWrappers ?? []),
        flatten: model.v1.flatten,
        itemRenamed: model.v1.itemRenamed ?? {},
        required: model.fields.filter((f) => f.required).map((f) => f.key),
        notAccepted: model.notAccepted,
      },
    ]),
  );
  return plansByV1Type;
}

/** The v1 widget types without a v2 counterpart, with what to use instead. */
export const NO_V2_COUNTERPART: Record<string, string> = {
  LEGEND_TITLE_ROW: "add a title_row (and a subtitle_row) with its text by hand",
};

let fieldIndex: WeakMap<readonly FieldDescriptor[], Map<string, FieldDescriptor>> | undefined;

/** The descriptor of `key` in a field list, by a map built once per list (lists are module constants). */
export function fieldOf(fields: readonly FieldDescriptor[], key: string): FieldDescriptor | undefined {
  fieldIndex ??= new WeakMap();
  let byKey = fieldIndex.get(fields);
  if (!byKey) {
    byKey = new Map(fields.map((f) => [f.key, f]));
    fieldIndex.set(fields, byKey);
  }
  return byKey.get(key);
}
