import type { MiddlewareHandler } from "hono";
import { platformError } from "../platform/errors";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function refused(detail: string): Response {
  return new Response(JSON.stringify(platformError("invalid_request", { detail })), {
    status: 403,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

/**
 * Refuses a state-changing request a page of another site made. The emulator's pages post plain
 * forms (a buyer's reply, a button press, a post update, the consent decision), which any site can
 * post to 127.0.0.1 too: a reply delivered that way reaches the studio's inbox as the buyer's. The
 * browser says where a request comes from (Fetch Metadata `Sec-Fetch-Site`, else `Origin`); the
 * proxy's own calls (token endpoint, API) are not a browser's and carry neither.
 */
export function sameOriginForms(): MiddlewareHandler {
  return async (c, next) => {
    if (!UNSAFE.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
    if (crossSite || (origin !== undefined && origin !== new URL(c.req.url).origin))
      return refused("cross-site requests are refused; use the emulator's own pages");
    return next();
  };
}

/**
 * Refuses a request whose Host is not a name the emulator may be reached by (`allowed`): the emulator
 * listens on 127.0.0.1 with public demo secrets, and a page on another site whose name was
 * re-resolved to 127.0.0.1 (DNS rebinding) would otherwise read its pages and send as its origin.
 */
export function allowedHostsOnly(allowed: (hostname: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.header("host") === undefined || allowed(new URL(c.req.url).hostname)) return next();
    return refused("the emulator answers only to this machine's loopback names (localhost, 127.0.0.1)");
  };
}
