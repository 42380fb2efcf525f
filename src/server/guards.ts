import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "./config";
import { fail, type ServerDeps, sendError } from "./deps";
import { tooLarge } from "./json-body";
import { listensOnLoopback, loopbackHostAllowed } from "./loopback";
import { createRateLimiter } from "./rate-limit";
import type { InlineHashes } from "./static-files";

/**
 * Refuses an address whose percent-escapes do not decode (`/%ff`, `/%`, `/%E0%A4%A`) with a 400, before
 * any route or file lookup sees it: no file is ever served for such an address.
 */
export function wellFormedPath(): MiddlewareHandler {
  return (c, next) => {
    const url = c.req.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const end = url.indexOf("?", start);
    const raw = end < 0 ? url.slice(start) : url.slice(start, end);
    if (raw.includes("%")) {
      try {
        decodeURIComponent(raw);
      } catch {
        return Promise.resolve(
          fail(c, "invalid_request", {
            detail:
              "the address holds a malformed percent-escape (each % must start %XX with two hex digits, forming UTF-8)",
          }),
        );
      }
    }
    return next();
  };
}

/**
 * On a studio listening on the loopback interface (the default), refuses a request whose Host is not
 * one of the names it is reached by (loopback names, an IP address, PUBLIC_URL's name): a page on
 * another site whose name was re-resolved to 127.0.0.1 (DNS rebinding) would otherwise read and send
 * as the studio's own origin. A studio listening on another interface (HOST=0.0.0.0 behind a balancer)
 * is reached by names it cannot know, and is left to its balancer.
 */
export function loopbackHostsOnly(config: Pick<Config, "host" | "publicUrl">): MiddlewareHandler {
  const publicName = new URL(config.publicUrl).hostname.toLowerCase();
  const local = listensOnLoopback(config.host);
  return (c, next) => {
    if (!local || c.req.header("host") === undefined) return next();
    if (loopbackHostAllowed(new URL(c.req.url).hostname, [publicName])) return next();
    return Promise.resolve(
      fail(c, "invalid_request", {
        detail: `this studio answers only to the names it is served by (Host names another: a page whose name resolves to this machine must not use it); open it at ${config.publicUrl}`,
      }),
    );
  };
}

/**
 * Refuses a body over `maxSize` bytes with 413 naming the limit. A declared Content-Length is checked
 * from the header alone (as bodyLimit itself does), without touching c.req.raw.body: that getter builds
 * a web Request and stream and turns off @hono/node-server's direct body read, ~0.1 ms per proxied
 * publish. Chunked bodies go to bodyLimit, which stops reading past the limit. `refused` is told of
 * each refusal (the platform's addresses log it, as their routes log theirs).
 */
export function sizeLimit(maxSize: number, refused?: (c: Context) => void): MiddlewareHandler {
  const limitError = (c: Context) => {
    refused?.(c);
    return sendError(c, tooLarge(maxSize));
  };
  const limit = bodyLimit({ maxSize, onError: limitError });
  return (c, next) => {
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) return limit(c, next);
    if (Number.parseInt(length, 10) > maxSize) return Promise.resolve(limitError(c));
    return next();
  };
}

/** The client's address: the socket's, or behind a trusted balancer the last X-Forwarded-For entry. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req.header("x-forwarded-for")?.split(",").pop()?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Served without Node bindings (app.request in a test): one shared bucket.
    return "unknown";
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Rate limits (docs/server.md, "Limits"): per client address on /api/* and /oauth/*, sign-in per
 * address, and state-changing /api/* requests per session. A refusal is 429 `rate_limited` with
 * Retry-After; the platform's own addresses (/platform/*) are not limited here.
 */
export function rateLimits(deps: ServerDeps): MiddlewareHandler {
  const { limits, trustProxy } = deps.config;
  const byAddress = createRateLimiter(limits.addressPerMinute, deps.now);
  const signin = createRateLimiter(limits.signinPerMinute, deps.now);
  const bySession = createRateLimiter(limits.sessionPerMinute, deps.now);
  const refuse = (c: Context, retryAfter: number, what: string) => {
    deps.log("rate_limited", { limit: what, path: c.req.path });
    return fail(c, "rate_limited", { detail: `more than ${what}`, retryAfter });
  };
  return async (c, next) => {
    const path = c.req.path;
    const api = path.startsWith("/api/");
    const oauth = path.startsWith("/oauth/");
    if (!api && !oauth) return next();
    const address = clientAddress(c, trustProxy);
    const a = byAddress.take(address);
    if (!a.ok)
      return refuse(c, a.retryAfter, `${limits.addressPerMinute} requests a minute from one address`);
    if (oauth) {
      const s = signin.take(address);
      if (!s.ok)
        return refuse(c, s.retryAfter, `${limits.signinPerMinute} sign-in steps a minute from one address`);
    }
    if (api && UNSAFE.has(c.req.method)) {
      const sid = deps.sessions.read(c)?.sid;
      if (sid) {
        const s = bySession.take(sid);
        if (!s.ok)
          return refuse(c, s.retryAfter, `${limits.sessionPerMinute} sends a minute from one session`);
      }
    }
    return next();
  };
}

/** A revoked session (signed out, or signed out everywhere) reads as no session for the whole request. */
export function revokedSessions(deps: ServerDeps): MiddlewareHandler {
  return async (c, next) => {
    const session = deps.sessions.read(c);
    if (session && (await deps.revocations.isRevoked(session.sid, session.createdAt))) {
      deps.sessions.forget(c);
      deps.sessions.clear(c);
    }
    return next();
  };
}

/**
 * The studio's Content-Security-Policy: nothing inline, no framing, forms only to the origin and the
 * consent host. `inline` ('sha256-...' hashes) allows the built page's own inline script (the first
 * paint's early clicks, src/editor/shell/early-shell.ts) and stylesheet, which the static handler
 * hashes from index.html as it serves it; style attributes stay refused.
 */
export function contentSecurityPolicy(config: Config, inline: Partial<InlineHashes> = {}): string {
  // A redirect after a form submission is checked against form-action too: the consent host may be
  // reached that way.
  const authOrigin = new URL(config.authUrl).origin;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(inline.scripts ?? []).map((h) => `'${h}'`)].join(" "),
    ["style-src 'self'", ...(inline.styles ?? []).map((h) => `'${h}'`)].join(" "),
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${authOrigin}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The browser policy: the Content-Security-Policy above on every answer that did not set its own
 * (the built page sets it with its script's hash), and through Hono's secureHeaders no framing, no
 * sniffing, the Referer kept on the origin (a route may set a stricter one, e.g. the OAuth
 * callback's no-referrer), and HSTS when the studio is served over https.
 */
export function browserPolicy(config: Config): MiddlewareHandler {
  const https = new URL(config.publicUrl).protocol === "https:";
  const policy = contentSecurityPolicy(config);
  const headers = secureHeaders({
    xFrameOptions: "DENY",
    referrerPolicy: "same-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    // Sign-in goes through the platform's consent page in the same window.
    crossOriginOpenerPolicy: false,
    overwrite: false,
  });
  return (c, next) =>
    headers(c, async () => {
      await next();
      if (!c.res.headers.has("content-security-policy")) c.res.headers.set("content-security-policy", policy);
    });
}
