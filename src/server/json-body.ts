import type { Context } from "hono";
import { type StudioError, studioError } from "../platform/errors";
import { formatPath } from "../platform/problems";

/**
 * Deepest nesting of arrays and objects the proxy reads: the same as the CLI's MAX_JSON_DEPTH
 * (src/cli/json-error.ts; a unit test keeps them equal). Platform bodies are under 12 levels deep, and
 * a deeper value can exhaust the stack of whatever serialises it later (the session seal, the inbox).
 */
export const MAX_JSON_DEPTH = 1000;

/** Largest JSON body accepted from the browser under /api/*. */
export const API_BODY_LIMIT = 1024 * 1024;
/** Largest body accepted on the addresses the platform calls (spec 2.8, 2.9, 4.11: small JSON). */
export const PLATFORM_BODY_LIMIT = 256 * 1024;

/** A size limit in words, as the error names it. */
export function sizeInWords(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

/** The error for a body over `limit` bytes. */
export function tooLarge(limit: number): StudioError {
  return studioError("payload_too_large", { detail: `it may be at most ${sizeInWords(limit)}` });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Deepest nesting of arrays and objects in a JSON text (brackets inside strings do not count). */
function nestingOf(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      // Skip the string, escapes included.
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

/** Offset of the first byte that starts a malformed UTF-8 sequence. */
function firstBadUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    const extra = lead < 0x80 ? 0 : lead >> 5 === 6 ? 1 : lead >> 4 === 14 ? 2 : lead >> 3 === 30 ? 3 : -1;
    if (extra < 0 || i + extra >= bytes.length) return i;
    for (let k = 1; k <= extra; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += extra + 1;
  }
  return 0;
}

/**
 * The path to the first value nested deeper than MAX_JSON_DEPTH (its first 12 steps), or undefined.
 * Iterative, so the check itself cannot run out of stack.
 */
export function tooDeepAt(root: unknown): Array<string | number> | undefined {
  const stack: Array<{ value: unknown; depth: number; path: Array<string | number> | undefined }> = [
    { value: root, depth: 0, path: [] },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth, path } = item;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return path ?? [];
    // Only the first 12 steps of a path are kept: enough to say where, and no quadratic copying.
    const step = (k: string | number) => (path && path.length < 12 ? [...path, k] : path);
    if (Array.isArray(value))
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], depth: depth + 1, path: step(i) });
    else
      for (const [k, v] of Object.entries(value)) stack.push({ value: v, depth: depth + 1, path: step(k) });
  }
  return undefined;
}

/** Parses a body's bytes: strict UTF-8, JSON, and the depth limit; errors name what and where. */
export function parseJsonBytes(
  bytes: Uint8Array,
  limit: number,
): { ok: true; json: unknown } | { ok: false; error: StudioError } {
  if (bytes.byteLength > limit) return { ok: false, error: tooLarge(limit) };
  let text: string;
  try {
    // A lenient decoder would turn bad bytes into U+FFFD and publish text the user never wrote.
    text = utf8.decode(bytes);
  } catch {
    const at = firstBadUtf8(bytes);
    const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, "0");
    return {
      ok: false,
      error: studioError("invalid_request", {
        detail: `the body is not valid UTF-8 (byte 0x${byte} at offset ${at}); send the JSON as UTF-8 text`,
      }),
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: studioError("invalid_request", { detail: "the body is not valid JSON" }) };
  }
  // A scan of the text is cheaper than walking the parsed value; the walk only says where.
  const deep = nestingOf(text) > MAX_JSON_DEPTH ? (tooDeepAt(json) ?? []) : undefined;
  if (deep !== undefined)
    return {
      ok: false,
      error: studioError("invalid_request", {
        detail: `the body is nested more than ${MAX_JSON_DEPTH} levels deep (at ${formatPath(deep)}…); no platform body is nested like that`,
      }),
    };
  return { ok: true, json };
}

/** Reads a request's body as JSON within `limit` bytes (see parseJsonBytes). */
export async function readJsonBody(
  c: Context,
  limit: number,
): Promise<{ ok: true; json: unknown } | { ok: false; error: StudioError }> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await c.req.arrayBuffer());
  } catch {
    // bodyLimit aborts a chunked body past the limit while it is read.
    return { ok: false, error: tooLarge(limit) };
  }
  return parseJsonBytes(bytes, limit);
}
