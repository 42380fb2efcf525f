import { STATUS_CODES } from "node:http";
import {
  type ErrorCode,
  type PlatformError,
  platformErrorSchema,
  type StudioError,
  studioError,
} from "../platform/errors";
import { isRecord } from "../platform/json";
import { tokenErrorSchema } from "../platform/oauth";
import { codePointLength, truncateCodePoints } from "../platform/text";
import { redactDeep, redactSecrets } from "./redaction";
import { NOT_SENT_CODES, UPSTREAM_ANSWER_LIMIT } from "./transport-errors";

/** Characters of the platform's message kept in an error body (it appears there twice). */
export const UPSTREAM_MESSAGE_LIMIT = 1000;
/** Characters of the platform's `details`, as JSON, kept in an error body; longer ones are dropped. */
const DETAILS_LIMIT = 4000;

/**
 * HTTP-date's three forms (RFC 9110 section 5.6.7): IMF-fixdate, which senders use, and the obsolete
 * RFC 850 and asctime forms, which recipients must still read. `Date.parse` alone would take "-5" or
 * "1.5" for dates.
 */
const HTTP_DATES = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{5,8}, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/**
 * Reads Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3); undefined
 * for anything else (the message then says "a few seconds"). A wait over a day is kept: the message
 * says "more than a day" (`waitWords`), and the body carries no countdown for it.
 */
export function retryAfterSeconds(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  let seconds: number | undefined;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else if (HTTP_DATES.some((form) => form.test(trimmed))) {
    // asctime has no zone: it is GMT as well.
    const date = Date.parse(/GMT$/.test(trimmed) ? trimmed : `${trimmed} GMT`);
    if (!Number.isNaN(date)) seconds = Math.max(0, Math.ceil((date - now) / 1000));
  }
  return seconds;
}

/**
 * The catalogue code of a failed status. Only 400, 413 and 422 say the request's content was refused;
 * a redirect (never followed: it would carry x-api-key elsewhere) and any other unexpected status
 * (418, 431, 405…) say what they are instead of asking the user to fix the body.
 */
function codeForStatus(status: number): ErrorCode {
  if (status >= 300 && status < 400) return "upstream_redirect";
  if (status === 400 || status === 413 || status === 422) return "upstream_bad_request";
  if (status === 401) return "upstream_unauthorized";
  if (status === 403) return "upstream_forbidden";
  if (status === 404) return "upstream_not_found";
  if (status === 412) return "upstream_precondition_failed";
  if (status === 429) return "upstream_rate_limited";
  if (status >= 500) return "upstream_server_error";
  return "upstream_unexpected_status";
}

/** "HTTP 418 (I'm a Teapot)". */
function statusText(status: number): string {
  const name = STATUS_CODES[status];
  return name ? `HTTP ${status} (${name})` : `HTTP ${status}`;
}

/** An answer's text as JSON, or undefined when it is not JSON (an HTML page, a cut-off body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Cuts a text to `limit` characters (code points: a Persian or emoji text is not split mid-character), saying how much was left out. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const n = codePointLength(text);
  if (n <= limit) return text;
  return `${truncateCodePoints(text, limit)}… (${n - limit} more characters not shown)`;
}

/** The platform's error body as read: bounded for passing on, and its field violations in words. */
interface ReadPlatformError {
  error: PlatformError;
  /** "field: description; …" of its google.rpc.BadRequest details, or "" (see fieldViolations). */
  violations: string;
}

/**
 * The platform's error body, its secrets redacted on the decoded values and its size bounded; its
 * field violations are read before the details are bounded.
 */
function platformErrorOf(json: unknown, secrets: readonly string[]): ReadPlatformError | undefined {
  const parsed = platformErrorSchema.safeParse(redactDeep(json, secrets));
  if (!parsed.success) return undefined;
  const { code, message, details } = parsed.data;
  const detailsText = JSON.stringify(details);
  return {
    error: {
      code,
      message: truncate(message, UPSTREAM_MESSAGE_LIMIT),
      details:
        detailsText.length <= DETAILS_LIMIT
          ? details
          : [{ note: `details of ${detailsText.length} characters were not passed on` }],
    },
    violations: fieldViolations(details),
  };
}

/** Field violations named in a failed answer's message; the rest are counted. */
const VIOLATIONS_LISTED = 10;

/**
 * The field violations of a googleRpcStatus's `details` (google.rpc.BadRequest: `fieldViolations` in
 * proto3 JSON, `field_violations` with proto names), as "field: description; …", or "" when there are
 * none. The editor shows the error's message, not `upstream.details`: without this a refused body
 * said "Fix it" without saying where. Read from the details before they are bounded (DETAILS_LIMIT),
 * already redacted; each part is cut short and only the first VIOLATIONS_LISTED are named.
 */
function fieldViolations(details: readonly unknown[]): string {
  const named: string[] = [];
  let total = 0;
  for (const detail of details) {
    if (!isRecord(detail)) continue;
    const list = detail.fieldViolations ?? detail.field_violations;
    if (!Array.isArray(list)) continue;
    for (const v of list) {
      if (!isRecord(v)) continue;
      const { field, description } = v;
      const where = typeof field === "string" && field.trim() !== "" ? truncate(field.trim(), 200) : "";
      const what = typeof description === "string" ? truncate(description.trim(), 200) : "";
      if (where === "" && what === "") continue;
      total++;
      if (named.length < VIOLATIONS_LISTED) named.push(where && what ? `${where}: ${what}` : where || what);
    }
  }
  if (total === 0) return "";
  return total > named.length ? `${named.join("; ")}; and ${total - named.length} more` : named.join("; ");
}

/**
 * The human part of a failed answer (`json`: its parsed text): the platform's message with the fields
 * it refused, the RFC 6749 error, or the status.
 */
export function upstreamDetail(
  status: number,
  json: unknown,
  secrets: readonly string[] = [],
  platform = platformErrorOf(json, secrets),
): string {
  if (platform) {
    const { error, violations } = platform;
    if (violations === "") return error.message;
    return error.message.trim() === "" ? violations : `${error.message} (${violations})`;
  }
  const oauth = tokenErrorSchema.safeParse(redactDeep(json, secrets));
  if (oauth.success) {
    const text = [oauth.data.error, oauth.data.error_description].filter(Boolean).join(": ");
    return truncate(text, UPSTREAM_MESSAGE_LIMIT);
  }
  return `HTTP ${status}`;
}

/** Where a redirect pointed: its origin and path only (a query may carry anything), redacted. */
function redirectTarget(headers: Headers, secrets: readonly string[]): string {
  const location = headers.get("location");
  if (!location) return "without a Location";
  let target: string;
  try {
    const u = new URL(location, "http://relative.invalid");
    target = u.origin === "http://relative.invalid" ? u.pathname : `${u.origin}${u.pathname}`;
  } catch {
    target = "an unreadable Location";
  }
  return `to ${truncate(redactSecrets(target, secrets), 200)}`;
}

/**
 * Maps a failed platform answer to a catalogue error, keeping the platform's `{code, message, details}`
 * (facts "Errors") or RFC 6749 `{error, error_description}` (section 5.2) when present. Secrets are
 * redacted on the parsed values (so JSON-escaped echoes are caught); `rawBodyText` null means the
 * answer was larger than UPSTREAM_ANSWER_LIMIT and was not read.
 */
export function mapUpstreamFailure(
  status: number,
  headers: Headers,
  rawBodyText: string | null,
  now: number,
  secrets: readonly string[] = [],
): StudioError {
  const code = codeForStatus(status);
  const json = rawBodyText === null ? undefined : parseJson(rawBodyText);
  const platform = rawBodyText === null ? undefined : platformErrorOf(json, secrets);
  let detail =
    rawBodyText === null
      ? `${statusText(status)}, with an answer larger than ${UPSTREAM_ANSWER_LIMIT / 1024} KB that was not read`
      : upstreamDetail(status, json, secrets, platform);
  if (code === "upstream_redirect") detail = `${statusText(status)} ${redirectTarget(headers, secrets)}`;
  else if (code === "upstream_unexpected_status" && rawBodyText !== null)
    detail = platform ? `${statusText(status)}: ${platform.error.message}` : statusText(status);
  // A 503's Retry-After says when the platform expects to be back (RFC 9110 section 10.2.3).
  const retryAfter =
    status === 429 || status === 503 ? retryAfterSeconds(headers.get("retry-after"), now) : undefined;
  return studioError(code, {
    detail,
    upstreamStatus: status,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(platform ? { upstream: platform.error } : {}),
  });
}

/**
 * What a fetch that threw names as its cause, for the log: the network error's code (`ECONNRESET`,
 * `UND_ERR_SOCKET`, `ERR_SSL_WRONG_VERSION_NUMBER`…) or the error's name (`TimeoutError`); never its
 * message, which may quote an address or a header value.
 */
export function networkCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && "code" in cause && typeof cause.code === "string" ? cause.code : undefined;
  const named = code ?? cause?.name ?? (error instanceof Error ? error.name : "error");
  return /^[A-Za-z0-9_]{1,60}$/.test(named) ? named : "error";
}

/** Maps a fetch that threw (timeout, refused connection, broken connection) to a catalogue error. */
export function mapFetchFailure(error: unknown, timeoutMs: number): StudioError {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return studioError("upstream_timeout", { timeoutSeconds: Math.round(timeoutMs / 100) / 10 });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && "code" in cause && typeof cause.code === "string" ? cause.code : undefined;
  // The message of a network error may contain the address; it holds no secret.
  const detail = cause?.message || name || "network error";
  if (cause?.name === "NotSentError") return studioError("upstream_unreachable", { detail });
  // The platform answered, with a status outside HTTP's 200-599 (http-transport.ts).
  if (cause?.name === "UnexpectedStatusError") return studioError("upstream_unexpected_status", { detail });
  // Any other network failure (a reset, a cut-off answer) may have come after the platform read the
  // request: upstream_outcome_unknown, never "unreachable", and never retried.
  if (cause?.name === "OutcomeUnknownError" || code === undefined || !NOT_SENT_CODES.has(code))
    return studioError("upstream_outcome_unknown", { detail });
  return studioError("upstream_unreachable", { detail });
}
