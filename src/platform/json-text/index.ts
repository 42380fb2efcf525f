// JSON text as people write it: the one parser the CLI, the editor's import and the proxy share.
// It says where a text breaks (line, column, JSON path), drops a byte order mark, refuses empty
// input and nesting deeper than any body, and finds keys written twice (which JSON.parse drops).
import { formatPath, type PathSegment } from "../problems";
import { findJsonError, type JsonSyntaxError, MAX_JSON_DEPTH } from "./syntax";

export { type DuplicateKey, findDuplicateKeys } from "./duplicates";
export { locatePaths, type TextPosition } from "./locate";
export { describeJsonError, findJsonError, type JsonSyntaxError, lineColumn, MAX_JSON_DEPTH } from "./syntax";

/** Deepest nesting of arrays and objects in a JSON text (brackets inside strings do not count). */
function nestingOf(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c) i++;
        else if (c === 0x22) break;
      }
    } else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > max) max = depth;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return max;
}

/**
 * The path to the first value nested deeper than MAX_JSON_DEPTH (its first 12 steps), or undefined.
 * Iterative, so the check itself cannot run out of stack.
 */
function tooDeepAt(root: unknown): PathSegment[] | undefined {
  // Entries link to their parent instead of copying the path: the path is built only when needed.
  type Entry = { value: unknown; depth: number; seg?: PathSegment; parent?: Entry };
  const stack: Entry[] = [{ value: root, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      const path: PathSegment[] = [];
      for (let e: Entry | undefined = item; e?.seg !== undefined; e = e.parent) path.unshift(e.seg);
      return path.slice(0, 12);
    }
    if (Array.isArray(value))
      for (let i = 0; i < value.length; i++)
        stack.push({ value: value[i], depth: depth + 1, seg: i, parent: item });
    else
      for (const [k, v] of Object.entries(value))
        stack.push({ value: v, depth: depth + 1, seg: k, parent: item });
  }
  return undefined;
}

/** Why a JSON text could not be read; each reader words it for its own audience. */
export type JsonTextFailure =
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "syntax"; error: JsonSyntaxError; text: string }
  | { ok: false; reason: "too_deep"; path: PathSegment[] };

/** A parsed JSON text, and the text as read (without its byte order mark), to locate paths in. */
export type JsonTextResult = { ok: true; json: unknown; text: string } | JsonTextFailure;

/** Parses JSON text: drops a byte order mark, refuses empty input, says where a syntax error is, limits depth. */
export function parseJsonText(input: string): JsonTextResult {
  // Editors on some systems write a byte order mark, which JSON.parse refuses; it is not part of the JSON.
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.trim() === "") return { ok: false, reason: "empty" };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const error = findJsonError(text);
    if (error) return { ok: false, reason: "syntax", error, text };
    // Both cannot disagree on valid JSON; should they, the engine's words are still a position.
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, reason: "syntax", error: { offset: 0, line: 1, column: 1, path: [], message }, text };
  }
  // A scan of the text is cheaper than walking the parsed value; the walk only says where.
  if (nestingOf(text) > MAX_JSON_DEPTH) return { ok: false, reason: "too_deep", path: tooDeepAt(json) ?? [] };
  return { ok: true, json, text };
}

/** A too-deep failure in words, naming where. */
export function tooDeepWords(path: readonly PathSegment[]): string {
  return `nested more than ${MAX_JSON_DEPTH} levels deep (at ${formatPath(path)}…)`;
}
