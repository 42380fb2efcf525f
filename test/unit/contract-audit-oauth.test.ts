import { describe, expect, it } from "vitest";
import { buildAuthorizeUrl } from "../../src/platform/oauth";
import { parseScopes, scopeSchema } from "../../src/platform/scopes";

// Audit of spec 2.1, 2.2 and 5.3 and platform facts "OAuth": the builder and the scope grammar.

const input = {
  authUrl: "https://oauth.example",
  clientId: "my-app",
  redirectUri: "https://studio.example/oauth/callback",
  scopes: ["USER_PHONE"],
  state: "s",
};

describe("authorization URL builder (2.1)", () => {
  it("refuses a redirect_uri with parameters of its own, or that is not http(s)", () => {
    expect(buildAuthorizeUrl(input)).toContain(
      "redirect_uri=https%3A%2F%2Fstudio.example%2Foauth%2Fcallback&",
    );
    expect(() => buildAuthorizeUrl({ ...input, redirectUri: "https://studio.example/cb?next=/x" })).toThrow(
      /must carry no parameters.*https:\/\/studio\.example\/cb\?next=\/x/,
    );
    expect(() => buildAuthorizeUrl({ ...input, redirectUri: "https://studio.example/cb#x" })).toThrow(
      /no parameters/,
    );
    expect(() => buildAuthorizeUrl({ ...input, redirectUri: "javascript:alert(1)" })).toThrow(
      /http or https/,
    );
  });
});

describe("scope grammar (2.2; offline_access in lower case, facts 'OAuth')", () => {
  it("offline_access is lower case; upper case is refused with what to write", () => {
    expect(scopeSchema.safeParse("offline_access").success).toBe(true);
    const upper = scopeSchema.safeParse("OFFLINE_ACCESS");
    expect(upper.success).toBe(false);
    expect(upper.error?.issues[0]?.message).toMatch(/lower case on the wire: write offline_access/);
  });
  it("SCOPE.IDENTIFIER takes one identifier, not empty and without further dots", () => {
    expect(parseScopes("POST_ADDON_CREATE.gZ3kQx9a%20USER_PHONE")).toEqual([
      "POST_ADDON_CREATE.gZ3kQx9a",
      "USER_PHONE",
    ]);
    for (const bad of ["POST_ADDON_CREATE.", "POST_ADDON_CREATE.a.b", "post_addon_create", ".gZ3kQx9a"])
      expect(scopeSchema.safeParse(bad).success, bad).toBe(false);
  });
});
