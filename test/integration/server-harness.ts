import { afterEach, beforeEach, expect } from "vitest";
import { createProxyClient, type ProxyClient } from "../../src/editor/proxy/proxy-client";
import { createEmulator, type Emulator } from "../../src/emulator/app";
import { DEMO_APP } from "../../src/emulator/state";
import { createProxy, type ProxyOptions, type StudioProxy } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import { createHttpFetch } from "../../src/server/http-transport";
import { fakeFetch, urlOf } from "../helpers/fake-fetch";
import { type ManualClock, manualClock } from "../helpers/manual-clock";
import { demoProxyEnv, type Handler, listen, type Running } from "../helpers/servers";

export { listen, type Running };

/** A browser-like client: keeps cookies, does not follow redirects, records everything it saw. */
export class Browser {
  cookies = new Map<string, string>();
  /** Every response body and header value seen, to check that no secret ever reached the browser. */
  seen: string[] = [];

  async fetch(url: string, init: RequestInit = {}): Promise<{ res: Response; text: string }> {
    const headers = new Headers(init.headers);
    const origin = new URL(url).host;
    const jar = [...this.cookies].filter(([k]) => k.startsWith(`${origin}|`));
    if (jar.length > 0) headers.set("cookie", jar.map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const sc of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = sc.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(`${origin}|${name}`);
      else this.cookies.set(`${origin}|${name}`, value);
    }
    const text = await res.text();
    this.seen.push(text);
    res.headers.forEach((v, k) => {
      // The sealed session cookie is ciphertext; everything else is checked as plain text.
      if (k !== "set-cookie") this.seen.push(`${k}: ${v}`);
    });
    return { res, text };
  }

  /** Follows redirects across origins, as a browser would, returning the final answer. */
  async follow(
    url: string,
    init: RequestInit = {},
    max = 10,
  ): Promise<{ res: Response; text: string; url: string }> {
    let current = url;
    let opts = init;
    for (let i = 0; i < max; i++) {
      const out = await this.fetch(current, opts);
      const loc = out.res.headers.get("location");
      if (out.res.status < 300 || out.res.status >= 400 || !loc) return { ...out, url: current };
      current = new URL(loc, current).toString();
      opts = {};
    }
    throw new Error("too many redirects");
  }
}

export interface Stack {
  clock: ManualClock;
  emulator: Emulator;
  emulatorServer: Running;
  proxy: StudioProxy;
  proxyServer: Running;
  config: Config;
  logs: string[];
  /** Requests the proxy sent upstream (method and path), to prove nothing was sent. */
  upstream: string[];
  close(): Promise<void>;
}

export interface StackOptions {
  accessTokenTtlSeconds?: number;
  attachDelayMs?: number;
  upstreamTimeoutMs?: number;
  /** Where the proxy sends platform calls; defaults to the emulator. */
  platformUrl?: string;
  /** More environment variables for the proxy (limits). */
  env?: Record<string, string>;
  /** Options passed to createProxy (e.g. an inbox). */
  proxy?: Partial<Pick<ProxyOptions, "inbox" | "revocations" | "store">>;
}

/** Starts the emulator and the proxy against it, both over real HTTP, sharing one manual clock. */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const clock = manualClock(Date.UTC(2026, 0, 1));
  const emulator = createEmulator({
    clock,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 3600,
    attachDelayMs: opts.attachDelayMs ?? 1000,
  });
  const emulatorServer = await listen((req) => emulator.app.fetch(req));
  let handler: Handler = () => new Response("starting", { status: 503 });
  const proxyServer = await listen((req, env) => handler(req, env));
  const platformUrl = opts.platformUrl ?? emulatorServer.url;
  const config = loadConfig(
    {
      ...demoProxyEnv({
        publicUrl: proxyServer.url,
        platformUrl,
        emulatorUrl: emulatorServer.url,
        sessionSecret: "integration-test-session-secret-0123456789",
        distDir: "test/integration/no-dist-here",
      }),
      UPSTREAM_TIMEOUT_MS: String(opts.upstreamTimeoutMs ?? 2000),
      ...opts.env,
    },
    DEMO_APP,
  );
  const logs: string[] = [];
  const upstream: string[] = [];
  // The proxy's own transport, as in production, so connection faults meet the real code.
  const transport = createHttpFetch();
  const proxy = createProxy({
    config,
    now: () => clock.now(),
    log: (line) => logs.push(line),
    fetch: (input, init) => {
      const u = new URL(urlOf(input));
      upstream.push(`${init?.method ?? "GET"} ${u.pathname}`);
      return transport(input, init);
    },
    ...opts.proxy,
  });
  handler = (req, env) => proxy.app.fetch(req, env);
  emulator.state.app.redirectUris = [config.redirectUri];
  emulator.state.app.eventsUrl = `${proxyServer.url}/platform/events`;
  emulator.state.app.startUrl = `${proxyServer.url}/platform/start`;
  return {
    clock,
    emulator,
    emulatorServer,
    proxy,
    proxyServer,
    config,
    logs,
    upstream,
    close: async () => {
      await proxyServer.close();
      await emulatorServer.close();
      await transport.close();
    },
  };
}

/**
 * Signs in through the proxy and the emulator's consent page, choosing Allow or Deny.
 * Returns the address the browser lands on back in the editor.
 */
/**
 * Sign-in against a fake platform that consents at once: start, the fake auth host, the proxy's
 * callback; returns where the browser lands (or the status when it is not sent on).
 */
export async function autoSignIn(
  browser: Browser,
  stack: Stack,
  opts: { scope: string; returnTo?: string; offline?: boolean },
): Promise<string> {
  const q = new URLSearchParams({ scope: opts.scope, returnTo: opts.returnTo ?? "/" });
  if (opts.offline) q.set("offline", "1");
  const startRes = await browser.fetch(`${stack.proxyServer.url}/oauth/start?${q}`);
  const authRes = await browser.fetch(startRes.res.headers.get("location") ?? "");
  const back = await browser.fetch(authRes.res.headers.get("location") ?? "");
  return back.res.headers.get("location") ?? String(back.res.status);
}

export async function signIn(
  browser: Browser,
  stack: Stack,
  scopes: string[],
  opts: { offline?: boolean; decision?: "allow" | "deny"; returnTo?: string } = {},
): Promise<string> {
  const q = new URLSearchParams({ scope: scopes.join(" "), returnTo: opts.returnTo ?? "/" });
  if (opts.offline) q.set("offline", "1");
  return consent(browser, `${stack.proxyServer.url}/oauth/start?${q}`, opts.decision ?? "allow");
}

/**
 * Follows an authorize URL to the consent page and decides, without going back to the proxy:
 * returns the callback address the emulator redirects to (code and state in its query).
 */
export async function consentCallback(
  browser: Browser,
  startUrl: string,
  decision: "allow" | "deny",
): Promise<string> {
  const page = await browser.follow(startUrl);
  const consentId = /name="consent" value="([^"]+)"/.exec(page.text)?.[1];
  if (!consentId) throw new Error(`no consent page: ${page.res.status} ${page.text.slice(0, 200)}`);
  const decided = await browser.fetch(new URL("/oauth2/auth/decision", page.url).toString(), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ consent: consentId, decision }).toString(),
  });
  const callback = decided.res.headers.get("location");
  if (!callback) throw new Error("no redirect after consent");
  return callback;
}

/** Follows an authorize URL to the consent page, decides, and returns where the browser lands. */
export async function consent(
  browser: Browser,
  startUrl: string,
  decision: "allow" | "deny",
): Promise<string> {
  const back = await browser.fetch(await consentCallback(browser, startUrl, decision));
  return back.res.headers.get("location") ?? `${back.res.status}`;
}

/**
 * Every secret and token that must never reach a browser or a log line. Authorization codes pass
 * through the browser by design (spec 2.3), so they are checked against logs only.
 */
export function secretsOf(stack: Stack, opts: { includeCodes: boolean }): string[] {
  const s = stack.emulator.state;
  return [
    s.app.clientSecret,
    s.app.apiKey,
    s.app.identificationKey,
    stack.config.sessionSecret,
    ...s.tokens.flatMap((t) => [t.accessToken, ...(t.refreshToken ? [t.refreshToken] : [])]),
    ...(opts.includeCodes ? s.codes.keys() : []),
  ];
}

/** Returns the secrets found in what a browser saw and in the log lines (expected: none). */
export function leakedSecrets(stack: Stack, seen: string[], logs: string[]): string[] {
  const browserText = seen.join("\n");
  const logText = logs.join("\n");
  return [
    ...secretsOf(stack, { includeCodes: false }).filter((x) => browserText.includes(x)),
    ...secretsOf(stack, { includeCodes: true }).filter((x) => logText.includes(x)),
  ];
}

/**
 * Gives each test of the file a fresh stack and browser (handed to `use`, which may also sign in),
 * and checks after each test that no secret reached the browser (bodies, headers) or a log line.
 */
export function stackPerTest(
  opts: StackOptions,
  use: (stack: Stack, browser: Browser) => void | Promise<void>,
): void {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeEach(async () => {
    stack = await startStack(opts);
    browser = new Browser();
    await use(stack, browser);
  });
  afterEach(async () => {
    if (!stack || !browser) return;
    expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
    await stack.close();
  });
}

/** The editor's proxy client against `stack`, with `browser`'s cookie jar (as `credentials: "same-origin"` gives the editor). */
export function editorClient(stack: Stack, browser: Browser): ProxyClient {
  return createProxyClient({
    baseUrl: stack.proxyServer.url,
    fetch: fakeFetch(async (url, init) => {
      const { res, text } = await browser.fetch(url, init);
      return new Response(text, { status: res.status, headers: res.headers });
    }),
  });
}

/** A valid post add-on v2 body. */
export const POST_BODY = {
  widgets: [
    { title_row: { text: "Inspection report" } },
    { description_row: { text: "Checked by a certified inspector." } },
    { button_bar: { title: "Full report", action: { open_direct_link: "https://example.com/report" } } },
  ],
};
