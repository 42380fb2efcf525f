import { describe, expect, it } from "vitest";
import { IDENTIFY_RETRY_MS } from "../../src/server/history-user";
import { type Answer, CONVERSATION, POST_TOKEN, raw, SCOPE, scriptedStackPerTest } from "./scripted-platform";
import { autoSignIn, Browser, type Stack } from "./server-harness";

// GET /v1/open-platform/users answers the live `finderUser` {phone_number, phone_numbers (deprecated),
// user_id}: a platform that leaves the deprecated list out still names the history user and lists the
// phones (docs/decisions.md, "Live scopes and the users answer").

const live = (phone: string): Answer =>
  raw(200, JSON.stringify({ phone_number: phone, user_id: "opaque-7" }));

const start = scriptedStackPerTest();

const publish = (s: Stack, browser: Browser) =>
  browser.fetch(`${s.proxyServer.url}/api/posts/${POST_TOKEN}/addon`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ widgets: [{ title_row: { text: "live" } }] }),
  });

describe("the users answer without the deprecated phone_numbers", () => {
  it("names the history user at sign-in from phone_number, and /api/phones lists it with the user id", async () => {
    const { stack: s, platform: p, store: st } = await start();
    const browser = new Browser();
    p.next(live("09120000071"));
    expect(await autoSignIn(browser, s, { scope: SCOPE })).toBe("/?oauth=granted");
    p.next(raw(200, "{}"));
    expect((await publish(s, browser)).res.status).toBe(200);
    await st.flushPublishes();
    expect((await st.listPublishes("phone:09120000071")).items).toHaveLength(1);

    p.next(live("09120000071"));
    const phones = await browser.fetch(`${s.proxyServer.url}/api/phones`);
    expect(phones.res.status).toBe(200);
    expect(JSON.parse(phones.text)).toEqual({ phone_numbers: ["09120000071"], user_id: "opaque-7" });
  });

  it("names it on the later retry too, when the sign-in read failed", async () => {
    const { stack: s, platform: p, store: st } = await start();
    const browser = new Browser();
    p.next(raw(503, JSON.stringify({ code: 14, message: "down", details: [] })));
    expect(await autoSignIn(browser, s, { scope: SCOPE })).toBe("/?oauth=granted");
    s.clock.advance(IDENTIFY_RETRY_MS + 1);
    p.next(raw(200, "{}"), live("09120000072"));
    expect((await publish(s, browser)).res.status).toBe(200);
    await st.flushPublishes();
    expect((await st.listPublishes("phone:09120000072")).items).toHaveLength(1);
  });

  it("prefers the deprecated list when it has numbers, and an empty answer lists none", async () => {
    const { stack: s, platform: p } = await start();
    const browser = new Browser();
    p.next(raw(200, "{}"));
    expect(await autoSignIn(browser, s, { scope: SCOPE })).toBe("/?oauth=granted");
    p.next(
      raw(
        200,
        JSON.stringify({ phone_number: "09120000073", phone_numbers: ["09120000074", "09120000073"] }),
      ),
    );
    const both = await browser.fetch(`${s.proxyServer.url}/api/phones`);
    expect(JSON.parse(both.text)).toEqual({ phone_numbers: ["09120000074", "09120000073"] });
    p.next(raw(200, "{}"));
    const none = await browser.fetch(`${s.proxyServer.url}/api/phones`);
    expect(JSON.parse(none.text)).toEqual({ phone_numbers: [] });
  });
});

describe("the chat send answer's status", () => {
  it("is passed on as a string from an older platform and as the live int32", async () => {
    const { stack: s, platform: p } = await start();
    const browser = new Browser();
    p.next(raw(200, "{}"));
    expect(await autoSignIn(browser, s, { scope: SCOPE })).toBe("/?oauth=granted");
    const send = () =>
      browser.fetch(`${s.proxyServer.url}/api/conversations/${CONVERSATION}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "salam" }),
      });
    p.next(raw(200, JSON.stringify({ message: "m-1", status: "SENT" })));
    expect(JSON.parse((await send()).text)).toMatchObject({
      ok: true,
      result: { message: "m-1", status: "SENT" },
    });
    p.next(raw(200, JSON.stringify({ message: "m-2", status: 1 })));
    const live = JSON.parse((await send()).text);
    expect(live).toMatchObject({ ok: true, result: { message: "m-2", status: 1 } });
    expect(live.answerNote).toBeUndefined();
  });
});
