import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../src/platform/json-text";
import { parseJsonBytes } from "../../src/server/json-body";
import { jsonLogger } from "../../src/server/log";
import { createRateLimiter } from "../../src/server/rate-limit";
import { createMemoryRevocations } from "../../src/server/revocations";

describe("the proxy's limits", () => {
  it("reads bodies with the shared depth limit, and says where a body breaks", () => {
    const at = (d: number) => new TextEncoder().encode(`${"[".repeat(d)}${"]".repeat(d)}`);
    expect(parseJsonBytes(at(MAX_JSON_DEPTH), 1 << 20).ok).toBe(true);
    expect(parseJsonBytes(at(MAX_JSON_DEPTH + 1), 1 << 20).ok).toBe(false);
    const broken = parseJsonBytes(new TextEncoder().encode('{"widgets": [\n  {"title_row": }]}'), 1 << 20);
    expect(broken.ok ? "" : broken.error.error.message).toContain(
      "the body is not valid JSON: line 2, column 17 (offset 30), in widgets[0].title_row: expected a JSON value",
    );
    const empty = parseJsonBytes(new Uint8Array(), 1 << 20);
    expect(empty.ok ? "" : empty.error.error.message).toContain("the body is empty");
  });

  it("names the size limit of a body that is too large", () => {
    const out = parseJsonBytes(new TextEncoder().encode('"0123456789"'), 8);
    expect(out.ok ? "" : out.error.error).toMatchObject({ code: "payload_too_large" });
  });

  it("rate limits per key and says when to come back", () => {
    let t = 0;
    const limiter = createRateLimiter(2, () => t);
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(limiter.take("a")).toEqual({ ok: false, retryAfter: 30 });
    expect(limiter.take("b")).toEqual({ ok: true });
    t = 30_000;
    expect(limiter.take("a")).toEqual({ ok: true });
    expect(createRateLimiter(0, () => t).take("a")).toEqual({ ok: true });
  });

  it("remembers a revoked session until its seal would have expired, and everything issued before a sign-out everywhere", async () => {
    let t = 1000;
    const store = createMemoryRevocations(() => t);
    await store.revoke("s1", 5000);
    expect(await store.isRevoked("s1", 0)).toBe(true);
    expect(await store.isRevoked("s2", 0)).toBe(false);
    await store.revokeIssuedBefore(2000, 9000);
    expect(await store.isRevoked("s2", 1999)).toBe(true);
    expect(await store.isRevoked("s3", 2000)).toBe(false);
    t = 70_000;
    expect(await store.isRevoked("s1", 0)).toBe(false);
    expect(store.size()).toBe(0);
  });

  it("logs one JSON object per line, with line separators escaped", () => {
    const lines: string[] = [];
    jsonLogger(
      (l) => lines.push(l),
      () => 0,
    )("request", { path: "/a\nb\u2028c" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\n\u2028]/);
    expect(JSON.parse(lines[0] ?? "")).toEqual({
      time: "1970-01-01T00:00:00.000Z",
      event: "request",
      path: "/a\nb\u2028c",
    });
  });
});
