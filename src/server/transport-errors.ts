/**
 * What the proxy's transport (http-transport.ts) fails with, and the limit it reads answers to: the
 * causes the clients tell apart (not sent, outcome unknown, an unexpected status, too large, not
 * decodable), kept apart from the transport so the clients and the deadline import only these.
 */

/**
 * The most of one answer the proxy reads from the platform (after undoing a content-encoding): its
 * answers are small JSON (`{}`, `{id}`); reading on would hold a 40 MB answer in memory and pass it
 * to the browser and the history (docs/decisions.md, "Proxy review fixes (seventh session)").
 */
export const UPSTREAM_ANSWER_LIMIT = 256 * 1024;

/** How an answer over `limit` is named in messages (the transport's error, the clients' details). */
export function answerTooLarge(limit = UPSTREAM_ANSWER_LIMIT): string {
  return `the answer is larger than ${limit / 1024} KB`;
}

/**
 * The error a Response's body fails with when the answer was larger than the limit: the status and
 * headers were read, the rest of the answer was not (the connection is closed, not drained).
 */
export class AnswerTooLargeError extends Error {
  override name = "AnswerTooLargeError";
  constructor(readonly limit: number) {
    super(answerTooLarge(limit));
  }
}

/** The error a Response's body fails with when its content-encoding could not be undone. */
export class UndecodableAnswerError extends Error {
  override name = "UndecodableAnswerError";
  constructor(encoding: string, cause: unknown) {
    super(
      `its ${encoding} content-encoding could not be undone (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
}

/** A network failure's code, when it has one. */
export function codeOf(e: unknown): string | undefined {
  return e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : undefined;
}

/**
 * A failure's message as a user reads it: OpenSSL's ("80…:error:0A00010B:SSL routines:ssl3_get_record:
 * wrong version number:../deps/openssl/…") becomes "the TLS handshake failed: wrong version number".
 */
function readableMessage(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  const openssl = /SSL routines:[^:]*:([^:]+)/.exec(message)?.[1];
  return openssl === undefined ? message : `the TLS handshake failed: ${openssl}`;
}

/** A transport failure's cause: the underlying error's words (readableMessage) and code. */
abstract class TransportCause extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super(readableMessage(cause));
    this.code = codeOf(cause);
  }
}

/** The cause of a failure that provably happened before any byte of the request was written. */
export class NotSentError extends TransportCause {
  override name = "NotSentError";
}

/**
 * The cause of a failure after the request was (or may have been) written: the platform may or may not
 * have acted on it, so it must be reported as such and never sent again (docs/api.md).
 */
export class OutcomeUnknownError extends TransportCause {
  override name = "OutcomeUnknownError";
}

/** The platform answered with a status outside HTTP's 200-599, which a Response cannot hold. */
export class UnexpectedStatusError extends Error {
  override name = "UnexpectedStatusError";
  constructor(status: number) {
    super(`HTTP ${status}`);
  }
}

/** Failures of the connection phase: the request provably never reached the platform. */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  // undici refuses a request it cannot write (an invalid header or method) before connecting.
  "UND_ERR_INVALID_ARG",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
]);
