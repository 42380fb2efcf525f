import { describe, expect, it } from "vitest";
import { parseStartRequest, startRequestVersion } from "../../src/platform/start-request";

const h = (entries: Record<string, string>) => new Headers(entries);

describe("start request (spec 4.11, facts)", () => {
  it("reads the version from API-Version or API_VERSION; absent means the old structure", () => {
    expect(startRequestVersion(h({ "API-Version": "2" }))).toBe(2);
    expect(startRequestVersion(h({ API_VERSION: "2" }))).toBe(2);
    expect(startRequestVersion(h({}))).toBe(1);
    expect(startRequestVersion(h({ "API-Version": "7" }))).toBe("invalid");
  });

  it("normalises both body versions and user_side in any case", () => {
    const v2 = parseStartRequest(2, {
      post_token: "t",
      user_side: "demand",
      source: "chat",
      extra_data: { a: "b" },
    });
    expect(v2).toEqual({
      ok: true,
      value: { version: 2, postToken: "t", userSide: "DEMAND", source: "CHAT", data: { a: "b" } },
    });
    const v1 = parseStartRequest(1, { conversation_id: "c", provider_data: { x: "y" } });
    expect(v1).toEqual({ ok: true, value: { version: 1, conversationId: "c", data: { x: "y" } } });
  });

  it("refuses unknown fields and values", () => {
    expect(parseStartRequest(2, { post_token: "t", other: 1 }).ok).toBe(false);
    expect(parseStartRequest(2, { user_side: "BOTH" }).ok).toBe(false);
    expect(parseStartRequest(2, { extra_data: { a: 1 } }).ok).toBe(false);
  });
});
