import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { formatErrorMessage } from "../../platform/errors";
import { OFFLINE_ACCESS, tryParseScopes } from "../../platform/scopes";
import { fail, type ServerDeps, safeReturnTo, withParams } from "../deps";
import { IDENTIFY_ON_SEND_MS, identifyUser } from "../history-user";
import { redirectUriFor } from "../loopback";
import { addPendingFlow, fitPendingFlows, STATE_TTL_MS, takePendingFlow } from "../pending-flows";
import { loadHeldSubscriptions } from "../publish-record";
import { emptySession, newSessionId } from "../session";
import { studioPage } from "../studio-pages";
import { applyRenewalResults, renewIfExpired, renewSubscriptions, tokenTimes } from "../tokens";

function statePage(): string {
  const msg = formatErrorMessage("state_mismatch");
  return studioPage(
    "Sign-in not accepted",
    `<h1>Sign-in not accepted</h1><p>${msg}</p><p><a href="/">Back to the editor</a></p>`,
  );
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/**
 * The origin of the studio page that sent the browser here: the Referer's, when it names the host the
 * browser asked for (`Host`); undefined for a link from another site, or behind a proxy that rewrites
 * `Host` (nothing can be told there).
 */
function studioPageOrigin(referer: string | undefined, host: string | undefined): string | undefined {
  if (!referer || !host) return undefined;
  try {
    const u = new URL(referer);
    return u.host === host.toLowerCase() ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page for a sign-in started from an address it cannot come back to: the session cookie lives
 * with the address the editor is open at (`from`), the platform returns to `back` (PUBLIC_URL's).
 */
function elsewherePage(from: string, back: string, returnTo: string): string {
  const f = escapeHtml(from);
  const b = escapeHtml(back);
  return studioPage(
    "Sign-in not started",
    `<h1>Sign-in not started</h1><p>The editor is open at ${f}, but signing in comes back to ${b} (PUBLIC_URL), where this browser's sign-in would not be found, so nothing was started and nothing was sent. Open the studio at <a href="${b}/">${b}</a> and sign in there, or start the studio with PUBLIC_URL set to the address you open it at. Drafts are kept per address: bring the add-on along with Share or Download JSON first.</p>
<p><a href="${escapeHtml(returnTo)}">Back to the editor</a></p>`,
  );
}

/**
 * An epoch-ms time as ISO 8601, or null when it is not a date (a cookie sealed before token lives were
 * capped may hold one past year 275760): reading the session must never fail on a stored value.
 */
function isoTime(ms: number): string | null {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** OAuth routes (spec 4.1-4.2, 5) and the session status used by the editor. */
export function oauthRoutes(deps: ServerDeps): Hono {
  const app = new Hono();

  // Starts the code flow for the requested scopes; `offline=1` opts in to a refresh token (spec 5.5).
  app.get("/oauth/start", (c) => {
    const requested = tryParseScopes(c.req.query("scope") ?? "");
    if (requested === null) {
      return fail(c, "invalid_request", { detail: "scope is not a valid scope list" });
    }
    const session = deps.sessions.read(c) ?? emptySession(deps.now());
    const scopes = [...requested];
    if (c.req.query("offline") === "1" && !scopes.includes(OFFLINE_ACCESS)) scopes.push(OFFLINE_ACCESS);
    if (scopes.length === 0) {
      return fail(c, "invalid_request", { detail: "scope is empty" });
    }
    // Spec 2.1: a random state per flow, kept in this browser's sealed cookie so only it can come back.
    const state = randomBytes(32).toString("base64url");
    // Back to this address (localhost or 127.0.0.1 alike on the emulator), where this cookie lives.
    const redirectUri = redirectUriFor(deps.config, c.req.url);
    // The editor's page names its own address (Referer, same-origin policy): a sign-in started at
    // another address than the one it returns to would end on "Sign-in not accepted".
    const from = studioPageOrigin(c.req.header("referer"), c.req.header("host"));
    const back = new URL(redirectUri).origin;
    if (from !== undefined && from !== back)
      return c.html(elsewherePage(from, back, safeReturnTo(c.req.query("returnTo"))), 409, {
        "cache-control": "no-store",
      });
    const flow = {
      state,
      scopes,
      returnTo: safeReturnTo(c.req.query("returnTo")),
      createdAt: deps.now(),
      ...(redirectUri !== deps.config.redirectUri ? { redirectUri } : {}),
    };
    // Beside the flows other tabs have under way (each comes back with its own state).
    addPendingFlow(session, flow, deps.now(), deps.sessions.fits);
    deps.sessions.write(c, session);
    return c.redirect(deps.oauth.authorizeUrl(scopes, state, redirectUri), 302);
  });

  // Spec 2.3 / 5.4: check state, treat a missing code as refusal, exchange the code (spec 4.2).
  app.get("/oauth/callback", async (c) => {
    // The address carries code and state: no page it leads to may pass it on as Referer.
    c.header("referrer-policy", "no-referrer");
    const state = c.req.query("state") ?? "";
    const code = c.req.query("code");
    const error = c.req.query("error");
    const session = deps.sessions.read(c);
    const now = deps.now();
    // Oldest first (insertion order): stop at the first one still live instead of scanning them all.
    for (const [s, exp] of deps.consumedStates) {
      if (exp >= now) break;
      deps.consumedStates.delete(s);
    }
    // The flow this state belongs to, taken out of the session; the other tabs' flows stay.
    const pending = session ? takePendingFlow(session, state, now, deps.consumedStates) : undefined;
    if (!session || !pending) {
      deps.log("oauth_callback_refused", { reason: "state mismatch or replay" });
      return c.html(statePage(), 400, { "cache-control": "no-store" });
    }
    deps.consumedStates.set(pending.state, pending.createdAt + STATE_TTL_MS);
    // Bounded: past the limit the oldest used states are forgotten (their codes are single use at the
    // platform anyway, RFC 6749 section 4.1.2).
    while (deps.consumedStates.size > deps.config.limits.pendingStates) {
      const oldest = deps.consumedStates.keys().next().value;
      if (oldest === undefined) break;
      deps.consumedStates.delete(oldest);
    }
    // Spec 2.3, RFC 6749 section 4.1.2.1: an error (or no code) is a refusal. A callback carrying both a
    // code and an error is not one the platform sends; its code is not exchanged.
    if (!code || error !== undefined) {
      deps.sessions.write(c, session);
      const reason = error === undefined ? undefined : /^[a-z_]{1,40}$/.test(error) ? error : "error";
      if (reason !== undefined) deps.log("oauth_callback_refused", { reason });
      // The user said no (access_denied, or no code and no error): a refusal. Any other error is the
      // platform's (invalid_scope, server_error...): the editor says which, with the platform's words.
      if (reason === undefined || reason === "access_denied") {
        return c.redirect(
          withParams(pending.returnTo, { oauth: "refused", oauth_error: "consent_refused" }),
          302,
        );
      }
      return c.redirect(
        withParams(pending.returnTo, {
          oauth: "failed",
          oauth_error: "sign_in_failed",
          oauth_reason: reason,
          ...platformWords(c.req.query("error_description")),
        }),
        302,
      );
    }
    const result = await deps.oauth.exchangeCode(code, pending.redirectUri);
    if (!result.ok) {
      deps.sessions.write(c, session);
      // The answer's status, its RFC 6749 code (TokenFailureNote) and the failing field's name (never a
      // value): the redirect carries only the studio's code.
      deps.log("token_exchange_failed", { code: result.error.error.code, ...result.note });
      return c.redirect(
        withParams(pending.returnTo, { oauth: "failed", oauth_error: result.error.error.code }),
        302,
      );
    }
    const t = result.token;
    // Tokens too large to seal in the session's cookies (a very large JWT) cannot be kept: a failed
    // sign-in back in the editor, before anything is sent with them (not a JSON error on this page).
    const signedOut = { ...session };
    // A sign-in issues a new session id (a session fixed before sign-in, or revoked, does not carry over).
    session.sid = newSessionId();
    session.createdAt = now;
    session.tokens = {
      accessToken: t.access_token,
      ...tokenTimes(now, t.expires_in),
      // Spec 2.5 says scope equals the request; trust the answer when it parses. RFC 6749 section 5.1
      // lets it be left out when it equals the request: then it is the request.
      scopes: tryParseScopes(t.scope) ?? pending.scopes,
      ...(t.refresh_token !== undefined ? { refreshToken: t.refresh_token } : {}),
      ...(pending.redirectUri !== undefined ? { redirectUri: pending.redirectUri } : {}),
    };
    // The tokens first: other tabs' sign-ins under way are dropped, oldest first, if they do not fit.
    if (!fitPendingFlows(session, deps.sessions.fits)) {
      deps.sessions.write(c, signedOut);
      deps.log("token_exchange_failed", {
        code: "upstream_invalid_response",
        status: 200,
        reason: "session_too_large",
      });
      return c.redirect(
        withParams(pending.returnTo, { oauth: "failed", oauth_error: "upstream_invalid_response" }),
        302,
      );
    }
    // Optional (tried again later): waited for no longer than a send waits for it.
    await identifyUser(deps, session, { waitMs: IDENTIFY_ON_SEND_MS });
    await loadHeldSubscriptions(deps, session);
    // A new token also means held subscriptions should be tied to it (spec 6.3.3).
    renewSubscriptions(deps, session);
    deps.sessions.write(c, session);
    return c.redirect(withParams(pending.returnTo, { oauth: "granted" }), 302);
  });

  app.get("/api/session", async (c) => {
    let session = deps.sessions.read(c) ?? emptySession(deps.now());
    let expired = false;
    if (session.tokens) {
      // Polling this route keeps an offline session (and its subscriptions) alive.
      const renewed = await renewIfExpired(deps, c, session);
      if (renewed.status === "fresh" || renewed.status === "renewed") session = renewed.session;
      // A failed refresh (platform unreachable) keeps the tokens: the next call tries again.
      else if (renewed.status === "expired") expired = true;
      applyRenewalResults(deps, c, session);
    }
    const tokens = session.tokens;
    return c.json(
      {
        signedIn: tokens !== undefined && !expired,
        expired,
        scopes: tokens?.scopes ?? [],
        offline: tokens?.refreshToken !== undefined,
        expiresAt: tokens ? isoTime(tokens.expiresAt) : null,
        mode: deps.config.mode,
        app: deps.config.app.slug,
        postPageUrl: deps.config.postPageUrl ?? null,
        completionUrl: deps.config.completionUrl ?? null,
        history: deps.store !== undefined,
        emulator: deps.config.emulator ?? null,
        subscriptions: session.subscriptions.map(publicSubscription),
      },
      200,
      { "cache-control": "no-store" },
    );
  });

  // Sign-out revokes this session's id, so a copy of the cookie kept elsewhere stops working too.
  app.post("/api/session/signout", async (c) => {
    const session = deps.sessions.read(c);
    if (session) await deps.revocations.revoke(session.sid, deps.now() + deps.sessions.maxAgeSeconds * 1000);
    deps.sessions.clear(c);
    return c.json({ signedIn: false }, 200, { "cache-control": "no-store" });
  });

  // Ends every session this studio issued until now, in every browser (the studio has no user id
  // of its own: the platform's token answer carries none). Only a signed-in session may ask.
  app.post("/api/session/signout-everywhere", async (c) => {
    const session = deps.sessions.read(c);
    if (!session?.tokens) return fail(c, "not_signed_in");
    const now = deps.now();
    await deps.revocations.revokeIssuedBefore(now + 1, now + deps.sessions.maxAgeSeconds * 1000);
    deps.log("signed_out_everywhere", {});
    deps.sessions.clear(c);
    return c.json({ signedIn: false }, 200, { "cache-control": "no-store" });
  });

  return app;
}

/** A held subscription as the editor sees it. */
export function publicSubscription(s: {
  event_type: string;
  event_resource_id?: string;
  metadata?: Record<string, unknown>;
  meta_data?: Record<string, unknown>;
  createdAt: number;
  renewedAt: number;
  lastError?: string;
}) {
  return {
    event_type: s.event_type,
    event_resource_id: s.event_resource_id ?? null,
    metadata: s.metadata ?? s.meta_data ?? null,
    createdAt: new Date(s.createdAt).toISOString(),
    renewedAt: new Date(s.renewedAt).toISOString(),
    lastError: s.lastError ?? null,
  };
}

/**
 * The platform's `error_description` (RFC 6749 section 4.1.2.1), as the editor may show it: printable
 * text, at most 200 characters. It came through the user's browser, so it is no secret of the proxy's.
 */
function platformWords(description: string | undefined): { oauth_detail?: string } {
  const text = description?.replace(/[\p{Cc}\p{Cf}]+/gu, " ").trim();
  if (!text) return {};
  return { oauth_detail: text.length > 200 ? `${text.slice(0, 199)}…` : text };
}
