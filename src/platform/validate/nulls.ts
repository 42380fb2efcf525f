// Nulls on optional fields: read as "not set" (proto3 JSON), reported, and left out of what is sent.
import * as z from "zod";
import { isWidgetKind } from "../../widgets/registry";
import { isRecord } from "../json";
import { type PathSegment, type Problem, problem } from "../problems";
import { widgetSchema } from "../widgets";
import { MAX_WALK_DEPTH } from "./kinds";

/** The schema inside optional, default, nullable and pipe wrappers. */
export function unwrapSchema(t: z.ZodType): z.ZodType {
  let u = t;
  for (;;) {
    if (u instanceof z.ZodOptional || u instanceof z.ZodDefault || u instanceof z.ZodNullable)
      u = u.unwrap() as z.ZodType;
    else if (u instanceof z.ZodPipe) u = u.in as z.ZodType;
    else return u;
  }
}

const NULL_MESSAGE =
  'is null, which the platform reads as "not set" (proto3 JSON): treated as absent and never sent on; delete it';

/** Whether `value` holds a null within the walk's depth (no copy, no path: the common case is none). */
function hasNull(value: unknown, depth: number): boolean {
  if (value === null) return true;
  if (typeof value !== "object" || depth > MAX_WALK_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (hasNull(v, depth + 1)) return true;
    return false;
  }
  if (!isRecord(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key) && hasNull(value[key], depth + 1)) return true;
  return false;
}

/**
 * A copy of `value` without the nulls on optional fields, which proto3's JSON mapping reads as
 * "not set" (the OpenAPI's own examples send them); each one is a warning. A null on a required
 * field stays, and is an error.
 */
export function withoutNulls(
  schema: z.ZodType,
  value: unknown,
  path: PathSegment[],
  out: Problem[],
): unknown {
  // Most bodies hold no null at all: nothing to drop or report, and no copy to make.
  if (path.length > MAX_WALK_DEPTH || !hasNull(value, path.length)) return value;
  const t = unwrapSchema(schema);
  if (t instanceof z.ZodObject && isRecord(value)) {
    const shape = t.shape as Record<string, z.ZodType>;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const v = value[key];
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      // A widget key is the widget itself, not an optional field: `{"title_row": null}` stays an error.
      const optional = field instanceof z.ZodOptional || field instanceof z.ZodDefault;
      if (v === null && optional && !(t === widgetSchema && isWidgetKind(key))) {
        out.push(problem([...path, key], NULL_MESSAGE, "warning", "null_as_absent"));
        continue;
      }
      // defineProperty: a "__proto__" key must stay a key, as JSON.parse made it.
      Object.defineProperty(copy, key, {
        value: field ? withoutNulls(field, v, [...path, key], out) : v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  if (t instanceof z.ZodArray && Array.isArray(value))
    return value.map((v, i) => withoutNulls(t.element as z.ZodType, v, [...path, i], out));
  return value;
}
