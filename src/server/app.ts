import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { studioError } from "../platform/errors";
import type { FetchLike } from "../platform/fetch-like";
import type { Config } from "./config";
import { requestDeadline, withDeadline } from "./deadline";
import { type ServerDeps, sendError } from "./deps";
import {
  browserPolicy,
  contentSecurityPolicy,
  loopbackHostsOnly,
  rateLimits,
  revokedSessions,
  sizeLimit,
  wellFormedPath,
} from "./guards";
import { createHttpFetch } from "./http-transport";
import { createInbox, type Inbox } from "./inbox";
import { API_BODY_LIMIT, PLATFORM_BODY_LIMIT } from "./json-body";
import { jsonLogger, type Logger } from "./log";
import { secureCookies } from "./loopback";
import { createOAuthClient } from "./oauth-client";
import { createPlatformClient } from "./platform-client";
import { appSecrets } from "./redaction";
import { createMemoryRevocations, type RevocationStore, storeRevocations } from "./revocations";
import { apiRoutes } from "./routes/api-routes";
import { deliveryRoutes } from "./routes/delivery-routes";
import { healthRoutes } from "./routes/health-routes";
import { historyRoutes } from "./routes/history-routes";
import { inboxRoutes } from "./routes/inbox-routes";
import { oauthRoutes } from "./routes/oauth-routes";
import { subscriptionRoutes } from "./routes/subscription-routes";
import { createSessionCodec, SessionTooLargeError } from "./session";
import { createStaticHandler } from "./static-files";
import { type Store, StoreError } from "./store/store";
import { createStoreInbox } from "./store-inbox";
import { iconRoutes } from "./studio-pages";
import { createTaskQueue } from "./task-queue";

export { PLATFORM_BODY_LIMIT };

export interface ProxyOptions {
  config: Config;
  fetch?: FetchLike;
  now?: () => number;
  /** Receives one JSON line per request and per notable event; never secrets, tokens or bodies. */
  log?: (line: string) => void;
  inbox?: Inbox;
  /** Where ended sessions are recorded; in memory by default (one instance, docs/server.md). */
  revocations?: RevocationStore;
  /**
   * The durable store (issue 15): when given, the inbox, the sign-out record and the publish record
   * live in it (shared by every instance on one PostgreSQL); without it, in this process's memory.
   */
  store?: Store;
}

export interface StudioProxy {
  app: Hono;
  deps: ServerDeps;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses a state-changing request another site made (CSRF). SameSite=Lax already keeps the session
 * cookie off cross-site POSTs, and JSON routes demand application/json (a form cannot send it without a
 * CORS preflight, which the proxy never grants); this adds the Fetch Metadata and Origin checks, which
 * also cover the bodiless DELETE and sign-out routes. A request with neither header (curl, the CLI)
 * is not a browser's and passes.
 */
export function sameOriginOnly(publicUrl: string, log: Logger): MiddlewareHandler {
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
      log("cross_site_refused", { method: c.req.method, path: c.req.path });
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
  // Every call also stops at its user request's overall deadline (src/server/deadline.ts).
  const fetchFn = withDeadline(opts.fetch ?? createHttpFetch());
  const log = jsonLogger(opts.log ?? ((line: string) => console.log(line)), now);
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
      // Also kept out of every answer it passes on (the API key and the call's token always are).
      secrets: appSecrets(config),
      log,
      fetch: fetchFn,
      timeoutMs: config.upstreamTimeoutMs,
      now,
    }),
    sessions: createSessionCodec({
      secret: config.sessionSecret,
      secure: secureCookies(config.publicUrl),
      now,
    }),
    inbox: opts.inbox ?? (opts.store ? createStoreInbox(opts.store, now, log) : createInbox(now)),
    consumedStates: new Map(),
    refreshes: new Map(),
    revocations:
      opts.revocations ?? (opts.store ? storeRevocations(opts.store, now) : createMemoryRevocations(now)),
    ...(opts.store ? { store: opts.store } : {}),
    renewals: createTaskQueue(),
    renewalResults: new Map(),
    streams: new Map(),
  };

  const app = new Hono();
  // One JSON line per request: method, path (never the query: it carries code and state; a phone in it
  // is masked by the logger), status, time.
  // Not for the editor's files served as asked (/assets/: ~30 scripts, styles and fonts per page
  // load), which buried every other line; a failed one (a stale page asking for an old file) is.
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    const read = c.req.method === "GET" || c.req.method === "HEAD";
    if (read && c.res.status < 400 && c.req.path.startsWith("/assets/")) return;
    log("request", {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use("*", browserPolicy(config));
  app.use("*", loopbackHostsOnly(config));
  app.use("*", wellFormedPath());
  app.use("*", revokedSessions(deps));
  app.use("*", rateLimits(deps));
  app.use("/api/*", sameOriginOnly(config.publicUrl, log));
  app.use("/api/*", sizeLimit(API_BODY_LIMIT));
  // Logged as the routes log their refusals (docs/server.md, Logging): this answers before them.
  app.use(
    "/platform/*",
    sizeLimit(PLATFORM_BODY_LIMIT, (c) =>
      deps.log("delivery_refused", { path: c.req.path, reason: "payload_too_large" }),
    ),
  );
  // One overall deadline for every platform call a user request makes (a refresh, then the send),
  // counted from the first of them, so a slow upload of the body does not use it up.
  app.use("/api/*", requestDeadline(config.upstreamTimeoutMs));
  app.use("/oauth/*", requestDeadline(config.upstreamTimeoutMs));
  app.route("/", iconRoutes());
  app.route("/", healthRoutes(deps));
  app.route("/", oauthRoutes(deps));
  app.route("/", deliveryRoutes(deps));
  app.route("/", inboxRoutes(deps));
  app.route("/", historyRoutes(deps));
  app.route("/", subscriptionRoutes(deps));
  app.route("/", apiRoutes(deps));
  const serveStatic = createStaticHandler(config.distDir, {
    pagePolicy: (hashes) => contentSecurityPolicy(config, hashes),
  });
  // The editor's files go out compressed when the browser asks (the page with its first paint is
  // ~86 KB, its code ~300 KB; fonts are compressed already and skipped).
  app.get("*", compress(), (c) => serveStatic(c));
  app.onError((err, c) => {
    log("error", { method: c.req.method, path: c.req.path, name: err.name });
    // A store failure deep in a route (the sign-out record, the history): 503, the request may be retried.
    if (err instanceof StoreError)
      return err.reason === "rejected"
        ? sendError(
            c,
            studioError("invalid_request", { detail: `the data store refused the data: ${err.message}` }),
          )
        : sendError(c, studioError("store_unavailable", { detail: err.message }));
    if (err instanceof SessionTooLargeError)
      return sendError(c, studioError("invalid_request", { detail: err.message }));
    return sendError(c, studioError("internal_error", { detail: err.name }));
  });
  return { app, deps };
}
