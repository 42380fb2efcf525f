import { Hono } from "hono";
import { authorizationRequestSchema, type TokenResponse, tokenRequestSchema } from "../platform/oauth";
import { OFFLINE_ACCESS, tryParseScopes, unknownScopes } from "../platform/scopes";
import { consentBody, escapeHtml, page } from "./html";
import {
  accessTokenUsable,
  DEMO_USER,
  type EmulatorState,
  newSecret,
  pruneTokens,
  REFRESH_TTL_MS,
  refreshTokenUsable,
  secretMatches,
  type TokenRecord,
} from "./state";

const CODE_TTL_MS = 10 * 60 * 1000;
/** Undecided consent pages kept at once; the oldest go first (a page left open is not a leak). */
const MAX_PENDING_CONSENTS = 1000;

/** Forgets expired consents, codes and long-dead tokens, so a long-running emulator does not grow. */
function prune(state: EmulatorState, now: number): void {
  for (const [id, consent] of state.consents) if (consent.expiresAt <= now) state.consents.delete(id);
  while (state.consents.size >= MAX_PENDING_CONSENTS) {
    const oldest = state.consents.keys().next().value;
    if (oldest === undefined) break;
    state.consents.delete(oldest);
  }
  // A used code is kept until it expires, so a replay is still recognised and revokes its tokens.
  for (const [code, record] of state.codes) if (record.expiresAt <= now) state.codes.delete(code);
}

/** RFC 6749 section 5.2 error response. */
/** An RFC 6749 token-endpoint error answer (also the emulator's injected faults there, app.ts). */
export function tokenError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });
}

function errorPage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

/** Appends query parameters to a redirect address that has none of its own (spec 2.1). */
function redirectWith(uri: string, params: Record<string, string>): string {
  const q = Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");
  return `${uri}?${q}`;
}

/** The emulated authorization host: consent page (spec 4.1) and token endpoint (spec 4.2). */
export function createAuthHost(state: EmulatorState): Hono {
  const app = new Hono();

  app.get("/oauth2/auth", (c) => {
    const query = Object.fromEntries(new URL(c.req.url).searchParams);
    const parsed = authorizationRequestSchema.safeParse(query);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => i.path.join(".") || "(query)").join(", ");
      return c.html(errorPage("Invalid authorization request", `Check these parameters: ${fields}.`), 400);
    }
    const req = parsed.data;
    // RFC 6749 section 4.1.2.1: with an unknown client or redirect address, show the error; never redirect.
    if (req.client_id !== state.app.slug) {
      return c.html(errorPage("Unknown app", `No app is registered with client_id ${req.client_id}.`), 400);
    }
    if (!state.app.redirectUris.includes(req.redirect_uri)) {
      return c.html(
        errorPage(
          "Redirect address not registered",
          `${req.redirect_uri} is not among the app's allowed OAuth redirect addresses.`,
        ),
        400,
      );
    }
    // RFC 6749 section 4.1.2.1: a malformed, empty or unknown scope is `invalid_scope`, with words.
    const scopes = tryParseScopes(req.scope);
    const unknown = scopes ? unknownScopes(scopes) : [];
    if (!scopes || scopes.length === 0 || unknown.length > 0) {
      const description = !scopes
        ? "The scope list is malformed: each scope is SCOPE or SCOPE.IDENTIFIER, separated by spaces."
        : scopes.length === 0
          ? "No scope was asked for."
          : `Not a scope the platform has: ${unknown.slice(0, 5).join(", ")}.`;
      return c.redirect(
        redirectWith(req.redirect_uri, {
          error: "invalid_scope",
          error_description: description,
          state: req.state,
        }),
        302,
      );
    }
    const now = state.clock.now();
    prune(state, now);
    const consentId = newSecret("consent");
    state.consents.set(consentId, {
      clientId: req.client_id,
      redirectUri: req.redirect_uri,
      scopes,
      state: req.state,
      expiresAt: now + CODE_TTL_MS,
    });
    return c.html(
      page(
        "Allow access",
        consentBody({
          appName: state.app.name,
          userPhone: DEMO_USER.phones[0] ?? "",
          scopes,
          consentId,
        }),
      ),
    );
  });

  app.post("/oauth2/auth/decision", async (c) => {
    const form = await c.req.parseBody();
    const consentId = typeof form.consent === "string" ? form.consent : "";
    const consent = state.consents.get(consentId);
    if (!consent || consent.expiresAt <= state.clock.now()) {
      state.consents.delete(consentId);
      return c.html(errorPage("Consent expired", "Start again from the app."), 400);
    }
    state.consents.delete(consentId);
    // Spec 2.3: on refusal the redirect carries state only.
    if (form.decision !== "allow")
      return c.redirect(redirectWith(consent.redirectUri, { state: consent.state }), 302);
    const code = newSecret("code");
    state.codes.set(code, {
      code,
      clientId: consent.clientId,
      redirectUri: consent.redirectUri,
      scopes: consent.scopes,
      expiresAt: state.clock.now() + CODE_TTL_MS,
      used: false,
      issued: [],
    });
    return c.redirect(redirectWith(consent.redirectUri, { code, state: consent.state }), 302);
  });

  app.post("/oauth2/token", async (c) => {
    const type = c.req.header("content-type") ?? "";
    if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      return tokenError(
        400,
        "invalid_request",
        "The token request must be application/x-www-form-urlencoded.",
      );
    }
    const fields = Object.fromEntries(new URLSearchParams(await c.req.text()));
    // RFC 6749 section 5.2: a grant type the server does not support has its own error code.
    if (
      typeof fields.grant_type === "string" &&
      fields.grant_type !== "authorization_code" &&
      fields.grant_type !== "refresh_token"
    ) {
      return tokenError(
        400,
        "unsupported_grant_type",
        `grant_type ${fields.grant_type.slice(0, 40)} is not supported; use authorization_code or refresh_token.`,
      );
    }
    const parsed = tokenRequestSchema.safeParse(fields);
    if (!parsed.success) {
      const which = parsed.error.issues.map((i) => i.path.join(".") || "(body)").join(", ");
      return tokenError(400, "invalid_request", `Missing or malformed fields: ${which}.`);
    }
    const req = parsed.data;
    // RFC 6749 section 2.3.1: client authentication with the secret.
    if (req.client_id !== state.app.slug || !secretMatches(req.client_secret, state.app.clientSecret)) {
      return tokenError(401, "invalid_client", "Unknown client or wrong client secret.");
    }
    const now = state.clock.now();
    prune(state, now);
    if (req.grant_type === "authorization_code") {
      const code = state.codes.get(req.code);
      if (!code || code.clientId !== req.client_id || now >= code.expiresAt) {
        return tokenError(400, "invalid_grant", "The code is unknown or expired.");
      }
      if (code.used) {
        // RFC 6749 section 4.1.2: a reused code revokes what it issued.
        for (const t of state.tokens) if (code.issued.includes(t.accessToken)) t.revoked = true;
        return tokenError(400, "invalid_grant", "The code was already used.");
      }
      if (code.redirectUri !== req.redirect_uri) {
        return tokenError(400, "invalid_grant", "redirect_uri differs from the authorization request.");
      }
      code.used = true;
      const record = issue(state, req.client_id, req.redirect_uri, code.scopes, now);
      code.issued.push(record.accessToken);
      return c.json(tokenResponse(state, record), 200, { "cache-control": "no-store" });
    }
    // Refresh grant (spec 2.4): `code` carries the access token currently held.
    const current = state.tokens.find(
      (t) => t.refreshToken !== undefined && t.refreshToken === req.refresh_token,
    );
    if (!current || !refreshTokenUsable(current, now) || current.clientId !== req.client_id) {
      return tokenError(400, "invalid_grant", "The refresh token is unknown, expired or already replaced.");
    }
    if (current.accessToken !== req.code) {
      return tokenError(
        400,
        "invalid_grant",
        "code must be the access token issued with this refresh token.",
      );
    }
    if (current.redirectUri !== req.redirect_uri) {
      return tokenError(400, "invalid_grant", "redirect_uri differs from the one used to obtain the token.");
    }
    current.replacedAt ??= now;
    const record = issue(state, req.client_id, req.redirect_uri, current.scopes, now);
    return c.json(tokenResponse(state, record), 200, { "cache-control": "no-store" });
  });

  return app;
}

function issue(
  state: EmulatorState,
  clientId: string,
  redirectUri: string,
  scopes: string[],
  now: number,
): TokenRecord {
  const record: TokenRecord = {
    accessToken: newSecret("at"),
    clientId,
    redirectUri,
    userId: DEMO_USER.id,
    scopes,
    accessExpiresAt: now + state.accessTokenTtlSeconds * 1000,
    refreshExpiresAt: now + REFRESH_TTL_MS,
  };
  // Spec 2.5: a refresh token only when offline_access was requested.
  if (scopes.includes(OFFLINE_ACCESS)) record.refreshToken = newSecret("rt");
  pruneTokens(state, now);
  state.tokens.push(record);
  return record;
}

function tokenResponse(state: EmulatorState, t: TokenRecord): TokenResponse {
  const body: TokenResponse = {
    access_token: t.accessToken,
    expires_in: state.accessTokenTtlSeconds,
    scope: t.scopes.join(" "),
    token_type: "bearer",
  };
  if (t.refreshToken) body.refresh_token = t.refreshToken;
  return body;
}

/** Looks up a usable access token by value. */
export function findUsableToken(state: EmulatorState, accessToken: string): TokenRecord | undefined {
  const now = state.clock.now();
  return state.tokens.find((t) => t.accessToken === accessToken && accessTokenUsable(t, now));
}
