import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { studioError } from "../platform/errors";
import type { Config } from "./config";
import { isLocalHttp } from "./config";
import { type ServerDeps, sendError } from "./deps";
import { createHttpFetch } from "./http-transport";
import { createInbox, type Inbox } from "./inbox";
import { createOAuthClient, type FetchLike } from "./oauth-client";
import { createPlatformClient } from "./platform-client";
import { apiRoutes } from "./routes/api-routes";
import { oauthRoutes } from "./routes/oauth-routes";
import { platformRoutes } from "./routes/platform-routes";
import { createSessionCodec, SessionTooLargeError } from "./session";
import { createStaticHandler } from "./static-files";

export interface ProxyOptions {
  config: Config;
  fetch?: FetchLike;
  now?: () => number;
  /** Receives one line per request and per notable event; never secrets, tokens or bodies. */
  log?: (line: string) => void;
  inbox?: Inbox;
}

export interface StudioProxy {
  app: Hono;
  deps: ServerDeps;
}

/** Largest body accepted on the addresses the platform calls. */
export const PLATFORM_BODY_LIMIT = 256 * 1024;

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses a state-changing request another site made (CSRF). SameSite=Lax already keeps the session
 * cookie off cross-site POSTs, and JSON routes demand application/json (a form cannot send it without a
 * CORS preflight, which the proxy never grants); this adds the Fetch Metadata and Origin checks, which
 * also cover the bodiless DELETE and sign-out routes. A request with neither header (curl, the CLI)
 * is not a browser's and passes.
 */
export function sameOriginOnly(publicUrl: string, log: (line: string) => void): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    // The studio may be opened on another name for the same server (localhost vs 127.0.0.1): the
    // request's own origin counts as same-origin too.
    const own = new URL(c.req.url).origin;
    const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
    const foreign = origin !== undefined && origin !== publicOrigin && origin !== own;
    if (crossSite || foreign) {
      log(`refused a cross-site ${c.req.method} ${c.req.path}`);
      return sendError(
        c,
        studioError("invalid_request", {
          detail: `cross-site requests are refused; send it from the studio at ${publicOrigin}`,
        }),
      );
    }
    return next();
  };
}

/** Builds the proxy app; tests and main.ts build it the same way. */
export function createProxy(opts: ProxyOptions): StudioProxy {
  const now = opts.now ?? (() => Date.now());
  // Keep-alive node:http transport by default (src/server/http-transport.ts); tests may pass their own.
  const fetchFn = opts.fetch ?? createHttpFetch();
  const log = opts.log ?? ((line: string) => console.log(line));
  const { config } = opts;
  const deps: ServerDeps = {
    config,
    fetch: fetchFn,
    now,
    log,
    oauth: createOAuthClient({
      authUrl: config.authUrl,
      clientId: config.app.slug,
      clientSecret: config.app.clientSecret,
      redirectUri: config.redirectUri,
      fetch: fetchFn,
      timeoutMs: config.upstreamTimeoutMs,
      now,
    }),
    platform: createPlatformClient({
      baseUrl: config.apiUrl,
      apiKey: config.app.apiKey,
      fetch: fetchFn,
      timeoutMs: config.upstreamTimeoutMs,
      now,
    }),
    sessions: createSessionCodec({
      secret: config.sessionSecret,
      secure: !isLocalHttp(config.publicUrl),
      now,
    }),
    inbox: opts.inbox ?? createInbox(now),
    consumedStates: new Map(),
    refreshes: new Map(),
  };

  const app = new Hono();
  // Log method, path (never the query: it carries code and state) and status. Phone numbers in paths
  // are personal data, so only their last two digits are kept.
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    const path = c.req.path.replace(/\/phone\/[^/]*?([^/]{0,2})(?=\/|$)/, "/phone/***$1");
    log(`${c.req.method} ${path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  });
  app.use("*", async (c, next) => {
    await next();
    // The editor is never framed (clickjacking of Publish), types are never sniffed, and no address
    // (the OAuth callback carries code and state) leaks to another origin in Referer.
    const h = c.res.headers;
    h.set("x-content-type-options", "nosniff");
    h.set("x-frame-options", "DENY");
    if (!h.has("content-security-policy")) h.set("content-security-policy", "frame-ancestors 'none'");
    if (!h.has("referrer-policy")) h.set("referrer-policy", "same-origin");
  });
  app.use("/api/*", sameOriginOnly(config.publicUrl, log));
  const limits = (maxSize: number): MiddlewareHandler => {
    const limitError = (c: Context) =>
      sendError(
        c,
        studioError("invalid_request", { detail: `the body is larger than ${maxSize / 1024} KB` }),
      );
    const limit = bodyLimit({ maxSize, onError: limitError });
    // A declared Content-Length is checked from the header alone (as bodyLimit itself does), without
    // touching c.req.raw.body: that getter builds a web Request and stream for every call and turns off
    // @hono/node-server's direct body read, ~0.1 ms per proxied publish. Chunked bodies go to bodyLimit.
    return (c, next) => {
      const length = c.req.header("content-length");
      if (length === undefined || c.req.header("transfer-encoding") !== undefined) return limit(c, next);
      if (Number.parseInt(length, 10) > maxSize) return Promise.resolve(limitError(c));
      return next();
    };
  };
  app.use("/api/*", limits(1024 * 1024));
  // Deliveries are small JSON (spec 2.8, 2.9, 4.11); the inbox keeps 200 of them in memory.
  app.use("/platform/*", limits(PLATFORM_BODY_LIMIT));
  app.route("/", oauthRoutes(deps));
  app.route("/", platformRoutes(deps));
  app.route("/", apiRoutes(deps));
  const serveStatic = createStaticHandler(config.distDir);
  app.get("*", (c) => serveStatic(c));
  app.onError((err, c) => {
    log(`error on ${c.req.method} ${c.req.path}: ${err.name}`);
    if (err instanceof SessionTooLargeError)
      return sendError(c, studioError("invalid_request", { detail: err.message }));
    return sendError(c, studioError("internal_error", { detail: err.name }));
  });
  return { app, deps };
}
