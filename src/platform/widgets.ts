import * as z from "zod";
import { newWidgetObject, widgetKeysOf } from "../widgets/catalog";
import { modelOf, WIDGET_KINDS, WIDGET_MODELS, type WidgetKind } from "../widgets/registry";
import { isFieldPath, typeError } from "./fields";

const DOT_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** semantic_paths: semantic key -> dot path of a field inside the same widget (no array indices). */
export const semanticPathsSchema = z.record(
  z.string(),
  z.string({ error: (iss) => typeError(iss.input, "a dot path such as action.open_direct_link") }),
  { error: (iss) => typeError(iss.input, "an object mapping semantic keys to field paths") },
);

type WidgetShape = {
  [M in (typeof WIDGET_MODELS)[number] as M["kind"]]: z.ZodOptional<M["schema"]>;
} & { semantic_paths: z.ZodOptional<typeof semanticPathsSchema> };

function buildShape(): WidgetShape {
  const shape: Record<string, z.ZodType> = {};
  for (const m of WIDGET_MODELS) shape[m.kind] = m.schema.optional();
  shape.semantic_paths = semanticPathsSchema.optional();
  // The keys and schemas above are exactly those of WidgetShape, built from the same list.
  return shape as unknown as WidgetShape;
}

// The zod-free lookups live with the widgets' plain facts (the editor's first paint uses them).
export { widgetKeysOf, widgetKindOf, widgetLabel, widgetSummary } from "../widgets/catalog";

/** A v2 widget: an object with exactly one widget key, plus optional semantic_paths (spec 2.13). */
export const widgetSchema = z
  .strictObject(buildShape(), {
    error: (iss) =>
      typeError(iss.input, `a widget object with one widget key such as {"title_row": {"text": "…"}}`),
  })
  .superRefine((w, ctx) => {
    const kinds = widgetKeysOf(w);
    if (kinds.length === 0) {
      ctx.addIssue({
        code: "custom",
        message: `a widget needs exactly one widget key: one of ${WIDGET_KINDS.join(", ")}`,
        input: w,
        // Left out when one of the widget's unknown keys is a misspelt kind (problems.ts).
        params: { noWidgetKey: true },
      });
      return;
    }
    if (kinds.length > 1) {
      ctx.addIssue({
        code: "custom",
        message: `holds ${kinds.join(" and ")}: a widget object holds exactly one widget, so split it into ${kinds.length} widgets`,
        input: w,
      });
      return;
    }
    const [kind] = kinds;
    if (kind === undefined) return;
    const paths: readonly string[] = modelOf(kind).paths;
    for (const [key, path] of Object.entries(w.semantic_paths ?? {})) {
      if (!DOT_PATH.test(path)) {
        ctx.addIssue({
          code: "custom",
          path: ["semantic_paths", key],
          message: /\[|\.\d/.test(path)
            ? `"${path}" uses an array index; semantic paths name fields with dots only (no indices)`
            : `"${path}" is not a dot path: write field names joined by dots, e.g. action.open_direct_link`,
          input: path,
        });
      } else if (!isFieldPath(paths, path)) {
        ctx.addIssue({
          code: "custom",
          path: ["semantic_paths", key],
          message: `"${path}" is not a field of ${kind}: use one of ${paths.join(", ")}`,
          input: path,
        });
      }
    }
  });

export type Widget = z.infer<typeof widgetSchema>;

/** A new widget of `kind` with the model's starting values. */
export function newWidget(kind: WidgetKind): Widget {
  return newWidgetObject(kind) as Widget;
}
