import { describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import {
  Browser,
  consent,
  consentCallback,
  POST_BODY,
  type Stack,
  signIn,
  stackPerTest,
} from "./server-harness";

const POST_SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;
let stack: Stack;
let browser: Browser;

stackPerTest({}, (s, b) => {
  stack = s;
  browser = b;
});

function publish(body: unknown = POST_BODY, returnTo = "/") {
  return browser.fetch(
    `${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon?returnTo=${encodeURIComponent(returnTo)}`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
}

function errorOf(text: string) {
  return studioErrorSchema.parse(JSON.parse(text)).error;
}

describe("publishing a post add-on through OAuth", () => {
  it("publishes after consent and the add-on appears on the post page a moment later", async () => {
    const landed = await signIn(browser, stack, [POST_SCOPE], { returnTo: "/?resume=publish" });
    expect(landed).toBe("/?resume=publish&oauth=granted");
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session).toMatchObject({ signedIn: true, scopes: [POST_SCOPE], offline: false });

    const { res, text } = await publish();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ ok: true, attachedLater: true, result: {} });

    const pageUrl = `${stack.emulatorServer.url}/posts/${DEMO_POST_TOKEN}`;
    expect((await browser.fetch(pageUrl)).text).not.toContain("Inspection report");
    stack.clock.advance(1500);
    const page = (await browser.fetch(pageUrl)).text;
    expect(page).toContain("Inspection report");
    // Drawn with the studio's own preview components, as a buyer sees it.
    expect(page).toContain('data-kind="button_bar"');
    expect(page).toContain("Full report");
  });

  it("sends the authorization request with %20-joined scopes and an encoded redirect_uri", async () => {
    const { res } = await browser.fetch(
      `${stack.proxyServer.url}/oauth/start?scope=${encodeURIComponent(`${POST_SCOPE} USER_PHONE`)}&offline=1`,
    );
    expect(res.status).toBe(302);
    const loc = res.headers.get("location") ?? "";
    expect(loc).toContain(`scope=${POST_SCOPE}%20USER_PHONE%20offline_access`);
    expect(loc).toContain(`redirect_uri=${encodeURIComponent(stack.config.redirectUri)}`);
    expect(loc).not.toContain("+");
  });

  it("refuses a callback whose state does not match, storing nothing", async () => {
    const callback = new URL(
      await consentCallback(browser, `${stack.proxyServer.url}/oauth/start?scope=${POST_SCOPE}`, "allow"),
    );
    callback.searchParams.set("state", "forged-state");
    const back = await browser.fetch(callback.toString());
    expect(back.res.status).toBe(400);
    expect(back.text).toContain("does not match a sign-in started in this browser");
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session.signedIn).toBe(false);
    // The code was never exchanged.
    expect(stack.upstream.filter((u) => u.endsWith("/oauth2/token"))).toHaveLength(0);
  });

  it("refuses a replayed callback, even with the cookie from before the first use", async () => {
    const callback = await consentCallback(
      browser,
      `${stack.proxyServer.url}/oauth/start?scope=${POST_SCOPE}`,
      "allow",
    );
    const cookiesBefore = new Map(browser.cookies);
    expect((await browser.fetch(callback)).res.status).toBe(302);

    const attacker = new Browser();
    attacker.cookies = cookiesBefore;
    const replay = await attacker.fetch(callback);
    expect(replay.res.status).toBe(400);
    const again = await browser.fetch(callback);
    expect(again.res.status).toBe(400);
    expect(stack.upstream.filter((u) => u.endsWith("/oauth2/token"))).toHaveLength(1);
    const session = JSON.parse((await attacker.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session.signedIn).toBe(false);
  });

  it("a scope the platform does not have comes back as the platform's error, in its words, not as a refusal", async () => {
    // The emulator refuses it at its consent page (RFC 6749 invalid_scope), as the platform's closed
    // list does: no consent page, no token.
    const start = `${stack.proxyServer.url}/oauth/start?scope=${encodeURIComponent("USER_PHONES openid")}&returnTo=${encodeURIComponent("/?resume=publish")}`;
    const authorize = (await browser.fetch(start)).res.headers.get("location") ?? "";
    const atPlatform = await browser.fetch(authorize);
    expect(atPlatform.res.status).toBe(302);
    const callback = new URL(atPlatform.res.headers.get("location") ?? "");
    expect(callback.searchParams.get("error")).toBe("invalid_scope");
    expect(callback.searchParams.get("error_description")).toBe("Not a scope the platform has: USER_PHONES.");
    const back = await browser.fetch(callback.toString());
    const landed = new URL(back.res.headers.get("location") ?? "", "http://studio.test");
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      resume: "publish",
      oauth: "failed",
      oauth_error: "sign_in_failed",
      oauth_reason: "invalid_scope",
      oauth_detail: "Not a scope the platform has: USER_PHONES.",
    });
    expect(stack.upstream.filter((u) => u.endsWith("/oauth2/token"))).toHaveLength(0);
  });

  it("passes on only printable, short words from the platform, and no code it does not know the shape of", async () => {
    const start = await browser.fetch(`${stack.proxyServer.url}/oauth/start?scope=${POST_SCOPE}`);
    const state = new URL(start.res.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const words = `bad\u0000\u202escope ${"x".repeat(300)}`;
    const { res } = await browser.fetch(
      `${stack.proxyServer.url}/oauth/callback?error=Server-Error%3Cb%3E&error_description=${encodeURIComponent(words)}&state=${encodeURIComponent(state)}`,
    );
    const landed = new URL(res.headers.get("location") ?? "", "http://studio.test").searchParams;
    expect(landed.get("oauth_reason")).toBe("error");
    const detail = landed.get("oauth_detail") ?? "";
    expect(detail).toMatch(/^bad scope x+…$/);
    expect(detail).toHaveLength(200);
  });

  it("treats Deny as refusal: back to the editor with a clear reason, not signed in", async () => {
    const landed = await signIn(browser, stack, [POST_SCOPE], {
      decision: "deny",
      returnTo: "/?resume=publish",
    });
    expect(landed).toBe("/?resume=publish&oauth=refused&oauth_error=consent_refused");
    const { res, text } = await publish();
    expect(res.status).toBe(401);
    expect(errorOf(text).code).toBe("not_signed_in");
  });

  it("renews an expired token with the refresh grant and keeps publishing", async () => {
    await signIn(browser, stack, [POST_SCOPE], { offline: true });
    const first = stack.emulator.state.tokens[0];
    expect(first?.refreshToken).toBeDefined();
    stack.clock.advance(3601 * 1000);
    const { res } = await publish();
    expect(res.status).toBe(200);
    expect(stack.upstream).toContain("POST /oauth2/token");
    const tokens = stack.emulator.state.tokens;
    expect(tokens).toHaveLength(2);
    expect(tokens[0]?.replacedAt).toBeDefined();
    // The new pair replaced the old one in the session: after the 2-minute grace it still works.
    stack.clock.advance(5 * 60 * 1000);
    expect((await publish()).res.status).toBe(200);
  });

  it("without offline_access an expired session asks to authorize again", async () => {
    await signIn(browser, stack, [POST_SCOPE]);
    expect(stack.emulator.state.tokens[0]?.refreshToken).toBeUndefined();
    stack.clock.advance(3601 * 1000);
    const { res, text } = await publish();
    expect(res.status).toBe(401);
    const err = errorOf(text);
    expect(err.code).toBe("session_expired");
    expect(err.authorizeUrl).toContain("/oauth/start?scope=");
  });

  it("names a missing scope and its authorize URL starts OAuth for it and returns to resume", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const { res, text } = await publish(POST_BODY, "/?resume=publish");
    expect(res.status).toBe(403);
    const err = errorOf(text);
    expect(err.code).toBe("missing_scope");
    expect(err.scope).toBe(POST_SCOPE);
    expect(err.message).toContain(POST_SCOPE);
    expect(stack.upstream.some((u) => u.includes("/addons/"))).toBe(false);

    const landed = await consent(
      browser,
      new URL(err.authorizeUrl ?? "", stack.proxyServer.url).toString(),
      "allow",
    );
    expect(landed).toBe("/?resume=publish&oauth=granted");
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    // The held scope is kept alongside the new one.
    expect(session.scopes).toEqual(expect.arrayContaining(["USER_PHONE", POST_SCOPE]));
    expect((await publish()).res.status).toBe(200);
  });

  it("refuses an invalid body with path errors and sends nothing upstream", async () => {
    await signIn(browser, stack, [POST_SCOPE]);
    const before = stack.upstream.length;
    const bad = { widgets: [{ title_row: { text: 42 } }], semantic_sensitives: {} };
    const { res, text } = await publish(bad);
    expect(res.status).toBe(400);
    const err = errorOf(text);
    expect(err.code).toBe("invalid_body");
    expect(err.problems?.map((p) => p.at)).toEqual(expect.arrayContaining(["widgets[0].title_row.text"]));
    expect(stack.upstream.length).toBe(before);
    expect(stack.emulator.state.postAddons).toHaveLength(0);
  });

  it("reads the user's phones with USER_PHONE and sends a chat message with its conversation scope", async () => {
    const conv = "3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c";
    await signIn(browser, stack, ["USER_PHONE", `CONVERSATION_SEND_MESSAGE.${conv}`]);
    const phones = await browser.fetch(`${stack.proxyServer.url}/api/phones`);
    // The user id of the live answer (finderUser) is passed on beside the phones.
    expect(JSON.parse(phones.text)).toEqual({ phone_numbers: ["09120000001"], user_id: "demo-user-1" });
    const sent = await browser.fetch(`${stack.proxyServer.url}/api/conversations/${conv}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "TEXT", message: "Hello" }),
    });
    expect(sent.res.status).toBe(200);
    expect(stack.emulator.state.conversations.get(conv)?.messages[0]?.text).toBe("Hello");
  });
});
