import { type ErrorCode, platformErrorSchema, type StudioError, studioError } from "../platform/errors";
import { tokenErrorSchema } from "../platform/oauth";
import { NOT_SENT_CODES } from "./http-transport";

/** Reads Retry-After as seconds: either delta-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function retryAfterSeconds(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return "upstream_unauthorized";
  if (status === 403) return "upstream_forbidden";
  if (status === 404) return "upstream_not_found";
  if (status === 412) return "upstream_precondition_failed";
  if (status === 429) return "upstream_rate_limited";
  if (status >= 500) return "upstream_server_error";
  return "upstream_bad_request";
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Replaces every occurrence of a secret (API key, client secret, the tokens or code just sent) in an
 * upstream answer: a platform or a gateway that echoes the request in its error ("token at_… is
 * invalid") must not hand it to the browser or the log through our error body.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join("[redacted]");
  return out;
}

/** The human part of a failed answer: the platform's message, the RFC 6749 error, or the status. */
export function upstreamDetail(status: number, bodyText: string, secrets: readonly string[] = []): string {
  const json = parseJson(redactSecrets(bodyText, secrets));
  const platform = platformErrorSchema.safeParse(json);
  if (platform.success) return platform.data.message;
  const oauth = tokenErrorSchema.safeParse(json);
  if (oauth.success) return [oauth.data.error, oauth.data.error_description].filter(Boolean).join(": ");
  return `HTTP ${status}`;
}

/**
 * Maps a failed platform answer to a catalogue error, keeping the platform's `{code, message, details}`
 * (facts "Errors") or RFC 6749 `{error, error_description}` (section 5.2) when present.
 */
export function mapUpstreamFailure(
  status: number,
  headers: Headers,
  rawBodyText: string,
  now: number,
  secrets: readonly string[] = [],
): StudioError {
  const bodyText = redactSecrets(rawBodyText, secrets);
  const platform = platformErrorSchema.safeParse(parseJson(bodyText));
  const detail = upstreamDetail(status, bodyText);
  const code = codeForStatus(status);
  const retryAfter = status === 429 ? retryAfterSeconds(headers.get("retry-after"), now) : undefined;
  return studioError(code, {
    detail,
    upstreamStatus: status,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(platform.success ? { upstream: platform.data } : {}),
  });
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
  // Any other network failure (a reset, a cut-off answer) may have come after the platform read the
  // request: upstream_outcome_unknown, never "unreachable", and never retried.
  if (cause?.name === "OutcomeUnknownError" || code === undefined || !NOT_SENT_CODES.has(code))
    return studioError("upstream_outcome_unknown", { detail });
  return studioError("upstream_unreachable", { detail });
}
