import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { raw, reviewStackPerTest } from "./scripted-platform";
import { openStream } from "./store-proxy-helpers";

/** How PHP or Java gateways write a "/" in JSON, and how some write every "-". */
const slashEscaped = (s: string) => s.replaceAll("/", "\\/");
const dashEscaped = (s: string) => s.replaceAll("-", "\\u002d");

/**
 * Review defect 2: secrets are redacted on the decoded values of an answer, not only where the raw
 * text holds them verbatim, and the refresh token and client secret are redacted too. The stack's
 * afterEach checks that no credential, escaped or not, reached the browser, the history or the log.
 */
describe("secrets an answer carries escaped never reach the browser or the history", () => {
  const current = reviewStackPerTest();
  const tokens = () => {
    const [access = "", refresh = ""] = current().platform.issued;
    return { access, refresh };
  };
  const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

  it("redacts an access token echoed with JSON-escaped slashes in a 401", async () => {
    const r = current();
    const echo = slashEscaped(tokens().access);
    r.platform.next(raw(401, `{"code":16,"message":"token ${echo} is not valid","details":["${echo}"]}`));
    const { status, text } = await r.publish();
    expect(status).toBe(401);
    const err = errorOf(text);
    expect(err.message).toContain("token [redacted] is not valid");
    expect(err.upstream).toMatchObject({ message: "token [redacted] is not valid", details: ["[redacted]"] });
  });

  it("redacts the API key echoed with \\u002d escapes in a 403", async () => {
    const r = current();
    const echo = dashEscaped(DEMO_APP.apiKey);
    r.platform.next(raw(403, `{"code":7,"message":"key ${echo} lacks CHAT_SEND_MESSAGE","details":[]}`));
    const { status, text } = await r.chat();
    expect(status).toBe(403);
    expect(errorOf(text).upstream?.message).toBe("key [redacted] lacks CHAT_SEND_MESSAGE");
  });

  it("redacts the refresh token and the client secret, which the proxy never sends the API host", async () => {
    const r = current();
    const { refresh } = tokens();
    const message = `bad session (refresh ${refresh}, app ${DEMO_APP.clientSecret})`;
    r.platform.next(raw(400, JSON.stringify({ code: 3, message, details: [] })));
    const { status, text } = await r.chat();
    expect(status).toBe(400);
    expect(errorOf(text).upstream?.message).toBe("bad session (refresh [redacted], app [redacted])");
  });

  it("redacts an escaped token in a 2xx debug field, in the answer and in the history", async () => {
    const r = current();
    const echo = slashEscaped(tokens().access);
    r.platform.next(raw(200, `{"id":"ua-9","debug":{"authorization":"Bearer ${echo}","${echo}":1}}`));
    const { status, json } = await r.userAddon();
    expect(status).toBe(200);
    expect(json).toMatchObject({
      ok: true,
      result: { id: "ua-9", debug: { authorization: "Bearer [redacted]", "[redacted]": 1 } },
    });
    const [record] = await r.history();
    expect(record?.result.response).toEqual({
      id: "ua-9",
      debug: { authorization: "Bearer [redacted]", "[redacted]": 1 },
    });
  });

  it("redacts a percent-encoded token in an error message", async () => {
    const r = current();
    const echo = encodeURIComponent(tokens().access);
    expect(echo).toContain("%2F");
    r.platform.next(raw(400, JSON.stringify({ code: 3, message: `see /debug?t=${echo}`, details: [] })));
    const { text } = await r.publish();
    expect(errorOf(text).upstream?.message).toBe("see /debug?t=[redacted]");
  });

  it("redacts the refresh token and client secret a failed background re-subscription echoes into the inbox", async () => {
    const r = current();
    // With a store, a renewal failure is shown live only: on the session's open stream.
    const stream = await openStream(r.browser, r.stack.proxyServer.url);
    try {
      const subscribed = await r.post("/api/subscriptions", {
        event_type: "PAYMENT_TRANSACTION",
        event_resource_id: "r1",
      });
      expect(subscribed.status).toBe(200);
      // An hour on, the next publish refreshes the tokens and re-creates the subscription in the background.
      r.stack.clock.advance(3600 * 1000);
      const echoing: Parameters<typeof r.platform.next>[0] = (req, res) => {
        if (!req.url?.includes("/events/subscriptions")) return raw(200, "{}")(req, res);
        // The refresh token the proxy holds now (the second pair's) and the app's secret.
        const refresh = r.platform.issued[3] ?? "";
        const message = `subscription refused for ${refresh} (client ${DEMO_APP.clientSecret})`;
        return raw(400, JSON.stringify({ code: 3, message, details: [] }))(req, res);
      };
      r.platform.next(echoing, echoing);
      expect((await r.publish()).status).toBe(200);
      await r.stack.proxy.deps.renewals.idle();
      const [failure] = await stream.takeEntries(1);
      expect(failure).toMatchObject({ kind: "subscription_failed" });
      const message = JSON.stringify(failure);
      expect(message).toMatch(/subscription refused for \[redacted\] \(client \[redacted\]\)/);
      r.browser.seen.push(message);
    } finally {
      stream.close();
    }
  });
});
