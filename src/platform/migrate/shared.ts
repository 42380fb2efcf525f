// Helpers every migration step shares: own-key reads and writes, showing values, paths, final tidying.
import { BODY_SCHEMAS } from "../bodies";
import { isRecord } from "../json";
import { formatPath, type PathSegment, type Problem } from "../problems";
import { withoutNulls } from "../validate";
import type { MigrationKind, MigrationSuccess, Reporter } from "./report";

export type Json = Record<string, unknown>;

/** Sets `key` as an own property, even `__proto__`, which plain assignment would swallow. */
export function put(obj: Json, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Numbers JSON cannot hold (JSON.parse reads 1e400 as Infinity), shown instead of JSON's null. */
function showNumber(n: number): string {
  return Number.isNaN(n)
    ? "NaN"
    : n > 0
      ? "a number too large to represent"
      : "a negative number too large to represent";
}

/**
 * Shows a value in a report line, whole: a value left out of the v2 body survives only here, so
 * shortening it would lose what the user wrote.
 */
export function show(value: unknown): string {
  if (typeof value === "number" && !Number.isFinite(value)) return showNumber(value);
  let s: string;
  try {
    s =
      JSON.stringify(value, (_k, v: unknown) =>
        typeof v === "number" && !Number.isFinite(v) ? `<${showNumber(v)}>` : v,
      ) ?? String(value);
  } catch {
    // Too deeply nested to print (the stack runs out); the path still says where it was.
    s = Array.isArray(value) ? "[a deeply nested array]" : "{a deeply nested object}";
  }
  return s;
}

export const WRAPPER_KEYS = ["widget_type", "data", "@type"] as const;

/**
 * `at` extended by one segment, formatted as `formatPath` formats the whole path. Paths are built
 * this way as the walk descends, instead of copying and formatting a segment array per report line.
 */
export function childPath(at: string, seg: PathSegment): string {
  const s = formatPath([seg]);
  if (at === "") return s;
  return s.startsWith("[") ? `${at}${s}` : `${at}.${s}`;
}

/**
 * Leaves out the nulls on optional fields that the walk above does not reach (inside actions, for
 * example), with a report line each, so no null is ever exported.
 */
export function dropRemainingNulls(kind: "post" | "user" | "chat", body: Json, r: Reporter): Json {
  const found: Problem[] = [];
  const out = withoutNulls(BODY_SCHEMAS[kind], body, [], found);
  for (const p of found)
    r.add(p.path, "dropped", `null means "not set" on the platform (proto3 JSON); left out of ${p.at}`);
  return isRecord(out) ? out : body;
}

export function orderKeys(body: Json, order: readonly string[]): Json {
  const out: Json = {};
  for (const k of order) if (Object.hasOwn(body, k)) put(out, k, body[k]);
  for (const k of Object.keys(body)) if (!Object.hasOwn(out, k)) put(out, k, body[k]);
  return out;
}

export function unchanged(kind: MigrationKind, json: Json): MigrationSuccess {
  return { ok: true, kind, body: json, report: [], from: "v2" };
}

export function has(json: Json, keys: readonly string[]): boolean {
  return keys.some((k) => k in json);
}
