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
