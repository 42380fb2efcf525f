import {
  Agent as HttpAgent,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request as httpRequest,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { FetchLike } from "./oauth-client";

/**
 * The proxy's transport to the platform: a `FetchLike` over `node:http(s)` with keep-alive agents.
 *
 * Why not the global `fetch`: on loopback, undici's fetch costs ~0.6 ms per call in Request, Headers,
 * AbortSignal and web-stream objects, against ~0.2 ms for `node:http` with a kept-alive socket
 * (BENCHMARKS.md, "Proxy steps alone"); every publish pays it once. The answer is read whole
 * (platform answers are small JSON) and handed back as a standard `Response`, and failures look
 * as fetch's do, so the clients' timeout and error mapping (`mapFetchFailure`) are unchanged:
 * an aborted signal rejects with `signal.reason` (a `TimeoutError` for `AbortSignal.timeout`),
 * a network failure with `TypeError("fetch failed", { cause })`, the cause saying whether the request
 * provably never left (`NotSentError`) or may have reached the platform (`OutcomeUnknownError`).
 * Nothing is ever sent twice, except a request whose reused socket was closed before a byte was written.
 * What it does not do itself, it leaves to the global `fetch`: `Request` objects and bodies other
 * than text or bytes, and following redirects (the platform does not redirect API calls).
 */
export interface HttpFetch extends FetchLike {
  /** Closes the kept-alive sockets (tests; a server that stops). */
  close(): void;
}

/**
 * The cause of a failure after the request was (or may have been) written: the platform may or may not
 * have acted on it, so it must be reported as such and never sent again (docs/api.md).
 */
export class OutcomeUnknownError extends Error {
  override name = "OutcomeUnknownError";
  readonly code: string | undefined;
  constructor(cause: NodeJS.ErrnoException) {
    super(cause.message);
    this.code = cause.code;
  }
}

/** The cause of a failure that provably happened before any byte of the request was written. */
export class NotSentError extends Error {
  override name = "NotSentError";
  readonly code: string | undefined;
  constructor(cause: NodeJS.ErrnoException) {
    super(cause.message);
    this.code = cause.code;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const IDLE_SOCKET_MS = 4000;
/** Statuses whose Response must have no body (Fetch standard, "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** Creates a keep-alive `FetchLike` (see the module comment). */
export function createHttpFetch(): HttpFetch {
  const agents = {
    // Idle sockets are dropped after 4 s (and sooner when the server's Keep-Alive hint says so), before
    // a typical server's 5 s idle limit: a request then rarely meets a socket the server is closing,
    // which would leave its outcome unknown.
    "http:": new HttpAgent({ keepAlive: true, scheduling: "lifo", timeout: IDLE_SOCKET_MS }),
    "https:": new HttpsAgent({ keepAlive: true, scheduling: "lifo", timeout: IDLE_SOCKET_MS }),
  };

  const httpFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const body = init.body;
    const url = input instanceof Request ? undefined : new URL(input);
    if (
      !url ||
      (url.protocol !== "http:" && url.protocol !== "https:") ||
      (body != null && typeof body !== "string" && !(body instanceof Uint8Array))
    )
      return fetch(input, init);
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const method = (init.method ?? "GET").toUpperCase();
    const headers: OutgoingHttpHeaders = {};
    for (const [k, v] of new Headers(init.headers ?? {})) headers[k] = v;
    if (body != null) headers["content-length"] = String(Buffer.byteLength(body));

    let answer = await send(url, method, headers, body ?? undefined, signal, false);
    // Only a request that provably never left this process is sent again: its kept-alive socket was
    // already closed when the agent handed it over, so not one byte was written. Anything else (a reset
    // after the request was written, even on a reused socket) may have reached the platform.
    if (answer === "unsent") answer = await send(url, method, headers, body ?? undefined, signal, true);
    if (answer === "unsent")
      throw new TypeError("fetch failed", {
        cause: new NotSentError(new Error("the connection closed before the request was written")),
      });
    const { res, bytes } = answer;
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location && init.redirect === "error")
      throw new TypeError("fetch failed", { cause: new Error(`redirected to ${location}`) });
    if (REDIRECTS.has(status) && location && init.redirect !== "manual") {
      // As fetch does (Fetch standard, HTTP-redirect fetch step 12): 303, and 301/302 after a POST, become a GET.
      const toGet = status === 303 || ((status === 301 || status === 302) && method === "POST");
      const next: RequestInit = toGet ? { ...init, method: "GET", body: null } : init;
      return fetch(new URL(location, url), next);
    }
    if (status < 200 || status > 599)
      throw new TypeError("fetch failed", { cause: new Error(`unexpected HTTP status ${status}`) });
    const responseHeaders = new Headers();
    const raw = res.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) responseHeaders.append(raw[i] ?? "", raw[i + 1] ?? "");
    return new Response(NULL_BODY.has(status) || method === "HEAD" ? null : decode(res, bytes), {
      status,
      statusText: res.statusMessage ?? "",
      headers: responseHeaders,
    });
  };

  function send(
    url: URL,
    method: string,
    headers: OutgoingHttpHeaders,
    body: string | Uint8Array | undefined,
    signal: AbortSignal | undefined,
    retried: boolean,
  ): Promise<{ res: IncomingMessage; bytes: Buffer } | "unsent"> {
    return new Promise((resolve, reject) => {
      const agent = url.protocol === "https:" ? agents["https:"] : agents["http:"];
      const request = url.protocol === "https:" ? httpsRequest : httpRequest;
      let settled = false;
      const done = (fn: () => void) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        fn();
      };
      const req = request(url, { method, headers, agent });
      const onAbort = () => {
        const reason: unknown = signal?.reason;
        req.destroy();
        done(() => reject(reason));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      // A fresh socket writes nothing before it connects; a reused one that is already closed when it
      // is handed over writes nothing at all. Either way a failure then proves the request never left.
      let unsent = true;
      let deadOnArrival = false;
      req.on("socket", (socket) => {
        if (req.reusedSocket && (socket.destroyed || socket.readableEnded || !socket.writable))
          deadOnArrival = true;
        else if (socket.connecting) socket.once("connect", () => (unsent = false));
        else unsent = false;
      });
      req.on("error", (err: NodeJS.ErrnoException) => {
        if (deadOnArrival && !retried) done(() => resolve("unsent"));
        else if (unsent || deadOnArrival)
          done(() => reject(new TypeError("fetch failed", { cause: new NotSentError(err) })));
        else done(() => reject(new TypeError("fetch failed", { cause: new OutcomeUnknownError(err) })));
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done(() => resolve({ res, bytes: Buffer.concat(chunks) })));
        // The platform answered, so it had the request: a cut-off answer leaves the outcome unknown.
        res.on("error", (err) =>
          done(() => reject(new TypeError("fetch failed", { cause: new OutcomeUnknownError(err) }))),
        );
        res.on("close", () => {
          if (!res.complete)
            done(() =>
              reject(
                new TypeError("fetch failed", {
                  cause: new OutcomeUnknownError(new Error("the answer was cut off")),
                }),
              ),
            );
        });
      });
      req.end(body);
    });
  }

  return Object.assign(httpFetch, {
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  });
}

/** Undoes a content-encoding the server applied anyway (no accept-encoding is sent), as fetch does. */
function decode(res: IncomingMessage, bytes: Buffer): Uint8Array<ArrayBuffer> {
  const encoding = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  try {
    if (encoding === "gzip" || encoding === "x-gzip") return new Uint8Array(gunzipSync(bytes));
    if (encoding === "deflate") return new Uint8Array(inflateSync(bytes));
    if (encoding === "br") return new Uint8Array(brotliDecompressSync(bytes));
  } catch (e) {
    throw new TypeError("fetch failed", { cause: e });
  }
  // A view of the same memory (no copy), typed as the BodyInit that Response accepts.
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}
