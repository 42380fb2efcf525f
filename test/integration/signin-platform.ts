import type { IncomingMessage, ServerResponse } from "node:http";
import { expect } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { approveConsent, rawServer } from "./scripted-platform";
import { autoSignIn, Browser, type StackOptions, startStack } from "./server-harness";

export const POST_TOKEN = "gZ3kQx9aB1cD";
export const SCOPE = `POST_ADDON_CREATE.${POST_TOKEN} USER_PHONE`;

/** The token endpoint's answer to one grant: a body (an object is sent as JSON), or a hang. */
export type TokenAnswer =
  | { status: number; body: string | Record<string, unknown>; contentType?: string }
  | { hang: true };

/** What a grant of the fake issues: fresh tokens, and the scope it was asked for. */
export interface Issued {
  access: string;
  refresh: string;
  scope: string;
  grant: string;
}

/**
 * A fake platform for sign-in against a misbehaving token endpoint (raw node:http, so bodies are exact).
 * Each grant's answer is scripted as a function of freshly issued tokens (`tokens`), by default a good
 * answer; the API host accepts only the access tokens `valid` holds (401 otherwise) and GET /users
 * answers from its own script (by default a phone). Every call and every bearer used is recorded.
 */
export async function signinPlatform() {
  const calls: string[] = [];
  const bearers: string[] = [];
  /** Every token the fake handed out, to check none reached the browser or the log. */
  const issued: string[] = [];
  const valid = new Set<string>();
  /** The access tokens of good answers, in the order they were issued. */
  const accessTokens: string[] = [];
  const granted = new Map<string, string>();
  const tokens: Array<(t: Issued) => TokenAnswer> = [];
  const users: Array<(res: ServerResponse) => void | Promise<void>> = [];
  let counter = 0;
  const send = (
    res: ServerResponse,
    status: number,
    body: string | Record<string, unknown>,
    type?: string,
  ) => {
    res.writeHead(status, { "content-type": type ?? "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(Buffer.from(c));
    const u = new URL(req.url ?? "/", "http://platform.invalid");
    if (u.pathname === "/oauth2/auth") {
      granted.set(approveConsent(u, res, `code-${++counter}`), u.searchParams.get("scope") ?? "");
      return;
    }
    if (u.pathname === "/oauth2/token") {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const grant = form.get("grant_type") ?? "";
      calls.push(`token ${grant}`);
      if (form.get("client_secret") !== DEMO_APP.clientSecret)
        return send(res, 401, { error: "invalid_client" });
      const n = ++counter;
      const t: Issued = {
        access: `acc-${n}-0123456789`,
        refresh: `ref-${n}-0123456789`,
        scope: granted.get(form.get("code") ?? "") ?? SCOPE,
        grant,
      };
      const answer = (tokens.shift() ?? good())(t);
      if ("hang" in answer) return;
      issued.push(t.access, t.refresh);
      if (typeof answer.body === "object" && typeof answer.body.access_token === "string") {
        valid.add(answer.body.access_token);
        accessTokens.push(answer.body.access_token);
        issued.push(answer.body.access_token);
      }
      return send(res, answer.status, answer.body, answer.contentType);
    }
    calls.push(`${req.method} ${u.pathname}`);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    bearers.push(bearer);
    if (!valid.has(bearer)) return send(res, 401, { code: 16, message: "token expired", details: [] });
    if (u.pathname === "/v1/open-platform/users") {
      const answer = users.shift();
      if (answer) return answer(res);
      return send(res, 200, { phone_numbers: ["09120000001"] });
    }
    send(res, 200, {});
  };
  const server = await rawServer((req, res) => void handle(req, res));
  return {
    url: server.url,
    calls,
    bearers,
    issued,
    accessTokens,
    /** Makes the platform refuse an access token from now on (it expired there). */
    expire: (token: string) => valid.delete(token),
    /** Scripts the token endpoint's next answers, in order. */
    tokenNext: (...answers: Array<(t: Issued) => TokenAnswer>) => tokens.push(...answers),
    /** Scripts the next GET /users answers, in order. */
    usersNext: (...answers: Array<(res: ServerResponse) => void | Promise<void>>) => users.push(...answers),
    count: (prefix: string) => calls.filter((c) => c.startsWith(prefix)).length,
    close: server.close,
  };
}
export type SigninPlatform = Awaited<ReturnType<typeof signinPlatform>>;

/** A good token answer (spec 2.5) with `change` applied; a key set to undefined is left out. */
export const good =
  (change: Record<string, unknown> = {}) =>
  (t: Issued): TokenAnswer => {
    const body: Record<string, unknown> = {
      access_token: t.access,
      refresh_token: t.refresh,
      expires_in: 3600,
      token_type: "bearer",
      scope: t.scope,
      ...change,
    };
    for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
    return { status: 200, body };
  };

/** The proxy in front of the fake, a browser, and the helpers the tests share. */
export async function startSignin(opts: StackOptions = {}) {
  const platform = await signinPlatform();
  const stack = await startStack({ upstreamTimeoutMs: 3000, ...opts, platformUrl: platform.url });
  const browser = new Browser();
  const api = (path: string, init: RequestInit = {}) =>
    browser.fetch(`${stack.proxyServer.url}${path}`, init);
  return {
    platform,
    stack,
    browser,
    /** Signs in (consent is automatic), returning where the browser lands and how long the callback took. */
    signIn: async (scope = SCOPE) => {
      const t0 = performance.now();
      const landed = await autoSignIn(browser, stack, { scope, offline: true });
      return { landed, ms: performance.now() - t0 };
    },
    session: async () => {
      const { res, text } = await api("/api/session");
      return { status: res.status, json: JSON.parse(text) };
    },
    publish: async () => {
      const { res, text } = await api(`/api/posts/${POST_TOKEN}/addon`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ widgets: [{ title_row: { text: "Report" } }] }),
      });
      return { status: res.status, json: JSON.parse(text) };
    },
    /** The log lines of `event`, parsed. */
    logged: (event: string): Array<Record<string, unknown>> =>
      stack.logs.flatMap((l) => {
        try {
          const line: unknown = JSON.parse(l);
          return typeof line === "object" && line !== null && "event" in line && line.event === event
            ? [{ ...line }]
            : [];
        } catch {
          return [];
        }
      }),
    /** No token, secret or key reached the browser or the log; then stops both servers. */
    close: async () => {
      const seen = [...browser.seen, ...stack.logs].join("\n");
      const secrets = [
        DEMO_APP.clientSecret,
        DEMO_APP.apiKey,
        stack.config.sessionSecret,
        ...platform.issued,
      ];
      expect(secrets.filter((s) => seen.includes(s))).toEqual([]);
      await stack.close();
      await platform.close();
    },
  };
}
export type Signin = Awaited<ReturnType<typeof startSignin>>;
