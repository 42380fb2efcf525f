import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { createInbox, type Inbox } from "../../src/server/inbox";
import { Browser, POST_BODY, type Stack, type StackOptions, signIn, startStack } from "./server-harness";

const SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;
const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

/** `{"type":"PAYMENT_TRANSACTION","transaction":{"x":[[[…]]]}}` nested `depth` levels in all. */
function deepEvent(depth: number): string {
  return `{"type":"PAYMENT_TRANSACTION","transaction":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}`;
}

/** Sends raw bytes, so the path and body reach the proxy exactly as written (fetch would re-encode). */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = request(url + path, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      });
      req.on("error", reject);
      req.end(body);
    },
  );
}

describe("proxy hardening: what the proxy accepts (issue 11)", () => {
  let stack: Stack;
  let browser: Browser;
  const start = async (opts: StackOptions = {}, signedIn = true) => {
    stack = await startStack(opts);
    browser = new Browser();
    if (signedIn) await signIn(browser, stack, [SCOPE]);
  };
  afterEach(async () => {
    await stack.close();
  });

  const deliver = (body: string | Buffer) =>
    raw(
      stack.proxyServer.url,
      "POST",
      "/platform/events",
      { authorization: DEMO_APP.identificationKey, "content-type": "application/json" },
      Buffer.from(body),
    );
  const inbox = async () => browser.fetch(`${stack.proxyServer.url}/api/inbox`);

  it("2. refuses an event nested 5,000 levels naming the depth limit; the inbox and its streams keep working", async () => {
    await start();
    const deep = await deliver(deepEvent(5000));
    expect(deep.status).toBe(400);
    expect(errorOf(deep.text).problems?.[0]?.message).toContain("nested more than 1000 levels deep");
    expect((await inbox()).res.status).toBe(200);
    const ok = await deliver(JSON.stringify({ type: "PAYMENT_TRANSACTION", transaction: { id: "t1" } }));
    expect(ok.status).toBe(200);
    const { res, text } = await inbox();
    expect(res.status).toBe(200);
    expect(JSON.parse(text).entries).toHaveLength(1);
    // A stream replays it after "ready", then its listener goes when the client leaves.
    const ac = new AbortController();
    const stream = await fetch(`${stack.proxyServer.url}/api/inbox/stream`, {
      headers: { cookie: [...browser.cookies].map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; ") },
      signal: ac.signal,
    });
    const reader = stream.body?.getReader();
    let seen = "";
    while (reader && !seen.includes("event: inbox"))
      seen += new TextDecoder().decode((await reader.read()).value);
    expect(seen).toContain('"transaction":{"id":"t1"}');
    expect(stack.proxy.deps.inbox.listenerCount()).toBe(1);
    ac.abort();
    await expect.poll(() => stack.proxy.deps.inbox.listenerCount()).toBe(0);
  });

  it("2. gives a stream's listener back even when the stream fails while replaying", async () => {
    const base = createInbox(() => 0);
    const failing: Inbox = {
      ...base,
      sinceJson: () => {
        throw new RangeError("replay failed");
      },
    };
    await start({ proxy: { inbox: failing } });
    const { res } = await browser.fetch(`${stack.proxyServer.url}/api/inbox/stream`);
    expect(res.status).toBe(200);
    expect(base.listenerCount()).toBe(0);
    expect(stack.proxy.deps.streams.size).toBe(0);
  });

  it("3. refuses subscription metadata nested 100,000 levels with a 400 naming the limit, sending nothing", async () => {
    await start();
    const before = stack.upstream.length;
    const metadata = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"event_type":"PAYMENT_TRANSACTION","metadata":${metadata}}`,
    });
    expect(res.status).toBe(400);
    expect(errorOf(text).message).toContain("nested more than 1000 levels deep (at metadata.a.a.a");
    expect(stack.upstream.length).toBe(before);
  });

  it.each(["a b", "a.b", "a/b"])(
    "3b. refuses a subscription whose event_resource_id (%s) no scope can carry, naming the field, sending nothing",
    async (id) => {
      await start();
      const before = stack.upstream.length;
      const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/subscriptions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event_type: "NEW_MESSAGE_ON_POST", event_resource_id: id }),
      });
      // Not "sign in again for CHAT_POST_CONVERSATIONS_READ.a b": /oauth/start would refuse that scope.
      expect(res.status).toBe(400);
      const error = errorOf(text);
      expect(error.code).toBe("invalid_body");
      expect(JSON.stringify(error)).toContain("event_resource_id");
      expect(stack.upstream.length).toBe(before);
    },
  );

  it.each(["/%ff", "/%", "/%E0%A4%A", "/assets/%ff.js", "/api/posts/%ff/addon"])(
    "4. answers %s with a 400 that names the bad escape, serving no file",
    async (path) => {
      await start({}, false);
      const res = await raw(stack.proxyServer.url, "GET", path, {});
      expect(res.status).toBe(400);
      expect(errorOf(res.text).message).toContain("malformed percent-escape");
    },
  );

  it("5. writes one JSON line per event; a newline in a path cannot forge a line", async () => {
    await start({}, false);
    stack.logs.length = 0;
    await raw(stack.proxyServer.url, "GET", "/x%0AFORGED%20POST%20/api/posts/x/addon%20200%201ms", {});
    expect(stack.logs).toHaveLength(1);
    const line = stack.logs[0] ?? "";
    expect(line).not.toMatch(/[\n\r]/);
    expect(JSON.parse(line)).toMatchObject({
      event: "request",
      method: "GET",
      path: "/x\nFORGED POST /api/posts/x/addon 200 1ms",
    });
  });

  it("8. refuses a body with invalid UTF-8 with a 400 that says so, sending nothing", async () => {
    await start();
    const before = stack.upstream.length;
    const body = Buffer.concat([
      Buffer.from('{"widgets":[{"title_row":{"text":"ab'),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
      Buffer.from('"}}]}'),
    ]);
    const cookie = [...browser.cookies].map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; ");
    const res = await raw(
      stack.proxyServer.url,
      "POST",
      `/api/posts/${DEMO_POST_TOKEN}/addon`,
      { "content-type": "application/json", cookie },
      body,
    );
    expect(res.status).toBe(400);
    expect(errorOf(res.text).message).toContain("not valid UTF-8 (byte 0xC3 at offset 36)");
    expect(stack.upstream.length).toBe(before);
  });

  it("serves a strict Content-Security-Policy through secureHeaders, and no HSTS over plain http", async () => {
    await start({}, false);
    const { res } = await browser.fetch(`${stack.proxyServer.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    for (const d of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(d);
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    // The OAuth callback keeps its stricter Referrer-Policy.
    const cb = await browser.fetch(`${stack.proxyServer.url}/oauth/callback?state=x&code=y`);
    expect(cb.res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("sends HSTS when PUBLIC_URL is https", async () => {
    await start({ env: { PUBLIC_URL: "https://studio.example.com" } }, false);
    const { res } = await browser.fetch(`${stack.proxyServer.url}/api/session`);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("answers GET /platform/events with 405, and unknown /api and /platform paths with 404 JSON", async () => {
    await start({}, false);
    const get = await browser.fetch(`${stack.proxyServer.url}/platform/events`);
    expect(get.res.status).toBe(405);
    expect(get.res.headers.get("allow")).toBe("POST");
    expect(errorOf(get.text).code).toBe("method_not_allowed");
    for (const path of ["/platform/nope", "/api/nope"]) {
      const { res, text } = await browser.fetch(`${stack.proxyServer.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(errorOf(text).code).toBe("not_found");
    }
  });

  it("limits sends per session with 429 and Retry-After, forwarding nothing past the limit", async () => {
    await start({ env: { RATE_LIMIT_SESSION_PER_MINUTE: "2" } });
    const publish = () =>
      browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(POST_BODY),
      });
    expect((await publish()).res.status).toBe(200);
    expect((await publish()).res.status).toBe(200);
    const sent = stack.upstream.length;
    const { res, text } = await publish();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(errorOf(text).code).toBe("rate_limited");
    expect(errorOf(text).message).toContain("2 sends a minute from one session");
    expect(stack.upstream.length).toBe(sent);
    // A minute later the session may send again.
    stack.clock.advance(60_000);
    expect((await publish()).res.status).toBe(200);
  });

  it("limits requests and sign-in steps per address with 429 and Retry-After", async () => {
    await start({ env: { RATE_LIMIT_SIGNIN_PER_MINUTE: "2", RATE_LIMIT_ADDRESS_PER_MINUTE: "5" } }, false);
    const startSignIn = () => browser.fetch(`${stack.proxyServer.url}/oauth/start?scope=${SCOPE}`);
    expect((await startSignIn()).res.status).toBe(302);
    expect((await startSignIn()).res.status).toBe(302);
    const third = await startSignIn();
    expect(third.res.status).toBe(429);
    expect(third.res.headers.get("retry-after")).not.toBeNull();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await browser.fetch(`${stack.proxyServer.url}/api/session`)).res.status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("behind a trusted balancer, limits by the last X-Forwarded-For address", async () => {
    await start({ env: { TRUST_PROXY: "1", RATE_LIMIT_ADDRESS_PER_MINUTE: "2" } }, false);
    const from = async (address: string) =>
      (
        await browser.fetch(`${stack.proxyServer.url}/api/session`, {
          headers: { "x-forwarded-for": `203.0.113.9, ${address}` },
        })
      ).res.status;
    expect([await from("198.51.100.1"), await from("198.51.100.1"), await from("198.51.100.1")]).toEqual([
      200, 200, 429,
    ]);
    expect(await from("198.51.100.2")).toBe(200);
  });

  // At the cap a new stream was refused with a 429, which EventSource never retries: after a network
  // change the old, half-open streams held the session's places for ~15 minutes and the inbox
  // stayed dead. Now the oldest stream makes way, asked to come back later.
  it("caps live inbox streams per session: at the cap the oldest stream ends, asked to come back later", async () => {
    await start({ env: { MAX_STREAMS_PER_SESSION: "1" } });
    const cookie = [...browser.cookies].map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; ");
    const first = await fetch(`${stack.proxyServer.url}/api/inbox/stream`, { headers: { cookie } });
    expect(first.status).toBe(200);
    const firstText = first.text();
    const ac = new AbortController();
    const second = await fetch(`${stack.proxyServer.url}/api/inbox/stream`, {
      headers: { cookie },
      signal: ac.signal,
    });
    expect(second.status).toBe(200);
    // The first stream ends by itself, its last message asking the browser to reconnect in 30 s.
    const text = await firstText;
    expect(text).toContain("event: ready");
    expect(text.trimEnd().endsWith("event: evicted\ndata: {}\nretry: 30000")).toBe(true);
    expect([...stack.proxy.deps.streams.values()].map((slots) => slots.length)).toEqual([1]);
    ac.abort();
    await expect.poll(() => stack.proxy.deps.streams.size).toBe(0);
  });

  it("keeps at most MAX_PENDING_STATES used sign-in states", async () => {
    await start(
      {
        env: {
          MAX_PENDING_STATES: "100",
          RATE_LIMIT_SIGNIN_PER_MINUTE: "0",
          RATE_LIMIT_ADDRESS_PER_MINUTE: "0",
        },
      },
      false,
    );
    for (let i = 0; i < 120; i++) await signIn(new Browser(), stack, [SCOPE], { decision: "deny" });
    expect(stack.proxy.deps.consumedStates.size).toBe(100);
  });
});
