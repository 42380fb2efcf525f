import { describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { raw, reviewStackPerTest } from "./scripted-platform";

/**
 * Review defect 4: a redirect or an unusual status is named as what it is, never "rejected as invalid:
 * fix it and send it again", and a 503's Retry-After is passed on as a 429's is.
 */
describe("redirects and unusual statuses say what they are", () => {
  const current = reviewStackPerTest();
  const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

  it.each([
    [302, "publish", "Found"],
    [307, "chat", "Temporary Redirect"],
  ] as const)(
    "a %i on a %s is a redirect the studio does not follow, naming where it pointed (no query)",
    async (code, what, name) => {
      const r = current();
      const location = "https://elsewhere.example/v2/moved?token=abcdef";
      r.platform.next(raw(code, "", { location }));
      const { status, text } = await (what === "publish" ? r.publish() : r.chat());
      expect(status).toBe(502);
      const err = errorOf(text);
      expect(err.code).toBe("upstream_redirect");
      expect(err.upstreamStatus).toBe(code);
      expect(err.message).toContain(`HTTP ${code} (${name}) to https://elsewhere.example/v2/moved`);
      expect(err.message).not.toContain("token=");
      expect(err.message).toContain("does not follow");
      expect(err.message).toContain("PLATFORM_API_URL");
      expect(err.message).not.toContain("Fix it");
      expect(r.platform.calls).toHaveLength(1 + 1); // GET /users at sign-in, then this one
    },
  );

  it.each([
    [418, "I'm a Teapot"],
    [431, "Request Header Fields Too Large"],
    [405, "Method Not Allowed"],
  ])("a %i is an unexpected status, named, that does not ask to fix the body", async (code, name) => {
    const r = current();
    r.platform.next(raw(code, "<html>nope</html>", { "content-type": "text/html" }));
    const { status, text } = await r.publish();
    expect(status).toBe(502);
    const err = errorOf(text);
    expect(err.code).toBe("upstream_unexpected_status");
    expect(err.message).toContain(`HTTP ${code} (${name})`);
    expect(err.message).not.toContain("Fix it");
    expect(err.message).toContain("Check the target before sending it again");
  });

  it("keeps the platform's message beside the status it came with", async () => {
    const r = current();
    r.platform.next(raw(409, JSON.stringify({ code: 6, message: "already exists", details: [] })));
    const err = errorOf((await r.publish()).text);
    expect(err.code).toBe("upstream_unexpected_status");
    expect(err.message).toContain("HTTP 409 (Conflict): already exists");
    expect(err.upstream?.message).toBe("already exists");
    // A 400 is still the platform finding the request invalid.
    r.platform.next(raw(400, JSON.stringify({ code: 3, message: "widgets[0] is unknown", details: [] })));
    const invalid = errorOf((await r.publish()).text);
    expect(invalid.code).toBe("upstream_bad_request");
    expect(invalid.message).toContain("widgets[0] is unknown");
  });

  it("passes on a 503's Retry-After as retryAfter, the header and the message", async () => {
    const r = current();
    r.platform.next(
      raw(503, JSON.stringify({ code: 14, message: "maintenance", details: [] }), { "retry-after": "20" }),
    );
    const { status, text, res } = await r.publish();
    expect(status).toBe(502);
    expect(res.headers.get("retry-after")).toBe("20");
    const err = errorOf(text);
    expect(err).toMatchObject({ code: "upstream_server_error", retryAfter: 20, upstreamStatus: 503 });
    expect(err.message).toContain("in 20 seconds at the earliest");
  });
});
