import * as z from "zod";
import { describeFields, type FieldDescriptor, fieldPaths } from "../platform/fields";
import { type KeyHint, unknownField, v1Field } from "../platform/problems";
import type { WidgetMeta } from "./meta";

/** How a v1 widget of this kind turns into v2 (spec 2.13; platform facts, "v1 widgets"). */
export interface V1Info {
  /** The v1 widget_type. */
  type: string;
  /** v1 field -> v2 field. */
  renamed?: Record<string, string>;
  /** v1 fields dropped in v2. */
  removed?: readonly string[];
  /** v1 wrapper objects {icon_name, icon_color} whose icon_name becomes the v2 icon_name. */
  iconWrappers?: readonly string[];
  /** A nested v1 object whose fields move up into the widget (button_bar's `button`). */
  flatten?: string;
  /** Renames inside list items (e.g. image_carousel_row items: image_url -> image_id). */
  itemRenamed?: Record<string, string>;
}

type RefineCtx = z.RefinementCtx;

/** A JSON Schema document (draft 2020-12) as plain JSON. */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

/**
 * JSON Schema for "field `key` is set": present and not null. The studio reads a null as absent
 * (nulls are accepted on optional fields), so `required` alone no longer says a field is set.
 */
export function setInSchema(key: string): JsonSchema {
  return { required: [key], properties: { [key]: { not: { type: "null" } } } };
}

/** A widget's plain facts (meta.ts) with its schema and what only the schema side knows. */
export interface WidgetDefinition<K extends string, S extends z.ZodRawShape>
  extends WidgetMeta<K, z.output<z.ZodObject<S>>, z.input<z.ZodObject<S>>> {
  fields: S;
  /** Rules that span several fields. */
  refine?: (value: z.output<z.ZodObject<S>>, ctx: RefineCtx) => void;
  /** How its v1 counterpart converts; absent for a widget v1 did not have (no v1 fixture needed). */
  v1?: V1Info;
  /**
   * Adds to the widget's JSON Schema what zod's export cannot see of `refine` (called with the
   * widget object's schema; the field registry's limits and labels are added for every widget).
   */
  jsonSchema?: (schema: JsonSchema) => void;
  /** Keys some documents show that this widget does not accept, with why. */
  notAccepted?: Record<string, string>;
}

/** Builds a widget model from its definition: the strict schema, the form fields and the field paths. */
export function defineWidget<K extends string, S extends z.ZodRawShape>(def: WidgetDefinition<K, S>) {
  const base = z.strictObject(def.fields, {
    error: (iss) =>
      iss.input === undefined ? "is required" : `must be an object with the ${def.kind} fields`,
  });
  const refine = def.refine;
  const schema = refine ? base.superRefine((v, ctx) => refine(v, ctx)) : base;
  const form: FieldDescriptor[] = describeFields(base);
  return {
    kind: def.kind,
    label: def.label,
    description: def.description,
    schema,
    fields: form,
    paths: fieldPaths(form),
    defaults: def.defaults,
    summary: def.summary,
    v1: def.v1 as V1Info | undefined,
    notAccepted: def.notAccepted ?? {},
    jsonSchema: def.jsonSchema ?? ((_: JsonSchema) => {}),
    hints: unknownKeyHints(def),
  } as const;
}

function unknownKeyHints(def: {
  kind: string;
  v1?: V1Info | undefined;
  notAccepted?: Record<string, string>;
}) {
  const hints: Record<string, KeyHint> = {};
  const v1: V1Info = def.v1 ?? { type: "" };
  for (const [from, to] of Object.entries(v1.renamed ?? {}))
    hints[from] = v1Field(`renamed to ${to} in v2 (addon-studio migrate renames it)`);
  for (const f of v1.removed ?? [])
    hints[f] = v1Field("removed in v2: delete it (addon-studio migrate does)");
  for (const w of v1.iconWrappers ?? [])
    hints[w] = v1Field(
      `the ${w} wrapper is removed in v2: put its icon_name directly on ${def.kind} (addon-studio migrate does)`,
    );
  if (v1.flatten)
    hints[v1.flatten] = v1Field(
      `flattened in v2: the fields of ${v1.flatten} (title, action) move up into ${def.kind} (addon-studio migrate does)`,
    );
  for (const [k, why] of Object.entries(def.notAccepted ?? {}))
    hints[k] = unknownField(`${why} (addon-studio migrate removes it and reports its value)`);
  return hints;
}

/** The model of one widget kind. */
export type WidgetModel = ReturnType<typeof defineWidget>;
