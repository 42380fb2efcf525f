import { IncomingMessage } from "node:http";
import { Hono } from "hono";
import { errorCatalogue, platformError } from "../platform/errors";
import type { FetchLike } from "../platform/fetch-like";
import { createApiHost } from "./api-host";
import { createAuthHost, tokenError } from "./auth-host";
import { faultSchema } from "./faults";
import { createPages } from "./pages";
import { allowedHostsOnly, sameOriginForms } from "./same-origin";
import { createEmulatorState, type EmulatorOptions, type EmulatorState } from "./state";

/** The pages' Content-Security-Policy: no script, no plugin, no <base>, no framing. */
export const PAGE_POLICY = "script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export interface Emulator {
  app: Hono;
  state: EmulatorState;
}

/**
 * Builds the emulator: auth host (`/oauth2/*`), API host (`/v1/*`, `/v2/*`), pages and a fault-injection
 * control at `/_emulator/faults`, all on one origin so {auth_url} and {base_url} are the same address.
 */
/**
 * Ends the request's connection without an answer (a `drop` fault): the socket is destroyed, so the
 * caller sees the connection reset after its request was written. Served without Node's bindings
 * (app.request in tests), the answer is an empty 502 instead.
 */
function dropConnection(env: unknown): Response {
  if (typeof env === "object" && env !== null && "incoming" in env && env.incoming instanceof IncomingMessage)
    env.incoming.socket.destroy();
  return new Response(null, { status: 502 });
}

export function createEmulator(
  opts: EmulatorOptions & {
    fetch?: FetchLike;
    /** When given, a request whose Host names anything else is refused (DNS rebinding; start-studio.ts). */
    allowedHost?: (hostname: string) => boolean;
  } = {},
): Emulator {
  const state = createEmulatorState(opts);
  const fetchFn = opts.fetch ?? fetch;
  const app = new Hono();

  // The consent page must not be framed by another site (clickjacking the Allow button). The pages
  // run no script at all: one slipped into a drawn add-on, a message or a name could not run either.
  // The Referer stays on the emulator (a conversation's id is not sent to the address a button opens).
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("x-frame-options", "DENY");
    if (!c.res.headers.has("content-security-policy"))
      c.res.headers.set("content-security-policy", PAGE_POLICY);
    c.res.headers.set("x-content-type-options", "nosniff");
    c.res.headers.set("referrer-policy", "same-origin");
  });
  if (opts.allowedHost) app.use("*", allowedHostsOnly(opts.allowedHost));
  app.use("*", sameOriginForms());

  /**
   * The gRPC code a status carries in an injected fault: the usual gateway mapping, and 9
   * (FAILED_PRECONDITION) for 412, as the live platform sends for a chat message the recipient blocked.
   */
  const GRPC_FOR_STATUS: Record<number, number> = {
    400: 3,
    401: 16,
    403: 7,
    404: 5,
    409: 6,
    412: 9,
    429: errorCatalogue.upstream_rate_limited.grpc,
    501: 12,
    503: 14,
    504: 4,
  };

  // Faults apply to the platform surfaces only, never to the control or the pages.
  app.use("*", async (c, next) => {
    const path = c.req.path;
    if (!/^\/(v1|v2|oauth2\/token)/.test(path)) return next();
    const fault = state.faults.take(path);
    if (!fault) return next();
    if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault.drop) {
      // The request arrives in full (the platform read it), then the connection goes.
      await c.req.arrayBuffer().catch(() => undefined);
      return dropConnection(c.env);
    }
    if (fault.status === undefined) return next();
    const retry: Record<string, string> =
      fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {};
    const headers: Record<string, string> = { "content-type": "application/json", ...retry };
    // The token endpoint answers errors as RFC 6749 does (platform facts), the API in gRPC's shape.
    if (path.startsWith("/oauth2/token"))
      return tokenError(
        fault.status,
        fault.status >= 500 || fault.status === 429 ? "temporarily_unavailable" : "invalid_request",
        "fault injected by the emulator",
        retry,
      );
    const body = platformError("fault_injected");
    body.code = GRPC_FOR_STATUS[fault.status] ?? 13;
    return new Response(JSON.stringify(body), { status: fault.status, headers });
  });

  app.post("/_emulator/faults", async (c) => {
    // JSON only: a page on another site can post a form to localhost, but not JSON without a preflight.
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json"))
      return c.json(
        platformError("invalid_request", { detail: "Content-Type must be application/json" }),
        400,
      );
    const parsed = faultSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json(platformError("invalid_request", { detail: parsed.error.message }), 400);
    state.faults.inject(parsed.data);
    return c.json({ faults: state.faults.list() });
  });
  app.delete("/_emulator/faults", (c) => {
    state.faults.clear();
    return c.json({ faults: [] });
  });

  app.route("/", createAuthHost(state));
  app.route("/", createApiHost(state));
  app.route("/", createPages(state, fetchFn));
  app.notFound((c) => c.json(platformError("not_found", { detail: c.req.path }), 404));
  return { app, state };
}
