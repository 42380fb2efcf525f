import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { openStore } from "../../src/server/store/open-store";
import type { Store } from "../../src/server/store/store";
import { autoSignIn, Browser, type Stack, startStack } from "./server-harness";

/** One scripted answer of the fake platform (raw node:http, so bodies, resets and sizes are exact). */
export type Answer = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export const POST_TOKEN = "gZ3kQx9aB1cD";
export const CONVERSATION = "conv-1";
export const SCOPE = `POST_ADDON_CREATE.${POST_TOKEN} USER_ADDON_CREATE CONVERSATION_SEND_MESSAGE.${CONVERSATION} USER_PHONE`;

/** Answers `status` with a raw body (a string is sent as it is: escapes, HTML, `null`). */
export const raw =
  (status: number, body: string | Buffer, headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body);
  };

/** Answers 200 with `body` as JSON. */
export function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * A raw node:http server on 127.0.0.1 at an ephemeral port; `close` also ends the connections still
 * open (kept-alive ones, a hung answer), so a test never waits on them.
 */
export async function rawServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer(handler);
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The consent page approving at once, as a user pressing Allow: back to `redirect_uri` with `code`
 * and the request's `state`. Returns the code.
 */
export function approveConsent(u: URL, res: ServerResponse, code: string): string {
  const state = encodeURIComponent(u.searchParams.get("state") ?? "");
  res.writeHead(302, { location: `${u.searchParams.get("redirect_uri")}?code=${code}&state=${state}` });
  res.end();
  return code;
}

/**
 * A strict app's platform for a studio process: consent approves at once, the token grants a chat
 * send into `conversation` (and USER_PHONE, named 09120000001), and every other request (the
 * send) goes to `onSend`, which answers it when it likes.
 */
export function chatSendPlatform(
  conversation: string,
  onSend: (req: IncomingMessage, res: ServerResponse) => void,
) {
  return rawServer(async (req, res) => {
    for await (const _ of req);
    const u = new URL(req.url ?? "/", "http://platform.invalid");
    if (u.pathname === "/oauth2/auth") return void approveConsent(u, res, "code-1-abcdef");
    if (u.pathname === "/oauth2/token")
      return sendJson(res, {
        access_token: "acc-1-0123456789",
        refresh_token: "ref-1-0123456789",
        expires_in: 3600,
        token_type: "bearer",
        scope: `CONVERSATION_SEND_MESSAGE.${conversation} USER_PHONE`,
      });
    if (u.pathname === "/v1/open-platform/users") return sendJson(res, { phone_numbers: ["09120000001"] });
    onSend(req, res);
  });
}

/** The studio's environment for `chatSendPlatform` at `platformUrl`, served at `base`. */
export function strictAppEnv(platformUrl: string, base: string): Record<string, string> {
  return {
    PLATFORM_API_URL: platformUrl,
    PLATFORM_AUTH_URL: platformUrl,
    APP_SLUG: "strict-app",
    APP_CLIENT_SECRET: "client-secret-0123456789",
    APP_API_KEY: "api-key-0123456789",
    APP_IDENTIFICATION_KEY: "identification-key-0123456789",
    SESSION_SECRET: "strict-app-session-secret-0123456789",
    PUBLIC_URL: base,
  };
}

/** Signs `browser` in at the studio at `base` for a send into `conversation` (the consent approves at once). */
export async function signInToSend(browser: Browser, base: string, conversation: string): Promise<void> {
  const q = new URLSearchParams({ scope: `CONVERSATION_SEND_MESSAGE.${conversation}`, returnTo: "/" });
  const start = await browser.fetch(`${base}/oauth/start?${q}`);
  const consent = await browser.fetch(start.res.headers.get("location") ?? "");
  const back = await browser.fetch(consent.res.headers.get("location") ?? "");
  expect(back.res.headers.get("location")).toBe("/?oauth=granted");
}

/**
 * A fake platform that misbehaves on request: the API host's next answers are scripted (`next`), the
 * token endpoint issues tokens with a "/" in them (so a JSON-escaped echo `at\/…` differs from the
 * token) and grants what was asked. Calls are counted by method and path.
 */
export async function scriptedPlatform() {
  const calls: string[] = [];
  const issued: string[] = [];
  const granted = new Map<string, string>();
  const queue: Answer[] = [];
  let counter = 0;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = await rawServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(Buffer.from(c));
    const body = Buffer.concat(chunks).toString("utf8");
    const u = new URL(req.url ?? "/", "http://platform.invalid");
    if (u.pathname === "/oauth2/auth") {
      granted.set(approveConsent(u, res, `code-${++counter}-abcdef`), u.searchParams.get("scope") ?? "");
      return;
    }
    if (u.pathname === "/oauth2/token") {
      const form = new URLSearchParams(body);
      const access = `at/access-${++counter}-0123456789`;
      const refresh = `rt/refresh-${counter}-0123456789`;
      issued.push(access, refresh);
      json(res, 200, {
        access_token: access,
        refresh_token: refresh,
        expires_in: 3600,
        token_type: "bearer",
        scope: granted.get(form.get("code") ?? "") ?? SCOPE,
      });
      return;
    }
    calls.push(`${req.method} ${u.pathname}`);
    const answer = queue.shift();
    if (answer) return answer(req, res);
    if (u.pathname === "/v1/open-platform/users") return json(res, 200, { phone_numbers: ["09120000001"] });
    if (u.pathname.startsWith("/v2/open-platform/addons/user"))
      return json(res, 200, { id: `ua-${++counter}` });
    if (u.pathname.includes("/messages")) return json(res, 200, { message: "ok", status: "SENT" });
    json(res, 200, {});
  });
  return {
    url: server.url,
    calls,
    /** Access and refresh tokens issued so far. */
    issued,
    /** Scripts the next API answers, in order. */
    next(...answers: Answer[]) {
      queue.push(...answers);
    },
    count: (prefix: string) => calls.filter((c) => c.includes(prefix)).length,
    close: server.close,
  };
}
export type ScriptedPlatform = Awaited<ReturnType<typeof scriptedPlatform>>;

/** Undoes JSON escapes (`\/`, `\u002d`), so a secret the browser got escaped is found too. */
const jsonUnescaped = (text: string) =>
  text
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/\\\//g, "/");

/** A proxy (with an in-memory store) in front of a scripted platform, a signed-in browser, helpers. */
export interface ReviewStack {
  stack: Stack;
  platform: ScriptedPlatform;
  browser: Browser;
  store: Store;
  post(path: string, body: unknown): Promise<{ status: number; text: string; json: unknown; res: Response }>;
  publish(): ReturnType<ReviewStack["post"]>;
  userAddon(): ReturnType<ReviewStack["post"]>;
  chat(): ReturnType<ReviewStack["post"]>;
  /** The publish history's records, newest first. */
  history(): Promise<Array<{ result: { ok: boolean; status: number; response?: unknown; error?: unknown } }>>;
  /** Every credential found in what the browser saw or the log (JSON escapes undone): expected none. */
  leaks(): string[];
}

/**
 * One in-memory store for the tests of a file (opening one takes a second or two on this machine);
 * call at the top of the file or of a describe block.
 */
export function memoryStorePerFile(): () => Store {
  let opened: Store | undefined;
  beforeAll(async () => {
    opened = await openStore({ location: { kind: "memory" }, retentionDays: 30 });
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error("the store did not open");
    return opened;
  };
}

/**
 * A proxy (with the file's in-memory store) in front of a fresh scripted platform, made by the
 * returned function with more proxy environment if given; both are closed after each test.
 */
export function scriptedStackPerTest(): (
  env?: Record<string, string>,
) => Promise<{ stack: Stack; platform: ScriptedPlatform; store: Store }> {
  const sharedStore = memoryStorePerFile();
  let platform: ScriptedPlatform | undefined;
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    await platform?.close();
    stack = undefined;
    platform = undefined;
  });
  return async (env = {}) => {
    const store = sharedStore();
    platform = await scriptedPlatform();
    stack = await startStack({ platformUrl: platform.url, proxy: { store }, env });
    return { stack, platform, store };
  };
}

/**
 * Gives each test a fresh scripted platform, proxy and signed-in browser (one in-memory store per file:
 * opening one takes a second or two; the history reads newest first); after each test no credential
 * may have reached the browser or the log.
 */
export function reviewStackPerTest(): () => ReviewStack {
  let current: ReviewStack | undefined;
  const opened = memoryStorePerFile();
  beforeEach(async () => {
    const platform = await scriptedPlatform();
    const store = opened();
    const stack = await startStack({ platformUrl: platform.url, upstreamTimeoutMs: 3000, proxy: { store } });
    const browser = new Browser();
    expect(await autoSignIn(browser, stack, { scope: SCOPE, offline: true })).toBe("/?oauth=granted");
    const post = async (path: string, body: unknown) => {
      const { res, text } = await browser.fetch(`${stack.proxyServer.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, text, json, res };
    };
    const r: ReviewStack = {
      stack,
      platform,
      browser,
      store,
      post,
      publish: () => post(`/api/posts/${POST_TOKEN}/addon`, { widgets: [{ title_row: { text: "Report" } }] }),
      userAddon: () => post("/api/users/id/u-1/addon", { widgets: [{ title_row: { text: "Verified" } }] }),
      chat: () => post(`/api/conversations/${CONVERSATION}/messages`, { type: "TEXT", message: "salam" }),
      history: async () => {
        const { text } = await browser.fetch(`${stack.proxyServer.url}/api/history`);
        return JSON.parse(text).records;
      },
      leaks: () => {
        const secrets = [
          DEMO_APP.clientSecret,
          DEMO_APP.apiKey,
          DEMO_APP.identificationKey,
          stack.config.sessionSecret,
          ...platform.issued,
        ];
        const seen = jsonUnescaped([...browser.seen, ...stack.logs].join("\n"));
        return secrets.filter((s) => seen.includes(s));
      },
    };
    current = r;
  });
  afterEach(async () => {
    if (!current) return;
    expect(current.leaks()).toEqual([]);
    await current.stack.close();
    await current.platform.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error("no stack: call inside a test");
    return current;
  };
}
