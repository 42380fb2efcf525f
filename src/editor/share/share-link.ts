import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from "lz-string";
import { type ImportResult, importJson } from "../json/import-body";
import type { DocumentKind } from "../store/document";

/** The fragment parameter that carries a shared document. */
export const SHARE_PARAM = "doc";

/** The longest draft name a link carries (a longer one is left out: the draft gets the default). */
const NAME_MAX = 100;

/** A shared document as read from a link: the import's result, and the sender's draft name if any. */
export type SharedDoc = ImportResult & { name?: string | undefined };

function nameOf(value: unknown): string | undefined {
  const name = typeof value === "string" ? value.trim() : "";
  return name && [...name].length <= NAME_MAX ? name : undefined;
}

/** The URL fragment (without `#`) carrying `body` of `kind`, and the draft's `name`, compressed. */
export function encodeShare(kind: DocumentKind, body: unknown, name?: string): string {
  const named = nameOf(name);
  return `${SHARE_PARAM}=${compressToEncodedURIComponent(JSON.stringify({ kind, body, ...(named ? { name: named } : {}) }))}`;
}

/** A full share link for the page at `base` (its own fragment is replaced). */
export function shareUrl(base: string, kind: DocumentKind, body: unknown, name?: string): string {
  const url = new URL(base);
  url.hash = encodeShare(kind, body, name);
  return url.toString();
}

/**
 * Reads a shared document from a URL fragment; undefined when the fragment carries none.
 * The content is untrusted: it goes through the same checks as an import.
 */
export function decodeShare(hash: string): SharedDoc | undefined {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  const params = new URLSearchParams(fragment);
  const packed = params.get(SHARE_PARAM);
  if (packed === null) return undefined;
  const broken: ImportResult = {
    ok: false,
    message: "The shared link is damaged (it may have been cut short when copied): ask for the link again.",
  };
  // URLSearchParams turns "+" into a space; lz-string's URI alphabet uses "+".
  const text = decompressFromEncodedURIComponent(packed.replace(/ /g, "+"));
  if (!text) return broken;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return broken;
  }
  if (typeof json !== "object" || json === null || !("body" in json)) return broken;
  const kind = "kind" in json && json.kind === "user" ? "user" : "post";
  // The sender's draft name opens the draft under that name (text only: it is never rendered as HTML).
  return { ...importJson(json.body, kind), name: "name" in json ? nameOf(json.name) : undefined };
}
