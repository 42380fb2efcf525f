import type { HttpBindings } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { DEMO_APP } from "../../src/emulator/state";

/**
 * A fault for requests whose path starts with `pathPrefix`: "reset" reads the request in full, then
 * resets the connection without answering (the platform got it; the proxy cannot know); "hang" reads
 * it and never answers until the proxy gives up. `count` requests are affected (default: all).
 */
export interface Fault {
  mode: "reset" | "hang";
  pathPrefix: string;
  count?: number;
}

/** What the next API call answers. */
export interface Scripted {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

/**
 * A deliberately strict fake of the platform: it answers 418 to anything that breaks the protocol
 * (wrong content type, form fields, headers), so a sloppy proxy fails loudly. Consent is automatic.
 */
export function createStrictUpstream(opts: { refreshTokens?: boolean; expiresIn?: number } = {}) {
  const calls: string[] = [];
  const violations: string[] = [];
  const issued = new Set<string>();
  let tokenAnswer: Scripted | undefined;
  let next: Scripted | undefined;
  let counter = 0;
  const grantedScopes = new Map<string, string>();
  let fault: (Fault & { left: number }) | undefined;
  /** Requests a "hang" fault holds right now, by path. */
  const held: string[] = [];
  /** Requests a fault consumed (read in full, then reset or held), by method and path. */
  const faulted: string[] = [];
  const app = new Hono<{ Bindings: HttpBindings }>();

  /** Applies the fault, if it matches: the request has been read in full by now. */
  const applyFault = async (c: Context<{ Bindings: HttpBindings }>): Promise<Response | undefined> => {
    if (!fault || fault.left <= 0 || !c.req.path.startsWith(fault.pathPrefix)) return undefined;
    fault.left--;
    const socket = c.env.incoming.socket;
    faulted.push(`${c.req.method} ${c.req.path}`);
    if (fault.mode === "reset") {
      socket.resetAndDestroy();
    } else {
      held.push(c.req.path);
      await new Promise<void>((resolve) => socket.once("close", () => resolve()));
      held.splice(held.indexOf(c.req.path), 1);
    }
    return new Response(null, { status: 599 });
  };

  const violation = (what: string) => {
    violations.push(what);
    return new Response(`protocol violation: ${what}`, { status: 418 });
  };

  app.get("/oauth2/auth", (c) => {
    const q = new URL(c.req.url).searchParams;
    if (q.get("client_id") !== DEMO_APP.slug || !q.get("state") || q.get("response_type") !== "code") {
      return violation("authorization request");
    }
    const code = `fake-code-${++counter}`;
    grantedScopes.set(code, q.get("scope") ?? "");
    return c.redirect(
      `${q.get("redirect_uri")}?code=${code}&state=${encodeURIComponent(q.get("state") ?? "")}`,
    );
  });

  app.post("/oauth2/token", async (c) => {
    calls.push("POST /oauth2/token");
    if (c.req.header("content-type") !== "application/x-www-form-urlencoded")
      return violation("token content type");
    const form = new URLSearchParams(await c.req.text());
    const faultAnswer = await applyFault(c);
    if (faultAnswer) return faultAnswer;
    if (form.get("client_secret") !== DEMO_APP.clientSecret || form.get("client_id") !== DEMO_APP.slug) {
      return violation("client authentication");
    }
    if (tokenAnswer) {
      const a = tokenAnswer;
      tokenAnswer = undefined;
      return new Response(a.body ?? "", { status: a.status, headers: a.headers ?? {} });
    }
    const token = `fake-access-${++counter}`;
    issued.add(token);
    return c.json({
      access_token: token,
      expires_in: opts.expiresIn ?? 3600,
      // Consent grants what was asked (spec 2.5), when the fake was asked through its auth page.
      scope:
        grantedScopes.get(form.get("code") ?? "") ??
        (form.get("grant_type") === "authorization_code" || opts.refreshTokens
          ? "POST_ADDON_CREATE.gZ3kQx9aB1cD"
          : ""),
      token_type: "bearer",
      ...(opts.refreshTokens ? { refresh_token: `fake-refresh-${++counter}` } : {}),
    });
  });

  app.all("/v*", async (c) => {
    calls.push(`${c.req.method} ${c.req.path}`);
    if (c.req.header("x-api-key") !== DEMO_APP.apiKey) return violation("x-api-key");
    const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (c.req.method === "POST" && (!bearer || !issued.has(bearer))) return violation("bearer token");
    if (c.req.method === "POST" && c.req.header("content-type") !== "application/json")
      return violation("json content type");
    if (c.req.method === "POST") await c.req.text();
    const faultAnswer = await applyFault(c);
    if (faultAnswer) return faultAnswer;
    const a = next ?? { status: 200, body: "{}" };
    next = undefined;
    if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
    return new Response(a.body ?? "", {
      status: a.status,
      headers: { "content-type": "application/json", ...a.headers },
    });
  });

  return {
    app,
    calls,
    violations,
    held,
    faulted,
    /** Sets (or with undefined clears) the fault for matching requests. */
    fault(f: Fault | undefined) {
      fault = f ? { ...f, left: f.count ?? Number.POSITIVE_INFINITY } : undefined;
    },
    /** Scripts the next API answer. */
    answerNext(a: Scripted) {
      next = a;
    },
    /** Scripts the next token endpoint answer. */
    answerTokenNext(a: Scripted) {
      tokenAnswer = a;
    },
  };
}
