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
import { createSessionCodec } from "./session";
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
    sessions: createSessionCodec({ secret: config.sessionSecret, secure: !isLocalHttp(config.publicUrl) }),
    inbox: opts.inbox ?? createInbox(now),
    consumedStates: new Map(),
  };

  const app = new Hono();
  // Log method, path (never the query: it carries code and state) and status.
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  });
  const limitError = (c: Context) =>
    sendError(c, studioError("invalid_request", { detail: "the body is larger than 1 MB" }));
  const limit = bodyLimit({ maxSize: 1024 * 1024, onError: limitError });
  // A declared Content-Length is checked from the header alone (as bodyLimit itself does), without
  // touching c.req.raw.body: that getter builds a web Request and stream for every call and turns off
  // @hono/node-server's direct body read, ~0.1 ms per proxied publish. Chunked bodies go to bodyLimit.
  const limitFast: MiddlewareHandler = (c, next) => {
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) return limit(c, next);
    if (Number.parseInt(length, 10) > 1024 * 1024) return Promise.resolve(limitError(c));
    return next();
  };
  app.use("/api/*", limitFast);
  app.use("/platform/*", limitFast);
  app.route("/", oauthRoutes(deps));
  app.route("/", platformRoutes(deps));
  app.route("/", apiRoutes(deps));
  const serveStatic = createStaticHandler(config.distDir);
  app.get("*", (c) => serveStatic(c));
  app.onError((err, c) => {
    log(`error on ${c.req.method} ${c.req.path}: ${err.name}`);
    return sendError(c, studioError("internal_error", { detail: err.name }));
  });
  return { app, deps };
}
