import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { raw, reviewStackPerTest } from "./scripted-platform";

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
});
