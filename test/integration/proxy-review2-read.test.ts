import { describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { raw, reviewStackPerTest } from "./scripted-platform";

/**
 * Review 2, defect 8: a read of the user's phone numbers ("Use my phone numbers") answered 503 with
 * Retry-After (the platform's maintenance) said only that it was safe to try again "in a moment",
 * dropping the wait the platform asked for, where a send's server error passes it on.
 */
describe("a failed read passes on the wait the platform asked for", () => {
  const current = reviewStackPerTest();

  it("GET /api/phones answered 503 with Retry-After: 120 says to wait 120 seconds, in the body and the header", async () => {
    const r = current();
    r.platform.next(
      raw(503, JSON.stringify({ code: 14, message: "maintenance", details: [] }), { "retry-after": "120" }),
    );
    const { res, text } = await r.browser.fetch(`${r.stack.proxyServer.url}/api/phones`);
    expect(res.status).toBe(502);
    expect(res.headers.get("retry-after")).toBe("120");
    const err = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(err).toMatchObject({ code: "upstream_read_failed", retryAfter: 120 });
    expect(err.message).toContain("safe to try again in 2 minutes");
    // Without a Retry-After it stays as it was.
    r.platform.next(raw(503, JSON.stringify({ code: 14, message: "maintenance", details: [] })));
    const plain = await r.browser.fetch(`${r.stack.proxyServer.url}/api/phones`);
    expect(plain.res.headers.get("retry-after")).toBeNull();
    expect(studioErrorSchema.parse(JSON.parse(plain.text)).error.message).toContain(
      "safe to try again in a few seconds",
    );
    expect(r.platform.count("/v1/open-platform/users")).toBe(3); // the sign-in's read, then these two
  });
});
