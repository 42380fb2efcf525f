import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { Agent, buildConnector, type Dispatcher, request } from "undici";
import { version } from "../../package.json";
import type { FetchLike } from "../platform/fetch-like";
import {
  AnswerTooLargeError,
  codeOf,
  NOT_SENT_CODES,
  NotSentError,
  OutcomeUnknownError,
  UndecodableAnswerError,
  UnexpectedStatusError,
  UPSTREAM_ANSWER_LIMIT,
} from "./transport-errors";

/**
 * The proxy's transport to the platform: a `FetchLike` over undici's keep-alive `Agent` and `request`.
 *
 * Why not the global `fetch` (undici too): its Request, Headers and web-stream objects cost ~0.4 ms
 * more per call on loopback (BENCHMARKS.md, "Proxy steps alone"); `request` costs what a hand-written
 * `node:http` transport did (within noise, "Platform transport"), with far less code of our own.
 * The answer is read whole up to UPSTREAM_ANSWER_LIMIT (platform answers are small JSON) and handed
 * back as a standard `Response`, and failures look as fetch's do: an aborted signal rejects with `signal.reason` (a
 * `TimeoutError` for `AbortSignal.timeout`), a network failure with `TypeError("fetch failed", {
 * cause })`, the cause saying whether the request provably never left (`NotSentError`: the connection
 * could not be made) or may have reached the platform (`OutcomeUnknownError`).
 *
 * Nothing is ever sent twice: undici dispatches a request again only when the kept-alive connection it
 * was queued on closed before any of it was written; one being written, or written, fails instead.
 * What it does not do itself, it leaves to the global `fetch`: `Request` objects, bodies other than
 * text or bytes, and following redirects (the platform does not redirect API calls).
 */
export interface HttpFetch extends FetchLike {
  /** Closes the kept-alive connections (tests; a server that stops). */
  close(): Promise<void>;
}

/** A body that fails at once with `error` (the status and headers of its answer stand). */
function failingBody(error: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.error(error) });
}

/**
 * Bounds the body of an answer read by the global `fetch` (the fallback below): past `limit` bytes it
 * fails with AnswerTooLargeError and the rest is not read (the source is cancelled).
 */
export function capAnswer(res: Response, limit = UPSTREAM_ANSWER_LIMIT): Response {
  if (!res.body) return res;
  let seen = 0;
  const guard = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new AnswerTooLargeError(limit));
      else controller.enqueue(chunk);
    },
  });
  return new Response(res.body.pipeThrough(guard), {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

/**
 * Failures of the connect phase (DNS, TCP, the TLS handshake, the connect timeout), whatever their
 * code: undici writes a request only once its connector has handed over a connected (for https,
 * handshaken) socket, so such a failure proves the request never left. A code list alone missed the
 * handshake's own failures (`ERR_SSL_WRONG_VERSION_NUMBER` for an https URL to a plain-HTTP port,
 * `UNABLE_TO_GET_ISSUER_CERT_LOCALLY` behind an intercepting proxy, a reset during the handshake).
 */
const connectFailures = new WeakSet<object>();

/**
 * undici's own connector (same defaults: 10 s connect timeout, TLS session cache), with each failure
 * it reports marked as a connect failure (connectFailures).
 */
function markingConnector(): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) =>
    connect(options, (...args) => {
      const [err] = args;
      if (err) connectFailures.add(err);
      callback(...args);
    });
}

/**
 * `dispatcher` with `started` called when a request is handed to a connected socket, just before it is
 * written (undici's onRequestStart; a request still connecting, or queued for a connection, has not
 * started). A per-call view of the same dispatcher: the connection pool is shared.
 */
function noticingStart(dispatcher: Dispatcher, started: () => void): Dispatcher {
  return dispatcher.compose(
    (dispatch) => (opts, handler) =>
      dispatch(opts, {
        onRequestStart: (controller, context) => {
          started();
          handler.onRequestStart?.(controller, context);
        },
        onRequestUpgrade: (controller, statusCode, headers, socket) =>
          handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
        onResponseStart: (controller, statusCode, headers, statusMessage) =>
          handler.onResponseStart?.(controller, statusCode, headers, statusMessage),
        onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
        onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
        onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
      }),
  );
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose Response must have no body (Fetch standard, "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/**
 * Idle connections are dropped after 4 s (sooner when the server's Keep-Alive hint says so), before a
 * typical server's 5 s idle limit: a request then rarely meets a connection the server is closing,
 * which would leave its outcome unknown.
 */
const IDLE_SOCKET_MS = 4000;

/** What the proxy calls itself to the platform (its API and token endpoint alike). */
export const USER_AGENT = `addon-studio/${version} (open-platform proxy)`;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

/** Creates a keep-alive `FetchLike` (see the module comment). */
export function createHttpFetch(): HttpFetch {
  const agent = new Agent({ keepAliveTimeout: IDLE_SOCKET_MS, connect: markingConnector() });

  const httpFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const body = init.body;
    if (
      input instanceof Request ||
      (body != null && typeof body !== "string" && !(body instanceof Uint8Array))
    )
      return capAnswer(await fetch(input, init));
    const url = new URL(input);
    if (url.protocol !== "http:" && url.protocol !== "https:") return capAnswer(await fetch(input, init));
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const method = (init.method ?? "GET").toUpperCase() as Method;
    const headers: Record<string, string> = {};
    try {
      for (const [k, v] of new Headers(init.headers ?? {})) headers[k] = v;
    } catch {
      // A value that cannot be a header (a token with a line break or a non-Latin-1 character):
      // refused here, before any connection, so the request provably never left. The runtime's
      // message quotes the value (a token, the API key): it is not passed on.
      throw new TypeError("fetch failed", {
        cause: new NotSentError(
          new Error("a request header holds a line break or a character no HTTP header can carry"),
        ),
      });
    }

    // undici's request sends none: some gateways and firewalls refuse a request without one.
    headers["user-agent"] ??= USER_AGENT;

    let status: number;
    let bytes: Buffer = Buffer.alloc(0);
    let bodyFailure: Error | undefined;
    const responseHeaders = new Headers();
    let answered = false;
    // undici holds a request aborted while its connection is being set up until the connect ends (its
    // own 10 s timeout), then fails it with the abort's reason: a platform address that drops packets
    // held the user past the deadline, then read as "did not answer; may still have applied". A request
    // not yet handed to a socket when the signal aborts provably never left: that is said at once
    // (undici still drops it unwritten, the inner signal having aborted).
    let started = false;
    const inner = new AbortController();
    let giveUp: (e: Error) => void = () => {};
    const unstarted = new Promise<never>((_, reject) => {
      giveUp = reject;
    });
    unstarted.catch(() => undefined);
    const notStarted = new TypeError("fetch failed", {
      cause: new NotSentError(
        new Error(
          "no connection to the platform was set up before the time limit ran out, so it was not sent",
        ),
      ),
    });
    const onAbort = () => {
      inner.abort(signal?.reason);
      if (!started) giveUp(notStarted);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const pending = request(url, {
        dispatcher: noticingStart(agent, () => {
          started = true;
        }),
        method,
        headers,
        body: body ?? null,
        signal: signal ? inner.signal : null,
      });
      // Settles after an early give-up too (with the abort's reason); nothing waits for it then.
      pending.catch(() => undefined);
      const res = await Promise.race([pending, unstarted]);
      answered = true;
      status = res.statusCode;
      for (const [k, v] of Object.entries(res.headers)) {
        if (Array.isArray(v)) for (const one of v) responseHeaders.append(k, one);
        else if (v !== undefined) responseHeaders.append(k, v);
      }
      try {
        const read = await readAtMost(res.body, UPSTREAM_ANSWER_LIMIT);
        bytes = read.bytes;
        if (read.over) bodyFailure = new AnswerTooLargeError(UPSTREAM_ANSWER_LIMIT);
      } catch (e) {
        // The status line was read, so the answer stands and only its body fails: a 2xx whose body
        // broke off (a reset, the deadline) was accepted all the same, and the platform client
        // reports a delivery; a 500 whose body dripped past the deadline is still a 500, not a timeout.
        bodyFailure = new TypeError("fetch failed", {
          cause: new OutcomeUnknownError(signal?.aborted ? signal.reason : e),
        });
      }
    } catch (e) {
      if (e === notStarted) throw e;
      if (signal?.aborted) throw signal.reason;
      // Before an answer began, only a failure to connect proves the request never left; once the
      // platform answered, it had the request.
      const code = codeOf(e);
      const connectFailed = typeof e === "object" && e !== null && connectFailures.has(e);
      const notSent = !answered && (connectFailed || (code !== undefined && NOT_SENT_CODES.has(code)));
      throw new TypeError("fetch failed", {
        cause: notSent ? new NotSentError(e) : new OutcomeUnknownError(e),
      });
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
    const location = responseHeaders.get("location");
    if (REDIRECTS.has(status) && location && init.redirect === "error")
      throw new TypeError("fetch failed", { cause: new Error(`redirected to ${location}`) });
    if (REDIRECTS.has(status) && location && init.redirect !== "manual") {
      // As fetch does (Fetch standard, HTTP-redirect fetch step 12): 303, and 301/302 after a POST, become a GET.
      const toGet = status === 303 || ((status === 301 || status === 302) && method === "POST");
      const next: RequestInit = toGet ? { ...init, method: "GET", body: null } : init;
      return capAnswer(await fetch(new URL(location, url), next));
    }
    // An answer, so not a broken connection: named as the unexpected status it is (a Response cannot hold it).
    if (status < 200 || status > 599)
      throw new TypeError("fetch failed", { cause: new UnexpectedStatusError(status) });
    const empty = NULL_BODY.has(status) || method === "HEAD";
    return new Response(
      empty ? null : bodyFailure ? failingBody(bodyFailure) : decode(responseHeaders, bytes),
      { status, headers: responseHeaders },
    );
  };

  return Object.assign(httpFetch, { close: () => agent.close() });
}

/**
 * Reads an answer's body up to `limit` bytes; past it, stops (leaving the loop destroys the body and
 * its connection, so the rest is never downloaded) and says so.
 */
async function readAtMost(
  body: AsyncIterable<Buffer>,
  limit: number,
): Promise<{ bytes: Buffer; over: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > limit) return { bytes: Buffer.alloc(0), over: true };
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks, total), over: false };
}

/**
 * Undoes a content-encoding the server applied anyway (no accept-encoding is sent), as fetch does;
 * what decodes to more than UPSTREAM_ANSWER_LIMIT becomes a body failing with AnswerTooLargeError.
 */
function decode(headers: Headers, bytes: Buffer): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  const encoding = (headers.get("content-encoding") ?? "").trim().toLowerCase();
  const opts = { maxOutputLength: UPSTREAM_ANSWER_LIMIT };
  try {
    if (encoding === "gzip" || encoding === "x-gzip") return new Uint8Array(gunzipSync(bytes, opts));
    if (encoding === "deflate") return new Uint8Array(inflateSync(bytes, opts));
    if (encoding === "br") return new Uint8Array(brotliDecompressSync(bytes, opts));
  } catch (e) {
    if (e instanceof RangeError) return failingBody(new AnswerTooLargeError(UPSTREAM_ANSWER_LIMIT));
    // The answer stands (its status was read); only its body cannot be read.
    return failingBody(new UndecodableAnswerError(encoding, e));
  }
  // A view of the same memory (no copy), typed as the BodyInit that Response accepts.
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}
