import { isRecord, valueAt } from "../../platform/json";
import type { PathSegment } from "../../platform/problems";

// Reading and writing inside a JSON value by path, for the document's edits.

/** The value at `path` inside `value`, or undefined (the contract's own reading of a path). */
export const getAtPath = valueAt;

/**
 * A copy of `value` with `next` at `path`, copying only the objects on the path (structural
 * sharing keeps untouched widgets identical, which the per-widget memoisation relies on).
 * `undefined` removes an object key (an optional field left out); missing containers are created.
 */
export function setAtPath(value: unknown, path: readonly PathSegment[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const arr = Array.isArray(value) ? [...value] : [];
    const child = setAtPath(arr[head], rest, next);
    if (child === undefined && rest.length === 0) arr.splice(head, 1);
    else arr[head] = child;
    return arr;
  }
  const obj: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  if (head === undefined) return obj;
  const child = setAtPath(obj[head], rest, next);
  if (child === undefined) delete obj[head];
  else obj[head] = child;
  return obj;
}

/**
 * `value` with the key at the end of `path` renamed to `to`, in its place among its siblings and
 * with its value; `value` itself when there is no such key or `to` already holds a value (a `null`
 * there counts as absent, as the platform reads it, and is replaced). A key whose value is `null`
 * is removed instead: the platform reads it as "not set" under either name, and renamed it would
 * only be flagged again ("delete it"). `keepNull` renames it anyway (a widget's kind key, where a
 * null is an error and the kind is what the user still has to fill in).
 */
export function renameKeyAt(
  value: unknown,
  path: readonly PathSegment[],
  to: string,
  keepNull = false,
): unknown {
  const from = path[path.length - 1];
  const parentPath = path.slice(0, -1);
  const parent = getAtPath(value, parentPath);
  if (typeof from !== "string" || !isRecord(parent) || !Object.hasOwn(parent, from)) return value;
  if (parent[from] === null && !keepNull) return setAtPath(value, path, undefined);
  const free =
    parent[to] === null ? Object.fromEntries(Object.entries(parent).filter(([k]) => k !== to)) : parent;
  const renamed = mapRename(free, from, to);
  return renamed ? setAtPath(value, parentPath, renamed) : value;
}

/** A copy of a map with `from` renamed to `to`, keeping its position; undefined when `to` is taken or empty. */
export function mapRename(map: unknown, from: string, to: string): Record<string, unknown> | undefined {
  const src = isRecord(map) ? map : {};
  if (from === to) return { ...src };
  if (to === "" || Object.hasOwn(src, to)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) out[k === from ? to : k] = v;
  return out;
}
