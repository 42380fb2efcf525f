import { describe, expect, it } from "vitest";
import {
  authorizationRequestSchema,
  buildAuthorizeUrl,
  MAX_TOKEN_LIFE_SECONDS,
  tokenRequestSchema,
  tokenResponseSchema,
} from "../../src/platform/oauth";
import { parseScopes, scopeSchema } from "../../src/platform/scopes";

describe("authorization request (spec 2.1, 4.1)", () => {
  const url = buildAuthorizeUrl({
    authUrl: "https://oauth.divar.ir/",
    clientId: "my-app",
    redirectUri: "https://studio.example.com/oauth/callback",
    scopes: ["POST_ADDON_CREATE.gZ3kQx9aB1cD", "offline_access"],
    state: "s t/ate",
  });

  it("encodes redirect_uri and joins scopes with %20, never +", () => {
    expect(url).toBe(
      "https://oauth.divar.ir/oauth2/auth?response_type=code&client_id=my-app&redirect_uri=https%3A%2F%2Fstudio.example.com%2Foauth%2Fcallback&scope=POST_ADDON_CREATE.gZ3kQx9aB1cD%20offline_access&state=s%20t%2Fate",
    );
    expect(url).not.toContain("+");
  });

  it("round-trips through the authorization request schema", () => {
    const parsed = authorizationRequestSchema.parse(Object.fromEntries(new URL(url).searchParams));
    expect(parsed.scope).toBe("POST_ADDON_CREATE.gZ3kQx9aB1cD offline_access");
    expect(parsed.state).toBe("s t/ate");
  });

  it("refuses a redirect_uri with parameters of its own and a malformed scope", () => {
    const q = { response_type: "code", client_id: "a", scope: "A", state: "s" };
    expect(
      authorizationRequestSchema.safeParse({ ...q, redirect_uri: "https://x.test/cb?a=1" }).success,
    ).toBe(false);
    expect(() =>
      buildAuthorizeUrl({
        authUrl: "https://x",
        clientId: "a",
        redirectUri: "https://x/cb",
        scopes: ["bad scope!"],
        state: "s",
      }),
    ).toThrow();
  });
});

describe("token endpoint shapes (spec 2.4, 2.5)", () => {
  it("accepts a token response with or without refresh_token and requires bearer", () => {
    const base = { access_token: "a", expires_in: 3600, scope: "USER_PHONE", token_type: "bearer" };
    expect(tokenResponseSchema.safeParse(base).success).toBe(true);
    expect(tokenResponseSchema.safeParse({ ...base, refresh_token: "r" }).success).toBe(true);
    expect(tokenResponseSchema.safeParse({ ...base, token_type: "mac" }).success).toBe(false);
    expect(tokenResponseSchema.safeParse({ ...base, expires_in: "3600" }).success).toBe(false);
  });

  it("caps expires_in at a year, takes a missing scope, refuses tokens no header can carry", () => {
    const base = { access_token: "a", expires_in: 3600, scope: "USER_PHONE", token_type: "bearer" };
    expect(tokenResponseSchema.parse({ ...base, expires_in: 1e13 }).expires_in).toBe(MAX_TOKEN_LIFE_SECONDS);
    expect(tokenResponseSchema.parse({ ...base, expires_in: 1e300 }).expires_in).toBe(MAX_TOKEN_LIFE_SECONDS);
    expect(tokenResponseSchema.safeParse({ ...base, expires_in: 1.5 }).success).toBe(false);
    const { scope: _, ...noScope } = base;
    expect(tokenResponseSchema.parse(noScope).scope).toBeUndefined();
    for (const access_token of ["a\nX-Evil: 1", "aتوکن", "a b", "a\u0000", ""]) {
      const r = tokenResponseSchema.safeParse({ ...base, access_token });
      expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["access_token"]);
    }
    expect(tokenResponseSchema.safeParse({ ...base, refresh_token: "r\r\n" }).success).toBe(false);
    expect(tokenResponseSchema.safeParse({ ...base, access_token: "eyJ.a-b_c~d+e/f==" }).success).toBe(true);
  });

  it("requires code (the current access token) in the refresh grant", () => {
    const refresh = {
      grant_type: "refresh_token",
      client_id: "a",
      client_secret: "s",
      redirect_uri: "https://x/cb",
      refresh_token: "r",
    };
    expect(tokenRequestSchema.safeParse(refresh).success).toBe(false);
    expect(tokenRequestSchema.safeParse({ ...refresh, code: "at" }).success).toBe(true);
  });
});

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
