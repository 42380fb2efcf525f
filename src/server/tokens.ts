import type { Context } from "hono";
import { tryParseScopes, USER_PHONE } from "../platform/scopes";
import { authorizeUrlFor, fail, type ServerDeps, safeReturnTo } from "./deps";
import type { Session } from "./session";
import { emptySession } from "./session";

/** Renew a token this long before it expires, so a request does not race the expiry. */
const EXPIRY_SKEW_MS = 30_000;

export type TokenCheck =
  | { ok: true; accessToken: string; session: Session }
  | { ok: false; response: Response };

/**
 * Re-creates every held subscription with the current token: a subscription lasts only as long as the
 * token that created it (spec 3, 6.3.3). Failures are recorded on the subscription, not thrown.
 */
export async function renewSubscriptions(deps: ServerDeps, session: Session): Promise<void> {
  const accessToken = session.tokens?.accessToken;
  if (!accessToken) return;
  for (const sub of session.subscriptions) {
    const { createdAt: _c, renewedAt: _r, lastError: _e, ...body } = sub;
    const result = await deps.platform.subscribe(accessToken, body);
    sub.renewedAt = deps.now();
    if (result.ok) delete sub.lastError;
    else sub.lastError = result.error.error.code;
  }
}

/**
 * Renews an expired access token with the refresh grant (spec 2.4) and replaces the pair (spec 5.5).
 * Returns the session with fresh tokens, or undefined when the session must authorize again.
 */
export async function renewIfExpired(
  deps: ServerDeps,
  c: Context,
  session: Session,
): Promise<{ session: Session; renewed: boolean } | undefined> {
  const tokens = session.tokens;
  if (!tokens) return undefined;
  if (deps.now() < tokens.expiresAt - EXPIRY_SKEW_MS) return { session, renewed: false };
  if (!tokens.refreshToken) return undefined;
  const result = await deps.oauth.refresh(tokens.accessToken, tokens.refreshToken);
  if (!result.ok) {
    deps.log(`token refresh failed: ${result.error.error.code}`);
    return undefined;
  }
  const t = result.token;
  session.tokens = {
    accessToken: t.access_token,
    // Spec 2.5: the refresh response always carries a new refresh token; keep the old one if it does not.
    refreshToken: t.refresh_token ?? tokens.refreshToken,
    expiresAt: deps.now() + t.expires_in * 1000,
    scopes: tryParseScopes(t.scope) ?? tokens.scopes,
  };
  await renewSubscriptions(deps, session);
  deps.sessions.write(c, session);
  return { session, renewed: true };
}

/**
 * Finds a usable access token holding one of the alternative scope sets, renewing it if expired.
 * Otherwise answers with not_signed_in, session_expired or missing_scope, each with the URL that starts
 * OAuth for exactly the needed scope and comes back to `returnTo`.
 */
export async function requireToken(deps: ServerDeps, c: Context, needs: string[][]): Promise<TokenCheck> {
  const returnTo = safeReturnTo(c.req.query("returnTo"));
  const first = needs[0] ?? [];
  // Some actions need a token but no particular scope (spec 4.8); signing in then asks for USER_PHONE.
  const wanted = first.length > 0 ? first : [USER_PHONE];
  const session = deps.sessions.read(c) ?? emptySession(deps.now());
  if (!session.tokens) {
    return {
      ok: false,
      response: fail(c, "not_signed_in", { authorizeUrl: authorizeUrlFor(wanted, returnTo) }),
    };
  }
  const renewed = await renewIfExpired(deps, c, session);
  if (!renewed) {
    const held = session.tokens.scopes;
    delete session.tokens;
    deps.sessions.write(c, session);
    const scopes = [...new Set([...held, ...wanted])];
    return {
      ok: false,
      response: fail(c, "session_expired", { authorizeUrl: authorizeUrlFor(scopes, returnTo) }),
    };
  }
  const tokens = renewed.session.tokens;
  if (!tokens) return { ok: false, response: fail(c, "not_signed_in") };
  const held = tokens.scopes;
  if (!needs.some((set) => set.every((s) => held.includes(s)))) {
    const missing = first.filter((s) => !held.includes(s));
    const scope = missing.join(" ");
    // Ask for what is held plus what is missing: the new token replaces the old one.
    const scopes = [...new Set([...held, ...first])];
    return {
      ok: false,
      response: fail(c, "missing_scope", { scope, authorizeUrl: authorizeUrlFor(scopes, returnTo) }),
    };
  }
  return { ok: true, accessToken: tokens.accessToken, session: renewed.session };
}
