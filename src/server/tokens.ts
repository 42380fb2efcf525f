import { createHash } from "node:crypto";
import type { Context } from "hono";
import { type StudioError, studioError } from "../platform/errors";
import { consentScopes, meetsScopeSets, tryParseScopes } from "../platform/scopes";
import { authorizeUrlFor, fail, type RefreshOutcome, type ServerDeps, safeReturnTo, sendError } from "./deps";
import { redactSecrets } from "./redaction";
import type { Session } from "./session";
import { emptySession } from "./session";

/** Renew a token this long before it expires, so a request does not race the expiry... */
const EXPIRY_SKEW_MS = 30_000;
/**
 * ...but never more than this share of its life: a token of 30 s or less would otherwise be expired
 * the moment it is stored (without a refresh token, session_expired on every request).
 */
const SKEW_SHARE = 1 / 3;

/**
 * When a token issued now for `expiresIn` seconds (spec 2.5) stops being valid, and when to renew it.
 * `expiresIn` comes from tokenResponseSchema, which caps it (MAX_TOKEN_LIFE_SECONDS).
 */
export function tokenTimes(now: number, expiresIn: number): { expiresAt: number; renewAt: number } {
  const life = expiresIn * 1000;
  return {
    expiresAt: now + life,
    renewAt: now + life - Math.min(EXPIRY_SKEW_MS, Math.floor(life * SKEW_SHARE)),
  };
}

export type TokenCheck =
  | { ok: true; accessToken: string; session: Session }
  | { ok: false; response: Response };

/**
 * Re-creates every held subscription with the new token, in the background: a subscription lasts only
 * as long as the token that created it (spec 3, 6.3.3), but the user's request (a publish right after
 * a refresh, a sign-in) must not wait for them. At most RENEW_CONCURRENCY (task-queue.ts) run at once, each with its
 * own timeout and outside the request's deadline; a failure is posted to the inbox, where the editor
 * shows it. The session records when re-creation was started (`renewedAt`).
 */
export function renewSubscriptions(deps: ServerDeps, session: Session): void {
  const accessToken = session.tokens?.accessToken;
  if (!accessToken) return;
  const started = deps.now();
  for (const [sid, entry] of deps.renewalResults) {
    if (entry.expiresAt > started) break;
    deps.renewalResults.delete(sid);
  }
  const outcomes = new Map<string, string | null>();
  deps.renewalResults.delete(session.sid);
  deps.renewalResults.set(session.sid, { expiresAt: started + RESULTS_KEPT_MS, outcomes });
  for (const sub of session.subscriptions) {
    sub.renewedAt = started;
    delete sub.lastError;
    const { createdAt: _c, renewedAt: _r, lastError: _e, ...body } = sub;
    deps.renewals.push(async () => {
      const result = await deps.platform.subscribe(accessToken, body);
      outcomes.set(subscriptionKey(body), result.ok ? null : result.error.error.code);
      if (result.ok) return;
      deps.log("resubscribe_failed", { event_type: body.event_type, code: result.error.error.code });
      // Shown live only; a failure to show it must not fail the renewal queue.
      void deps.inbox
        .add({
          kind: "subscription_failed",
          // Only this session is shown the failure (src/server/inbox-scope.ts).
          sid: session.sid,
          subscription: {
            event_type: body.event_type,
            event_resource_id: body.event_resource_id ?? null,
          },
          // The client took out its own secrets; the refresh token is the session's.
          error: {
            code: result.error.error.code,
            message: redactSecrets(result.error.error.message, [session.tokens?.refreshToken ?? ""]),
          },
        })
        .catch(() => {});
    });
  }
}

/** How long background outcomes wait for the session's next read to record them in its cookie. */
const RESULTS_KEPT_MS = 10 * 60 * 1000;

/** Identity of a held subscription: its type and resource. */
function subscriptionKey(s: { event_type: string; event_resource_id?: string | undefined }): string {
  return `${s.event_type} ${s.event_resource_id ?? ""}`;
}

/**
 * Records the outcomes of the background re-creation in the session's cookie (each subscription's
 * `lastError`) on its next read of its status, so the list shows which ones failed.
 */
export function applyRenewalResults(deps: ServerDeps, c: Context, session: Session): void {
  const entry = deps.renewalResults.get(session.sid);
  if (!entry || entry.outcomes.size === 0) return;
  let changed = false;
  for (const sub of session.subscriptions) {
    const key = subscriptionKey(sub);
    if (!entry.outcomes.has(key)) continue;
    const code = entry.outcomes.get(key);
    entry.outcomes.delete(key);
    if (code) sub.lastError = code;
    else delete sub.lastError;
    changed = true;
  }
  if (changed) deps.sessions.write(c, session);
}

/** When a stored token is renewed; one sealed before renewAt existed renews EXPIRY_SKEW_MS early, as it did then. */
function renewTime(tokens: { expiresAt: number; renewAt?: number | undefined }): number {
  return tokens.renewAt ?? tokens.expiresAt - EXPIRY_SKEW_MS;
}

/** How long a finished refresh is shared with requests still carrying the old pair (the rotation grace). */
const REFRESH_SHARE_MS = 2 * 60 * 1000;

/** The outcome of renewing a session's access token. */
export type Renewal =
  | { status: "fresh" | "renewed"; session: Session }
  /** No refresh token, or the platform refused it (invalid_grant): the user must authorize again. */
  | { status: "expired" }
  /**
   * The refresh failed otherwise (timeout, broken connection, 5xx, 429, another 400): `refresh_failed`,
   * the tokens are kept, and the request that needed them was not sent, so it may be sent again.
   */
  | { status: "failed"; error: StudioError };

async function refreshOnce(deps: ServerDeps, session: Session): Promise<RefreshOutcome> {
  const tokens = session.tokens;
  if (!tokens?.refreshToken) return { ok: false, final: true, error: studioError("session_expired") };
  const result = await deps.oauth.refresh(tokens.accessToken, tokens.refreshToken, tokens.redirectUri);
  if (!result.ok) {
    deps.log("token_refresh_failed", { code: result.cause, final: result.final, ...result.note });
    // Only a refused grant is final (src/server/oauth-client.ts); anything else may pass on the next try.
    return { ok: false, final: result.final, error: result.error };
  }
  const t = result.token;
  const renewed: Session = {
    ...session,
    subscriptions: session.subscriptions.map((s) => ({ ...s })),
    tokens: {
      accessToken: t.access_token,
      // Spec 2.5: the refresh response always carries a new refresh token; keep the old one if it does not.
      refreshToken: t.refresh_token ?? tokens.refreshToken,
      ...tokenTimes(deps.now(), t.expires_in),
      // RFC 6749 section 6: a refresh answer without scope keeps the scopes held.
      scopes: tryParseScopes(t.scope) ?? tokens.scopes,
      ...(tokens.redirectUri !== undefined ? { redirectUri: tokens.redirectUri } : {}),
    },
  };
  // Tokens too large to seal in the session's cookies (a very large JWT) cannot be kept: writing them
  // would throw, and every request sharing this refresh would answer a 400 "malformed request". A
  // failed renewal instead (the old pair is kept; nothing was sent), before any subscription is
  // re-created with a token that is dropped.
  if (!deps.sessions.fits(renewed)) {
    const note = { status: 200, reason: "session_too_large" } as const;
    deps.log("token_refresh_failed", { code: "upstream_invalid_response", final: false, ...note });
    return {
      ok: false,
      final: false,
      error: studioError("refresh_failed", {
        detail:
          "the platform's token endpoint issued tokens too large for the studio to keep in its session cookies",
      }),
    };
  }
  renewSubscriptions(deps, renewed);
  const fresh = renewed.tokens;
  if (!fresh) return { ok: false, final: true, error: studioError("session_expired") };
  return { ok: true, tokens: fresh, subscriptions: renewed.subscriptions };
}

/**
 * Renews an expired access token with the refresh grant (spec 2.4) and replaces the pair in the sealed
 * cookie (spec 5.5). Requests of one session that find the token expired at the same time share a single
 * refresh (keyed by a hash of the refresh token), and for the rotation grace later requests still
 * carrying the old pair get the new one: otherwise each would rotate the pair again, re-create every
 * held subscription, and the cookies would race.
 */
export async function renewIfExpired(deps: ServerDeps, c: Context, session: Session): Promise<Renewal> {
  const tokens = session.tokens;
  if (!tokens) return { status: "expired" };
  if (deps.now() < renewTime(tokens)) return { status: "fresh", session };
  if (!tokens.refreshToken) return { status: "expired" };
  const now = deps.now();
  for (const [k, v] of deps.refreshes) if (v.expiresAt <= now) deps.refreshes.delete(k);
  const key = createHash("sha256").update(tokens.refreshToken).digest("base64url");
  let entry = deps.refreshes.get(key);
  if (!entry) {
    const result = refreshOnce(deps, session);
    const created = { expiresAt: now + REFRESH_SHARE_MS, result };
    entry = created;
    deps.refreshes.set(key, created);
    // Only a success is shared for the grace period. When the refresh issued no new refresh token
    // (RFC 6749 section 6 allows it), only until its access token's own renewal time: the next
    // request with that same refresh token would otherwise be handed the token, expired, until the
    // grace ended. A rotated pair keeps the whole grace: a request still carrying the old refresh
    // token (its cookie update lost) can only be answered from here, the platform having retired it.
    // A failure may be retried by the next request.
    const forget = () => {
      if (deps.refreshes.get(key) === created) deps.refreshes.delete(key);
    };
    // A rejection (none is known: refreshOnce answers its failures) is the awaiting request's to
    // report; here it must not become an unhandled rejection, which ends the process.
    void result.then((o) => {
      if (o.ok && o.tokens.refreshToken === tokens.refreshToken)
        created.expiresAt = Math.min(created.expiresAt, renewTime(o.tokens));
      else if (!o.ok) forget();
    }, forget);
  }
  const outcome = await entry.result;
  if (!outcome.ok) return outcome.final ? { status: "expired" } : { status: "failed", error: outcome.error };
  session.tokens = { ...outcome.tokens };
  session.subscriptions = outcome.subscriptions.map((s) => ({ ...s }));
  deps.sessions.write(c, session);
  return { status: "renewed", session };
}

/**
 * Finds a usable access token holding one of the alternative scope sets, renewing it if expired.
 * Otherwise answers with not_signed_in, session_expired or missing_scope, each with the URL that starts
 * OAuth for exactly the needed scope and comes back to `returnTo`.
 */
export async function requireToken(
  deps: ServerDeps,
  c: Context,
  needs: string[][] | ((held: readonly string[]) => string[][]),
): Promise<TokenCheck> {
  const returnTo = safeReturnTo(c.req.query("returnTo"));
  // Alternatives may depend on what is held (chat send: any post-scoped send scope held); the first set
  // never does, and it is the one consent asks for.
  const setsFor = (held: readonly string[]) => (typeof needs === "function" ? needs(held) : needs);
  const first = setsFor([])[0] ?? [];
  const wanted = consentScopes(setsFor([]));
  const session = deps.sessions.read(c) ?? emptySession(deps.now());
  if (!session.tokens) {
    return {
      ok: false,
      response: fail(c, "not_signed_in", { authorizeUrl: authorizeUrlFor(wanted, returnTo) }),
    };
  }
  const renewed = await renewIfExpired(deps, c, session);
  if (renewed.status === "failed") return { ok: false, response: sendError(c, renewed.error) };
  if (renewed.status === "expired") {
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
  if (!meetsScopeSets(held, setsFor(held))) {
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
