import { describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { type Answer, raw, reviewStackPerTest } from "./scripted-platform";

/**
 * A platform that misbehaves in ways a reviewer found misreported (thirteenth session): the status
 * line the platform sent decides what the user is told, whatever became of the body after it, and a
 * server error never reads as "nothing happened".
 */
describe("a misbehaving platform's answers are reported by their status", () => {
  const current = reviewStackPerTest();
  const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;
  const notGzip: Answer = raw(200, "this is not gzip", { "content-encoding": "gzip" });

  it("a 200 whose gzip body cannot be decoded is a delivery with a note, recorded as sent", async () => {
    const r = current();
    r.platform.next(notGzip);
    const { status, json } = await r.chat();
    expect(status).toBe(200);
    expect(json).toMatchObject({
      ok: true,
      result: null,
      answerNote: expect.stringMatching(/accepted it \(HTTP 200\), but its gzip content-encoding could not/),
    });
    expect(r.platform.count("/messages")).toBe(1);
    const [record] = await r.history();
    expect(record?.result).toMatchObject({ ok: true, status: 200 });
  });

  it("a 500 whose gzip body cannot be decoded is the platform's server error, not a broken connection", async () => {
    const r = current();
    r.platform.next(raw(500, "this is not gzip", { "content-encoding": "gzip" }));
    const { status, text } = await r.chat();
    expect(status).toBe(502);
    expect(errorOf(text)).toMatchObject({ code: "upstream_server_error", upstreamStatus: 500 });
    expect(r.platform.count("/messages")).toBe(1);
  });

  it("a 500 whose body drips past the deadline is a 500, not a timeout", async () => {
    const r = current();
    r.platform.next((_req, res) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.write("{");
      // One byte every 400 ms, past the stack's 3 s deadline; stops when the proxy hangs up.
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), 400);
      res.on("close", () => clearInterval(timer));
    });
    const { status, text } = await r.userAddon();
    expect(status).toBe(502);
    expect(errorOf(text)).toMatchObject({ code: "upstream_server_error", upstreamStatus: 500 });
    expect(r.platform.count("/addons/user")).toBe(1);
  });

  it("a server error tells the user the change may have been applied, and to check before sending again", async () => {
    const r = current();
    r.platform.next(raw(504, "<html><body>Gateway Time-out</body></html>", { "content-type": "text/html" }));
    const { status, text } = await r.chat();
    expect(status).toBe(502);
    const error = errorOf(text);
    expect(error).toMatchObject({ code: "upstream_server_error", upstreamStatus: 504 });
    expect(error.message).toContain("does not say that nothing was applied");
    expect(error.message).toContain("check the target");
    expect(error.message).not.toContain("no detail given");
    expect(r.platform.count("/messages")).toBe(1);
  });

  it("a 429 whose Retry-After is not a number of seconds or a date is read as no wait given; past a day, said only", async () => {
    const r = current();
    for (const retryAfter of ["-5", "1.5", "99999999999999999999999", "100000"]) {
      r.platform.next(
        raw(429, JSON.stringify({ code: 8, message: "slow down", details: [] }), {
          "retry-after": retryAfter,
        }),
      );
      const { status, text, res } = await r.publish();
      expect(status, retryAfter).toBe(429);
      const error = errorOf(text);
      expect(error.code).toBe("upstream_rate_limited");
      expect(error.retryAfter, retryAfter).toBeUndefined();
      // A wait of days is said as such (a daily quota), but not counted down nor sent back.
      expect(error.message, retryAfter).toContain(
        /^\d{6,}$/.test(retryAfter) ? "Wait more than a day" : "Wait a few seconds",
      );
      expect(res.headers.get("retry-after"), retryAfter).toBeNull();
      // What the platform said is still passed on.
      expect(error.upstreamStatus).toBe(429);
    }
  });
});
