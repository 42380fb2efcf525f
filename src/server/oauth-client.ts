import type { StudioError } from "../platform/errors";
import { studioError } from "../platform/errors";
import type { FetchLike } from "../platform/fetch-like";
import { buildAuthorizeUrl, encodeForm, type TokenResponse, tokenResponseSchema } from "../platform/oauth";
import { mapFetchFailure, mapUpstreamFailure, upstreamDetail } from "./upstream-errors";

export interface OAuthClientOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  fetch: FetchLike;
  timeoutMs: number;
  now: () => number;
}

export type TokenResult = { ok: true; token: TokenResponse } | { ok: false; error: StudioError };

/** The app's OAuth 2.0 client (spec 4.1, 4.2, 5; RFC 6749 section 4.1). The client secret is used only here. */
export interface OAuthClient {
  authorizeUrl(scopes: readonly string[], state: string): string;
  exchangeCode(code: string): Promise<TokenResult>;
  refresh(accessToken: string, refreshToken: string): Promise<TokenResult>;
}

/** Creates the OAuth client. */
export function createOAuthClient(opts: OAuthClientOptions): OAuthClient {
  const tokenUrl = `${opts.authUrl.replace(/\/+$/, "")}/oauth2/token`;

  const post = async (fields: Record<string, string>): Promise<TokenResult> => {
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
      return { ok: false, error: mapFetchFailure(e, opts.timeoutMs) };
    }
    const text = await res.text().catch(() => "");
    if (!res.ok) {
      // Whatever the token endpoint echoes of the request (secret, code, tokens) is not passed on.
      const secrets = [opts.clientSecret, fields.code ?? "", fields.refresh_token ?? ""];
      // A refused grant (RFC 6749 section 5.2) is a token problem, not a failed API call.
      if (res.status === 400 || res.status === 401) {
        const detail = upstreamDetail(res.status, text, secrets);
        return {
          ok: false,
          error: studioError("token_exchange_failed", { detail, upstreamStatus: res.status }),
        };
      }
      return { ok: false, error: mapUpstreamFailure(res.status, res.headers, text, opts.now(), secrets) };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return {
        ok: false,
        error: studioError("upstream_invalid_response", { detail: "token response is not JSON" }),
      };
    }
    const parsed = tokenResponseSchema.safeParse(json);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
      return {
        ok: false,
        error: studioError("upstream_invalid_response", { detail: `token response fields: ${fields}` }),
      };
    }
    return { ok: true, token: parsed.data };
  };

  return {
    authorizeUrl(scopes, state) {
      return buildAuthorizeUrl({
        authUrl: opts.authUrl,
        clientId: opts.clientId,
        redirectUri: opts.redirectUri,
        scopes,
        state,
      });
    },
    exchangeCode(code) {
      // Spec 2.4, authorization-code grant; RFC 6749 section 4.1.3.
      return post({
        grant_type: "authorization_code",
        code,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uri: opts.redirectUri,
      });
    },
    refresh(accessToken, refreshToken) {
      // Spec 2.4, refresh grant: `code` is the access token currently held (RFC 6749 section 6 has no such field).
      return post({
        grant_type: "refresh_token",
        code: accessToken,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uri: opts.redirectUri,
        refresh_token: refreshToken,
      });
    },
  };
}
