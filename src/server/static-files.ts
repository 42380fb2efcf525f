import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { formatErrorMessage, studioError } from "../platform/errors";
import { studioPage } from "./studio-pages";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

async function fileAt(path: string): Promise<Buffer | undefined> {
  try {
    const s = await stat(path);
    if (!s.isFile()) return undefined;
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/**
 * Whether a path names a file rather than a client route: a missing one is a 404, never index.html,
 * so a stale page after a rebuild of dist/ fails plainly instead of with a MIME-type error.
 */
export function looksLikeFile(path: string): boolean {
  return path.startsWith("/assets/") || extname(path) !== "";
}

/** The CSP hashes ('sha256-...') of the contents of an HTML page's inline `tag` elements, in order. */
function inlineHashes(html: string, tag: "script" | "style"): string[] {
  const hashes: string[] = [];
  const pattern =
    tag === "script"
      ? /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi
      : /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi;
  for (const m of html.matchAll(pattern))
    hashes.push(
      `sha256-${createHash("sha256")
        .update(m[1] ?? "")
        .digest("base64")}`,
    );
  return hashes;
}

/** The hashes of a page's inline scripts and styles, for its Content-Security-Policy. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/** Hashes the inline scripts and style elements of an HTML page. */
export function inlineHashesOf(html: string): InlineHashes {
  return { scripts: inlineHashes(html, "script"), styles: inlineHashes(html, "style") };
}

/** Compressed from this size up, as the `compress()` middleware does for every other answer. */
const COMPRESS_FROM = 1024;

const gzipped = promisify(gzip);

/** What is worked out once per version of a file: its validator, compressed bytes and page headers. */
interface Prepared {
  raw: Buffer;
  /** The bytes as sent (copied once, not on every request). */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  gzip: Promise<Uint8Array<ArrayBuffer>> | null;
  /** Its content type, and for a page its Content-Security-Policy. */
  headers: Record<string, string>;
}

/**
 * The files of dist/ as last served, by path. Each request still reads its file (a rebuilt dist/ is
 * served at once, whatever its timestamps), but compression (12 ms for the editor's entry) and the
 * page's hashes are done once per version, not on every load (docs/decisions.md, issue 14).
 */
class PreparedFiles {
  /** Most recently served last; past `LIMIT` paths (the assets of earlier builds), the oldest goes. */
  private readonly byPath = new Map<string, Prepared>();
  private static readonly LIMIT = 256;
  constructor(private readonly pageHeaders: (file: Buffer) => Record<string, string>) {}

  of(path: string, raw: Buffer, type: string): Prepared {
    const known = this.byPath.get(path);
    this.byPath.delete(path);
    if (known?.raw.equals(raw)) {
      this.byPath.set(path, known);
      return known;
    }
    const prepared: Prepared = {
      raw,
      body: new Uint8Array(raw),
      etag: `W/"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`,
      gzip:
        COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && raw.length >= COMPRESS_FROM
          ? gzipped(raw).then((z) => new Uint8Array(z))
          : null,
      headers: { "content-type": type, ...(type === TYPES[".html"] ? this.pageHeaders(raw) : {}) },
    };
    // A failed compression is not kept: the file goes out as it is, and the next request tries again.
    prepared.gzip?.catch(() => {
      if (this.byPath.get(path) === prepared) this.byPath.delete(path);
    });
    this.byPath.set(path, prepared);
    for (const oldest of this.byPath.keys()) {
      if (this.byPath.size <= PreparedFiles.LIMIT) break;
      this.byPath.delete(oldest);
    }
    return prepared;
  }
}

/** The answer for a prepared file: 304 when the browser has this version, compressed when it asks. */
async function respond(c: Context, file: Prepared, cacheControl: string): Promise<Response> {
  const all = {
    ...file.headers,
    "cache-control": cacheControl,
    etag: file.etag,
    ...(file.gzip ? { vary: "Accept-Encoding" } : {}),
  };
  // Compared weakly (RFC 9110): a validator sent without its W/ still names this version.
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const known = c.req.header("if-none-match");
  if (known?.split(",").some((tag) => bare(tag) === bare(file.etag) || tag.trim() === "*"))
    return c.body(null, 304, all);
  const zipped =
    file.gzip && accepts(c, { header: "Accept-Encoding", supports: ["gzip"], default: "identity" }) === "gzip"
      ? await file.gzip.catch(() => null)
      : null;
  return zipped ? c.body(zipped, 200, { ...all, "content-encoding": "gzip" }) : c.body(file.body, 200, all);
}

/** What the static handler may add to a page: its Content-Security-Policy, given its inline parts' hashes. */
export interface StaticOptions {
  pagePolicy?: (hashes: InlineHashes) => string;
}

/**
 * Serves the built editor from `distDir` on the proxy's origin, with SPA fallback to index.html for
 * client routes and 404 for missing files. When the editor is not built, answers 503 with how to build it.
 * A page's inline scripts and styles are allowed by their hashes, read from the file it serves (a
 * rebuilt dist/ is served with its own).
 */
export function createStaticHandler(distDir: string, options: StaticOptions = {}) {
  const pageHeaders = (file: Buffer): Record<string, string> =>
    options.pagePolicy
      ? { "content-security-policy": options.pagePolicy(inlineHashesOf(file.toString("utf8"))) }
      : {};
  const root = resolve(distDir);
  const prepared = new PreparedFiles(pageHeaders);
  return async (c: Context): Promise<Response> => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      // The app refuses malformed escapes first (guards.ts); this keeps the handler safe on its own.
      return c.json(
        studioError("invalid_request", { detail: "the address holds a malformed percent-escape" }),
        400,
      );
    }
    const target = resolve(join(root, path));
    // Stay inside dist/: `..` in a path must not reach other files.
    if (target.startsWith(root + sep)) {
      const file = await fileAt(target);
      if (file) {
        const type = TYPES[extname(target).toLowerCase()] ?? "application/octet-stream";
        const immutable = path.startsWith("/assets/");
        return respond(
          c,
          prepared.of(target, file, type),
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      }
    }
    if (looksLikeFile(path))
      return c.text(
        "Not found: this file is not in the built editor. If dist/ was rebuilt while the page was open, reload the page.",
        404,
        { "cache-control": "no-store" },
      );
    const indexPath = join(root, "index.html");
    const index = await fileAt(indexPath);
    if (index) return respond(c, prepared.of(indexPath, index, TYPES[".html"] ?? ""), "no-cache");
    const msg = formatErrorMessage("editor_not_built");
    return c.html(
      studioPage(
        "Editor not built",
        `<h1>Editor not built</h1><p>${msg}</p><p>Looked in <code>${root}</code>. The JSON API under <code>/api</code> works without it.</p>`,
      ),
      503,
    );
  };
}
