import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { STUDIO_BODY_LIMIT } from "../platform/body-check";
import { type StudioError, studioError } from "../platform/errors";
import { describeJsonError, parseJsonText, tooDeepWords } from "../platform/json-text";

/** Largest JSON body accepted from the browser under /api/*. */
export const API_BODY_LIMIT = STUDIO_BODY_LIMIT;
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
  const parsed = parseJsonText(text);
  if (parsed.ok) return { ok: true, json: parsed.json };
  const detail =
    parsed.reason === "empty"
      ? "the body is empty: send a JSON body"
      : parsed.reason === "too_deep"
        ? `the body is ${tooDeepWords(parsed.path)}; no platform body is nested like that`
        : `the body is not valid JSON: ${describeJsonError(parsed.error)}`;
  return { ok: false, error: studioError("invalid_request", { detail }) };
}

/** Reads a request's body as JSON within `limit` bytes (see parseJsonBytes). */
export async function readJsonBody(
  c: Context,
  limit: number,
): Promise<{ ok: true; json: unknown } | { ok: false; error: StudioError }> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await c.req.arrayBuffer());
  } catch (e) {
    // A limit broken while reading is a 413; anything else is a body that broke off (the sender's
    // connection went), which a 413 "at most 1 MB" in the log would misname.
    if (e instanceof HTTPException && e.status === 413) return { ok: false, error: tooLarge(limit) };
    return {
      ok: false,
      error: studioError("invalid_request", {
        detail: "the body could not be read in full (the connection broke while it was sent); send it again",
      }),
    };
  }
  const decoded = decodeContent(c.req.header("content-encoding"), bytes, limit);
  if (!decoded.ok) return decoded;
  return parseJsonBytes(decoded.bytes, limit);
}

const DECODERS: Record<string, (bytes: Uint8Array, o: { maxOutputLength: number }) => Uint8Array> = {
  gzip: gunzipSync,
  "x-gzip": gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/**
 * Undoes a body's Content-Encoding (gzip, deflate, br), at most `limit` bytes of it: a gateway in
 * front of the platform may compress what it forwards. A compressed delivery read as text was
 * refused as "not valid UTF-8", and the event lost.
 */
function decodeContent(
  encoding: string | undefined,
  bytes: Uint8Array,
  limit: number,
): { ok: true; bytes: Uint8Array } | { ok: false; error: StudioError } {
  const codings = (encoding ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== "" && e !== "identity");
  // An empty body is empty whatever it says it is encoded with (parseJsonBytes says so).
  if (bytes.byteLength === 0) return { ok: true, bytes };
  if (codings.length > 2)
    return {
      ok: false,
      error: studioError("invalid_request", {
        detail: `the body's Content-Encoding lists ${codings.length} codings; send it with one at most`,
      }),
    };
  let out = bytes;
  // Applied in the order listed, so undone from the last.
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (!decode)
      return {
        ok: false,
        error: studioError("invalid_request", {
          detail: `the body's Content-Encoding "${coding}" is not one the studio reads (gzip, deflate, br); send it uncompressed`,
        }),
      };
    try {
      out = decodeOne(coding, decode, out, limit + 1);
    } catch (e) {
      if (e instanceof RangeError) return { ok: false, error: tooLarge(limit) };
      return {
        ok: false,
        error: studioError("invalid_request", {
          detail: `the body is not valid ${coding} data, as its Content-Encoding says; send it uncompressed`,
        }),
      };
    }
  }
  return { ok: true, bytes: out };
}

/** One coding undone; `deflate` sent raw (no zlib header, as some senders write it) is read too. */
function decodeOne(
  coding: string,
  decode: (bytes: Uint8Array, o: { maxOutputLength: number }) => Uint8Array,
  bytes: Uint8Array,
  maxOutputLength: number,
): Uint8Array {
  try {
    return decode(bytes, { maxOutputLength });
  } catch (e) {
    if (coding !== "deflate" || e instanceof RangeError) throw e;
    return inflateRawSync(bytes, { maxOutputLength });
  }
}
