import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { createSessionCodec } from "../../src/server/session";
import { type Browser, consentCallback, POST_BODY, type Stack, signIn, stackPerTest } from "./server-harness";

const SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;
let stack: Stack;
let browser: Browser;

stackPerTest({ accessTokenTtlSeconds: 600 }, (s, b) => {
  stack = s;
  browser = b;
});

const publishUrl = () => `${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`;
const jsonPost = (headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(POST_BODY),
});
const tokenCalls = () => stack.upstream.filter((u) => u.endsWith("/oauth2/token")).length;
const apiCalls = () => stack.upstream.filter((u) => !u.endsWith("/oauth2/token")).length;
const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

/** The session sealed in the browser's cookie, read with the proxy's own codec. */
function sessionInCookie() {
  const host = new URL(stack.proxyServer.url).host;
  const value = browser.cookies.get(`${host}|studio_session`) ?? "";
  return stack.proxy.deps.sessions.unseal(value);
}

describe("returnTo and other redirect targets stay on the studio's origin", () => {
  it.each([
    "//evil.example/x",
    "https://evil.example/",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
  ])("lands on / after signing in with returnTo %j", async (returnTo) => {
    const landed = await signIn(browser, stack, [SCOPE], { returnTo });
    expect(landed).toBe("/?oauth=granted");
  });

  it("keeps a same-origin path, its query and fragment, adding the outcome before the fragment", async () => {
    const landed = await signIn(browser, stack, [SCOPE], { returnTo: "/editor/../?resume=publish#json" });
    expect(landed).toBe("/?resume=publish&oauth=granted#json");
  });

  it("answers the start address with a URL on PUBLIC_URL whatever the post token holds", async () => {
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/platform/start`, {
      method: "POST",
      headers: {
        authorization: stack.config.app.identificationKey,
        "content-type": "application/json",
        "api-version": "2",
      },
      body: JSON.stringify({ post_token: "//evil.example", source: "POST_ADDON" }),
    });
    expect(res.status).toBe(200);
    const url = new URL(JSON.parse(text).url);
    expect(url.origin).toBe(stack.proxyServer.url);
    expect(url.pathname).toBe("/");
    expect(url.searchParams.get("post_token")).toBe("//evil.example");
  });
});

describe("cross-site requests cannot change anything", () => {
  beforeEach(async () => {
    await signIn(browser, stack, [SCOPE]);
  });

  it("refuses a publish sent as a form (urlencoded or text/plain), sending nothing upstream", async () => {
    for (const type of [
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
    ]) {
      const { res, text } = await browser.fetch(publishUrl(), {
        method: "POST",
        headers: { "content-type": type },
        body: "widgets=1",
      });
      expect(res.status).toBe(400);
      expect(errorOf(text).message).toContain("Content-Type must be application/json");
    }
    expect(apiCalls()).toBe(0);
  });

  it("refuses a DELETE or sign-out from another origin, and accepts the studio's own", async () => {
    const evil = await browser.fetch(publishUrl(), {
      method: "DELETE",
      headers: { origin: "https://evil.example" },
    });
    expect(evil.res.status).toBe(400);
    expect(errorOf(evil.text).message).toContain("cross-site requests are refused");
    const fetchMeta = await browser.fetch(`${stack.proxyServer.url}/api/session/signout`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchMeta.res.status).toBe(400);
    expect(apiCalls()).toBe(0);
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session.signedIn).toBe(true);

    const own = await browser.fetch(
      publishUrl(),
      jsonPost({ origin: stack.proxyServer.url, "sec-fetch-site": "same-origin" }),
    );
    expect(own.res.status).toBe(200);
  });
});

describe("OAuth callback", () => {
  it("does not exchange a code that comes with an error, and reports a refusal", async () => {
    const start = await browser.fetch(`${stack.proxyServer.url}/oauth/start?scope=${SCOPE}`);
    const state = new URL(start.res.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const { res } = await browser.fetch(
      `${stack.proxyServer.url}/oauth/callback?code=injected&error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?oauth=refused&oauth_error=consent_refused");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(tokenCalls()).toBe(0);
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session.signedIn).toBe(false);
  });

  it("refuses a state older than 10 minutes, without exchanging the code", async () => {
    const callbackUrl = await consentCallback(
      browser,
      `${stack.proxyServer.url}/oauth/start?scope=${SCOPE}`,
      "allow",
    );
    stack.clock.advance(10 * 60 * 1000 + 1);
    const back = await browser.fetch(callbackUrl);
    expect(back.res.status).toBe(400);
    expect(tokenCalls()).toBe(0);
  });
});

describe("token refresh", () => {
  it("shares one refresh between parallel requests, and the new pair replaces the old in the cookie", async () => {
    await signIn(browser, stack, [SCOPE], { offline: true });
    const before = sessionInCookie()?.tokens;
    expect(before?.refreshToken).toBeDefined();
    stack.clock.advance(600 * 1000);
    const answers = await Promise.all([1, 2, 3].map(() => browser.fetch(publishUrl(), jsonPost())));
    expect(answers.map((a) => a.res.status)).toEqual([200, 200, 200]);
    // One authorization-code exchange at sign-in, one refresh for all three.
    expect(tokenCalls()).toBe(2);
    expect(stack.emulator.state.tokens).toHaveLength(2);
    const after = sessionInCookie()?.tokens;
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(after?.accessToken).toBe(stack.emulator.state.tokens[1]?.accessToken);

    // Past the 2-minute grace the old pair is dead upstream; the cookie's pair keeps working.
    stack.clock.advance(3 * 60 * 1000);
    expect((await browser.fetch(publishUrl(), jsonPost())).res.status).toBe(200);
    expect(tokenCalls()).toBe(2);
  });

  it("gives a request still carrying the old cookie the pair another request just obtained", async () => {
    await signIn(browser, stack, [SCOPE], { offline: true });
    const oldJar = new Map(browser.cookies);
    stack.clock.advance(600 * 1000);
    expect((await browser.fetch(publishUrl(), jsonPost())).res.status).toBe(200);
    const renewed = sessionInCookie()?.tokens?.accessToken;
    browser.cookies = oldJar;
    expect((await browser.fetch(publishUrl(), jsonPost())).res.status).toBe(200);
    expect(tokenCalls()).toBe(2);
    expect(sessionInCookie()?.tokens?.accessToken).toBe(renewed);
  });
});

describe("session cookie", () => {
  it("is httpOnly, SameSite=Lax, Path=/ and lasts 30 days; not Secure on plain-HTTP localhost", async () => {
    const { res } = await browser.fetch(`${stack.proxyServer.url}/oauth/start?scope=${SCOPE}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("studio_session=")) ?? "";
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it("treats a tampered cookie, or one sealed with another secret, as signed out (no 500)", async () => {
    await signIn(browser, stack, [SCOPE]);
    const host = new URL(stack.proxyServer.url).host;
    const key = `${host}|studio_session`;
    const good = browser.cookies.get(key) ?? "";
    const other = createSessionCodec({ secret: "another-session-secret-of-32-characters", secure: false });
    const foreign = other.seal({ v: 1, sid: "another-session-id-0123", createdAt: 0, subscriptions: [] });
    for (const value of [`${good.slice(0, -3)}AAA`, foreign, "v2.", "garbage"]) {
      browser.cookies.set(key, value);
      const session = await browser.fetch(`${stack.proxyServer.url}/api/session`);
      expect(session.res.status).toBe(200);
      expect(JSON.parse(session.text).signedIn).toBe(false);
      const publish = await browser.fetch(publishUrl(), jsonPost());
      expect(publish.res.status).toBe(401);
      expect(errorOf(publish.text).code).toBe("not_signed_in");
    }
    expect(apiCalls()).toBe(0);
  });

  it("sign-out clears every session cookie, and the studio is signed out afterwards", async () => {
    await signIn(browser, stack, [SCOPE]);
    const { res } = await browser.fetch(`${stack.proxyServer.url}/api/session/signout`, { method: "POST" });
    const cleared = res.headers.getSetCookie();
    for (const name of ["studio_session", "studio_session.1", "studio_session.2"]) {
      expect(cleared.some((c) => c.startsWith(`${name}=;`) && /Max-Age=0/.test(c))).toBe(true);
    }
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session.signedIn).toBe(false);
  });

  it("refuses to hold a subscription the cookies cannot carry, before subscribing upstream", async () => {
    await signIn(browser, stack, ["CHAT_SUPPLIER_ALL_CONVERSATIONS_READ"]);
    // Random text does not compress: 20 KB of it cannot fit in 3 cookies.
    const big = randomBytes(15_000).toString("base64");
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event_type: "NEW_MESSAGE_ON_POST", metadata: { note: big } }),
    });
    expect(res.status).toBe(400);
    expect(errorOf(text).message).toContain("the session cookie cannot hold this subscription");
    expect(apiCalls()).toBe(0);
  });
});
