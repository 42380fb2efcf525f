import { describe, expect, it } from "vitest";
import { createOAuthClient } from "../../src/server/oauth-client";
import { UndecodableAnswerError } from "../../src/server/transport-errors";

// The token endpoint's answer is read within the same bound as every platform answer; one over it is
// named as such, never as "not JSON" or an empty answer.

function client(answer: () => Response) {
  return createOAuthClient({
    authUrl: "http://127.0.0.1:1",
    clientId: "app",
    clientSecret: "secret",
    redirectUri: "http://127.0.0.1:2/oauth/callback",
    fetch: async () => answer(),
    timeoutMs: 1000,
    now: () => 0,
  });
}

describe("the token endpoint's answers", () => {
  it("names a token answer over the limit as too large", async () => {
    const big = JSON.stringify({ access_token: "a".repeat(300 * 1024) });
    const out = await client(() => new Response(big, { status: 200 })).exchangeCode("code-1");
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.error.code).toBe("upstream_invalid_response");
      expect(out.error.error.message).toContain("the answer is larger than 256 KB");
      expect(out.error.error.message).not.toContain("not JSON");
    }
  });

  it("names a refused grant's answer over the limit as not read, not as an empty error", async () => {
    const out = await client(() => new Response("x".repeat(300 * 1024), { status: 503 })).exchangeCode(
      "code-1",
    );
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.error.message).toContain("larger than 256 KB that was not read");
  });

  it("names an answer whose encoding could not be undone as such, and a refresh's as one to retry soon", async () => {
    const broken = () =>
      new Response(
        new ReadableStream({
          start(c) {
            c.error(new UndecodableAnswerError("gzip", new Error("incorrect header check")));
          },
        }),
        { status: 200 },
      );
    const exchanged = await client(broken).exchangeCode("code-1");
    expect(exchanged.ok ? "ok" : exchanged.note).toEqual({ status: 200, reason: "undecodable" });
    const refreshed = await client(broken).refresh("access-1", "refresh-1");
    expect(refreshed.ok ? "ok" : refreshed.error.error.message).toContain(
      "accepted it, but its answer could not be read (cut off, or an encoding that could not be undone); try again within 2 minutes",
    );
  });

  it("says a refresh answered with a redirect is not followed, and which setting to check", async () => {
    const out = await client(
      () => new Response(null, { status: 302, headers: { location: "https://elsewhere.example/token" } }),
    ).refresh("access-1", "refresh-1");
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.final).toBe(false);
      expect(out.error.error.message).toContain(
        "answered with a redirect, which the studio does not follow; check PLATFORM_AUTH_URL",
      );
    }
  });
});
