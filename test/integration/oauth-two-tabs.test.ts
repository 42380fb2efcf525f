import { describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { MAX_PENDING_FLOWS } from "../../src/server/session";
import { type Browser, consentCallback, type Stack, stackPerTest } from "./server-harness";

// Two tabs of one browser signing in at once (docs/api.md, GET /oauth/callback): a publish in one,
// a chat message in the other, each with its own state in the same session cookie.
const POST_SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;
const CHAT_SCOPE = "CONVERSATION_SEND_MESSAGE.3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c";
let stack: Stack;
let browser: Browser;

stackPerTest({}, (s, b) => {
  stack = s;
  browser = b;
});

const startUrl = (scopes: string[], returnTo: string) =>
  `${stack.proxyServer.url}/oauth/start?${new URLSearchParams({ scope: scopes.join(" "), returnTo })}`;
/** Starts a sign-in and presses Allow on the consent page: the callback address, not yet visited. */
const allowed = (scopes: string[], returnTo: string) =>
  consentCallback(browser, startUrl(scopes, returnTo), "allow");
/** Visits a callback address: where the browser is sent on, or the status of a refusal page. */
async function land(callback: string): Promise<string> {
  const back = await browser.fetch(callback);
  return back.res.headers.get("location") ?? String(back.res.status);
}
const sessionNow = async () =>
  JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text) as {
    signedIn: boolean;
    scopes: string[];
  };
const tokenCalls = () => stack.upstream.filter((u) => u.endsWith("/oauth2/token")).length;
const cookieKey = () => `${new URL(stack.proxyServer.url).host}|studio_session`;
/** The session sealed in the browser's cookies (all chunks), read with the proxy's own codec. */
function sealedSession() {
  const host = new URL(stack.proxyServer.url).host;
  const parts = ["studio_session", "studio_session.1", "studio_session.2"].map((n) =>
    browser.cookies.get(`${host}|${n}`),
  );
  return stack.proxy.deps.sessions.unseal(parts.filter((p) => p !== undefined).join(""));
}

describe("two tabs signing in at once", () => {
  it("completes both, in the order they come back, and each state only once", async () => {
    const tabA = await allowed([POST_SCOPE], "/?resume=publish");
    const tabB = await allowed([CHAT_SCOPE], "/chat?resume=send");

    expect(await land(tabA)).toBe("/?resume=publish&oauth=granted");
    expect((await sessionNow()).scopes).toEqual([POST_SCOPE]);
    // B's flow survived A's sign-in; its token then replaces A's, as any sign-in does.
    expect(await land(tabB)).toBe("/chat?resume=send&oauth=granted");
    expect(await sessionNow()).toMatchObject({ signedIn: true, scopes: [CHAT_SCOPE] });
    expect(tokenCalls()).toBe(2);

    // Replays are refused, and nothing more is exchanged.
    expect(await land(tabA)).toBe("400");
    expect(await land(tabB)).toBe("400");
    expect(tokenCalls()).toBe(2);
    expect(sealedSession()?.flows).toBeUndefined();
  });

  it("completes the later tab first too, and a Deny in one tab leaves the other's flow", async () => {
    const tabA = await allowed([POST_SCOPE], "/?resume=publish");
    const refused = await consentCallback(browser, startUrl([CHAT_SCOPE], "/chat?resume=send"), "deny");
    const tabC = await allowed(["USER_PHONE"], "/?resume=phones");
    expect(await land(tabC)).toBe("/?resume=phones&oauth=granted");
    expect(await land(refused)).toBe("/chat?resume=send&oauth=refused&oauth_error=consent_refused");
    expect(await land(refused)).toBe("400");
    expect(await land(tabA)).toBe("/?resume=publish&oauth=granted");
    expect((await sessionNow()).scopes).toEqual([POST_SCOPE]);
  });

  it("refuses a flow older than 10 minutes while a newer one still completes", async () => {
    const tabA = await allowed([POST_SCOPE], "/?resume=publish");
    stack.clock.advance(9 * 60 * 1000);
    const tabB = await allowed([CHAT_SCOPE], "/chat?resume=send");
    stack.clock.advance(60 * 1000 + 1);
    expect(await land(tabA)).toBe("400");
    expect(tokenCalls()).toBe(0);
    expect(await land(tabB)).toBe("/chat?resume=send&oauth=granted");
    // A later start drops the expired flow from the cookie.
    await browser.fetch(startUrl(["USER_PHONE"], "/"));
    expect(sealedSession()?.flows?.map((f) => f.scopes)).toEqual([["USER_PHONE"]]);
  });

  it(`keeps the newest ${MAX_PENDING_FLOWS} flows: an older one is refused`, async () => {
    const callbacks: string[] = [];
    for (let i = 0; i <= MAX_PENDING_FLOWS; i++) callbacks.push(await allowed([POST_SCOPE], `/?tab=${i}`));
    expect(await land(callbacks[0] ?? "")).toBe("400");
    for (let i = 1; i <= MAX_PENDING_FLOWS; i++)
      expect(await land(callbacks[i] ?? "")).toBe(`/?tab=${i}&oauth=granted`);
  });
});

describe("a cookie sealed with the single pending flow of earlier versions", () => {
  /** Rewrites the browser's cookie as an earlier version sealed it: the one flow under `pending`. */
  function asEarlierCookie() {
    const session = sealedSession();
    const flow = session?.flows?.at(-1);
    if (!session || !flow) throw new Error("no flow in the cookie");
    const { flows: _flows, ...rest } = session;
    browser.cookies.set(cookieKey(), stack.proxy.deps.sessions.seal({ ...rest, pending: flow }));
  }

  it("still completes its sign-in", async () => {
    const callback = await allowed([POST_SCOPE], "/?resume=publish");
    asEarlierCookie();
    expect(sealedSession()?.pending).toBeDefined();
    expect(await land(callback)).toBe("/?resume=publish&oauth=granted");
    expect(await sessionNow()).toMatchObject({ signedIn: true, scopes: [POST_SCOPE] });
    expect(await land(callback)).toBe("400");
  });

  it("refuses another state with the usual page (no 500), and a new start keeps the earlier flow", async () => {
    const earlier = await allowed([POST_SCOPE], "/?resume=publish");
    asEarlierCookie();
    const forged = new URL(earlier);
    forged.searchParams.set("state", "forged-state");
    expect(await land(forged.toString())).toBe("400");
    const later = await allowed([CHAT_SCOPE], "/chat?resume=send");
    expect(sealedSession()?.pending).toBeUndefined();
    expect(await land(earlier)).toBe("/?resume=publish&oauth=granted");
    expect(await land(later)).toBe("/chat?resume=send&oauth=granted");
  });
});
