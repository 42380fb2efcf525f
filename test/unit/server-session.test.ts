import { describe, expect, it } from "vitest";
import { createSessionCodec, emptySession, safeEqual } from "../../src/server/session";

const secret = "a-session-secret-of-at-least-32-chars!!";

describe("sealed cookie sessions", () => {
  it("round-trips between two instances sharing the secret, and hides the tokens", () => {
    const a = createSessionCodec({ secret, secure: true });
    const b = createSessionCodec({ secret, secure: true });
    const session = {
      ...emptySession(1),
      tokens: { accessToken: "at_visible?", expiresAt: 2, scopes: ["USER_PHONE"] },
    };
    const sealed = a.seal(session);
    expect(sealed).not.toContain("at_visible");
    expect(b.unseal(sealed)).toEqual(session);
    expect(a.cookieName).toBe("__Host-studio_session");
  });

  it("reads a cookie a newer version sealed with fields it does not know, dropping them (a rolling deployment)", () => {
    const codec = createSessionCodec({ secret, secure: true });
    const session = {
      ...emptySession(1),
      tokens: { accessToken: "at", expiresAt: 2, scopes: [], grantedBy: "a later field" },
      laterField: { any: "shape" },
    };
    // The seal takes a Session; a newer version's session has more fields than this one knows.
    const sealed = codec.seal(session as Parameters<typeof codec.seal>[0]);
    expect(codec.unseal(sealed)).toEqual({
      ...emptySession(1),
      sid: session.sid,
      tokens: { accessToken: "at", expiresAt: 2, scopes: [] },
    });
  });

  it("refuses a tampered cookie or one sealed with another secret", () => {
    const a = createSessionCodec({ secret, secure: false });
    const other = createSessionCodec({ secret: `${secret}-other`, secure: false });
    const sealed = a.seal(emptySession(1));
    // One character of the middle (all six of its bits carry data, unlike the last one's), always changed.
    const at = Math.floor(sealed.length / 2);
    const flipped = `${sealed.slice(0, at)}${sealed[at] === "A" ? "B" : "A"}${sealed.slice(at + 1)}`;
    expect(flipped).not.toBe(sealed);
    expect(a.unseal(flipped)).toBeUndefined();
    expect(other.unseal(sealed)).toBeUndefined();
    expect(a.unseal("garbage")).toBeUndefined();
  });

  it("compares secrets exactly", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });
});
