import { describe, expect, it } from "vitest";
import { SCOPE, scriptedStackPerTest } from "./scripted-platform";
import { autoSignIn, Browser } from "./server-harness";

const PHONE = "09121234567";
const PATH = `/api/users/phone/${PHONE}/addon`;
const BODY = JSON.stringify({ widgets: [{ title_row: { text: "Verified" } }] });

/**
 * Review 2, defect 3: docs/server.md promises that a phone number in a path keeps only its last two
 * digits in the log. The request line did, but the lines of a rate-limit refusal and of a cross-site
 * refusal logged the path as it came, the user's whole phone number with it.
 */
describe("every log line that names a path masks its phone number", () => {
  const stackWith = scriptedStackPerTest();

  it("a send refused by the session's rate limit", async () => {
    const { stack } = await stackWith({ RATE_LIMIT_SESSION_PER_MINUTE: "1" });
    const browser = new Browser();
    expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
    const send = () =>
      browser.fetch(`${stack.proxyServer.url}${PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: BODY,
      });
    expect((await send()).res.status).toBe(200);
    expect((await send()).res.status).toBe(429);
    const limited = stack.logs.map((l) => JSON.parse(l)).find((l) => l.event === "rate_limited");
    expect(limited).toMatchObject({ path: "/api/users/phone/***67/addon" });
    expect(stack.logs.join("\n")).not.toContain(PHONE);
  });

  it("a send refused as cross-site", async () => {
    const { stack, platform } = await stackWith();
    const { res } = await new Browser().fetch(`${stack.proxyServer.url}${PATH}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      body: BODY,
    });
    expect(res.status).toBe(400);
    const refused = stack.logs.map((l) => JSON.parse(l)).find((l) => l.event === "cross_site_refused");
    expect(refused).toMatchObject({ path: "/api/users/phone/***67/addon" });
    expect(stack.logs.join("\n")).not.toContain(PHONE);
    expect(platform.calls).toEqual([]);
  });
});

/**
 * Review 2, defect 7: a send that got no answer (a reset, a timeout, no connection) left only the
 * request line in the log, 502 or 504, so whoever runs the studio could not tell a platform that reset
 * connections from one that could not be reached or one too slow. A line now names the call (its user
 * masked), the catalogue code and the network error's code; a failed token request names it too.
 */
describe("a platform call that got no answer says why in the log, without the user's phone", () => {
  const stackWith = scriptedStackPerTest();

  it("a user add-on by phone whose connection was reset after the platform read it", async () => {
    const { stack, platform } = await stackWith();
    const browser = new Browser();
    expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
    platform.next((req) => {
      req.socket.resetAndDestroy();
    });
    const { res } = await browser.fetch(`${stack.proxyServer.url}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: BODY,
    });
    expect(res.status).toBe(502);
    const failed = stack.logs.map((l) => JSON.parse(l)).find((l) => l.event === "upstream_failed");
    expect(failed).toEqual({
      time: expect.any(String),
      event: "upstream_failed",
      method: "POST",
      path: "/v2/open-platform/addons/user/***67",
      code: "upstream_outcome_unknown",
      cause: "ECONNRESET",
    });
    expect(stack.logs.join("\n")).not.toContain(PHONE);
    expect(platform.count("/addons/user/")).toBe(1);
  });

  it("a sign-in whose token endpoint cannot be reached names the network error", async () => {
    const { stack } = await stackWith({ PLATFORM_AUTH_URL: "http://127.0.0.1:1" });
    const browser = new Browser();
    const start = await browser.fetch(`${stack.proxyServer.url}/oauth/start?scope=USER_PHONE&returnTo=%2F`);
    const state = new URL(start.res.headers.get("location") ?? "").searchParams.get("state") ?? "";
    await browser.fetch(
      `${stack.proxyServer.url}/oauth/callback?code=code-1-abcdef&state=${encodeURIComponent(state)}`,
    );
    const failed = stack.logs.map((l) => JSON.parse(l)).find((l) => l.event === "token_exchange_failed");
    expect(failed).toMatchObject({ code: "upstream_unreachable", cause: "ECONNREFUSED" });
    expect(stack.logs.join("\n")).not.toContain("code-1-abcdef");
  });
});
