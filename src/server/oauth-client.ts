import type { StudioError } from "../platform/errors";
import { studioError } from "../platform/errors";
import type { FetchLike } from "../platform/fetch-like";
import {
  buildAuthorizeUrl,
  encodeForm,
  type TokenResponse,
  tokenErrorSchema,
  tokenResponseSchema,
} from "../platform/oauth";
import { waitWords } from "../platform/waits";
import { answerTooLarge, UndecodableAnswerError } from "./transport-errors";
import { readAnswer, unreadBody } from "./upstream-answer";
import {
  mapFetchFailure,
  mapUpstreamFailure,
  networkCause,
  parseJson,
  upstreamDetail,
} from "./upstream-errors";

export interface OAuthClientOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  fetch: FetchLike;
  timeoutMs: number;
  now: () => number;
}

/**
 * What the log may say of a failed token request (never a value or a secret): the answer's HTTP status,
 * the names of the fields that were wrong, or why the answer could not be read.
 */
export interface TokenFailureNote {
  status?: number;
  fields?: string;
  reason?: "not_json" | "cut_off" | "too_large" | "undecodable";
  /** A request that got no answer: the network error's code or name (networkCause). */
  cause?: string;
  /**
   * The endpoint's RFC 6749 `error` (one of a fixed list, never an echo): tells a wrong secret
   * (invalid_client) from a used or expired code or a redirect_uri mismatch (invalid_grant).
   */
  grant_error?: string;
}

export type TokenResult =
  | { ok: true; token: TokenResponse }
  | { ok: false; error: StudioError; note: TokenFailureNote };

/**
 * A refresh's result. A failure is `refresh_failed` (the sign-in could not be renewed, nothing else was
 * sent: the request that needed it may be sent again), or with `final` the platform refused the grant
 * itself (RFC 6749 section 5.2 `invalid_grant`: the refresh token is expired, revoked or unknown) and
 * the user must sign in again. `cause` is the failure's own code, for the log.
 */
export type RefreshResult =
  | { ok: true; token: TokenResponse }
  | {
      ok: false;
      final: boolean;
      error: StudioError;
      cause: StudioError["error"]["code"];
      note: TokenFailureNote;
    };

/** The token endpoint's error codes (RFC 6749 section 5.2). */
const GRANT_ERRORS: ReadonlySet<string> = new Set([
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
]);

/** A failed token request: the catalogue error, and the RFC 6749 `error` when the endpoint sent one. */
type TokenFailure = { ok: false; error: StudioError; note: TokenFailureNote; grantError?: string };

/** The app's OAuth 2.0 client (spec 4.1, 4.2, 5; RFC 6749 section 4.1). The client secret is used only here. */
export interface OAuthClient {
  /** `redirectUri`: the address the flow returns to, when not the configured one (config.ts, redirectUriFor). */
  authorizeUrl(scopes: readonly string[], state: string, redirectUri?: string): string;
  exchangeCode(code: string, redirectUri?: string): Promise<TokenResult>;
  refresh(accessToken: string, refreshToken: string, redirectUri?: string): Promise<RefreshResult>;
}

/** Words for a refresh failure, by the code its token request failed with ({retryAfter} filled in). */
const REFRESH_FAILURES: Partial<Record<StudioError["error"]["code"], string>> = {
  // As a broken connection: the endpoint may have issued a new pair and retired this one, which then
  // stays usable for 2 minutes only (spec 3, 8).
  upstream_timeout:
    "the platform's token endpoint did not answer in time; try again within 2 minutes, while it can still be renewed",
  // Spec 3, 8: the pair it may have replaced stays usable for 2 minutes, so a prompt retry renews it.
  upstream_outcome_unknown:
    "the connection to the platform's token endpoint broke before it answered; try again within 2 minutes, while it can still be renewed",
  upstream_unreachable: "the platform's token endpoint could not be reached; check PLATFORM_AUTH_URL",
  upstream_rate_limited: "the platform's token endpoint is rate limited; wait {retryAfter}",
  upstream_invalid_response: "the platform's token endpoint answered in an unexpected shape",
  // Not followed: a redirect would carry the client secret and the refresh token elsewhere.
  upstream_redirect:
    "the platform's token endpoint answered with a redirect, which the studio does not follow; check PLATFORM_AUTH_URL: it must be the platform's own address",
};

/** Words for a refresh whose successful answer broke off after its status line, or could not be decoded. */
const CUT_OFF_REFRESH =
  "the platform's token endpoint accepted it, but its answer could not be read (cut off, or an encoding that could not be undone); try again within 2 minutes, while it can still be renewed";

/**
 * Maps a failed refresh grant (spec 2.4). Only `invalid_grant` ends the session: it is the one RFC 6749
 * error that says the refresh token itself is no good. `invalid_client` and `unauthorized_client` are
 * about the app's credentials (signing in again meets them too), `invalid_request` or a gateway's page
 * with no RFC 6749 body about this one request: the tokens are kept and the next request tries again.
 */
function refreshFailure(failure: TokenFailure): RefreshResult {
  const { error, grantError, note } = failure;
  const cause = error.error.code;
  if (grantError === "invalid_grant") return { ok: false, final: true, error, cause, note };
  const status = error.error.upstreamStatus;
  const retryAfter = error.error.retryAfter;
  const fields = note.fields !== undefined ? ` (${note.fields})` : "";
  // A 2xx that broke off after its status line was answered: the pair was (most likely) rotated, so
  // only a retry within the 2 minutes the old pair still works (spec 3, 8) can renew it.
  const unread = note.reason === "cut_off" || note.reason === "undecodable";
  const words = unread ? CUT_OFF_REFRESH : REFRESH_FAILURES[cause];
  const known = words?.replace("{retryAfter}", waitWords(retryAfter)).concat(fields);
  const refused =
    grantError === "invalid_client" || grantError === "unauthorized_client"
      ? `the platform refused the app's credentials (${grantError}); check APP_SLUG and APP_CLIENT_SECRET`
      : `the platform's token endpoint answered HTTP ${status ?? "with an error"}${grantError ? ` (${grantError})` : ""}`;
  return {
    ok: false,
    final: false,
    cause,
    note,
    error: studioError("refresh_failed", {
      detail: known ?? refused,
      ...(status !== undefined ? { upstreamStatus: status } : {}),
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    }),
  };
}

/** Creates the OAuth client. */
export function createOAuthClient(opts: OAuthClientOptions): OAuthClient {
  const tokenUrl = `${opts.authUrl.replace(/\/+$/, "")}/oauth2/token`;

  const post = async (
    fields: Record<string, string>,
  ): Promise<{ ok: true; token: TokenResponse } | TokenFailure> => {
    let res: Response;
    try {
      res = await opts.fetch(tokenUrl, {
        method: "POST",
        // Spec 4.2: form-encoded body.
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: encodeForm(fields),
        // A redirect would re-send the client secret elsewhere; the token endpoint answers directly.
        redirect: "manual",
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (e) {
      return { ok: false, error: mapFetchFailure(e, opts.timeoutMs), note: { cause: networkCause(e) } };
    }
    // At most UPSTREAM_ANSWER_LIMIT, as every platform answer (a token answer is a few hundred bytes).
    const read = await readAnswer(res);
    // null: over the limit, not read (named as such, as the platform client does); a cut-off answer
    // counts as empty.
    const text = read.ok ? read.text : "tooLarge" in read ? null : "";
    if (!res.ok) {
      // Whatever the token endpoint echoes of the request (secret, code, tokens) is not passed on.
      const secrets = [opts.clientSecret, fields.code ?? "", fields.refresh_token ?? ""];
      // A refused grant (RFC 6749 section 5.2) is a token problem, not a failed API call.
      if (res.status === 400 || res.status === 401) {
        const json = text === null ? undefined : parseJson(text);
        const detail = upstreamDetail(res.status, json, secrets);
        const grant = tokenErrorSchema.safeParse(json);
        // Only an RFC 6749 code is kept: it is named to the user, and an echo of a secret is not one.
        const grantError = grant.success && GRANT_ERRORS.has(grant.data.error) ? grant.data.error : undefined;
        return {
          ok: false,
          error: studioError("token_exchange_failed", { detail, upstreamStatus: res.status }),
          note: { status: res.status, ...(grantError !== undefined ? { grant_error: grantError } : {}) },
          ...(grantError !== undefined ? { grantError } : {}),
        };
      }
      return {
        ok: false,
        error: mapUpstreamFailure(res.status, res.headers, text, opts.now(), secrets),
        note: { status: res.status },
      };
    }
    if (!read.ok) {
      const tooLarge = "tooLarge" in read;
      return {
        ok: false,
        error: studioError("upstream_invalid_response", {
          detail: `token response: ${tooLarge ? answerTooLarge() : unreadBody(read.error)}`,
        }),
        note: {
          status: res.status,
          // A content-encoding that could not be undone (a broken gzip) is not a cut-off answer.
          reason: tooLarge
            ? "too_large"
            : read.error instanceof UndecodableAnswerError
              ? "undecodable"
              : "cut_off",
        },
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(read.text);
    } catch {
      return {
        ok: false,
        error: studioError("upstream_invalid_response", { detail: "token response is not JSON" }),
        note: { status: res.status, reason: "not_json" },
      };
    }
    const parsed = tokenResponseSchema.safeParse(json);
    if (!parsed.success) {
      // Field names only: an issue's message could quote the value (a token).
      const fields = [...new Set(parsed.error.issues.map((i) => i.path.join(".") || "(the answer)"))].join(
        ", ",
      );
      return {
        ok: false,
        error: studioError("upstream_invalid_response", { detail: `token response fields: ${fields}` }),
        note: { status: res.status, fields },
      };
    }
    return { ok: true, token: parsed.data };
  };

  return {
    authorizeUrl(scopes, state, redirectUri = opts.redirectUri) {
      return buildAuthorizeUrl({
        authUrl: opts.authUrl,
        clientId: opts.clientId,
        redirectUri,
        scopes,
        state,
      });
    },
    async exchangeCode(code, redirectUri = opts.redirectUri) {
      // Spec 2.4, authorization-code grant; RFC 6749 section 4.1.3.
      const result = await post({
        grant_type: "authorization_code",
        code,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uri: redirectUri,
      });
      return result.ok ? result : { ok: false, error: result.error, note: result.note };
    },
    async refresh(accessToken, refreshToken, redirectUri = opts.redirectUri) {
      // Spec 2.4, refresh grant: `code` is the access token currently held (RFC 6749 section 6 has no such field).
      const result = await post({
        grant_type: "refresh_token",
        code: accessToken,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uri: redirectUri,
        refresh_token: refreshToken,
      });
      return result.ok ? result : refreshFailure(result);
    },
  };
}
