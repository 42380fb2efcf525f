import { afterEach, describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { good, SCOPE, type Signin, startSignin, type TokenAnswer } from "./signin-platform";

// Sign-in against a token endpoint that misbehaves (thirteenth session, docs/decisions.md "Thirteenth
// session: sign-in against a misbehaving platform"): over real HTTP on 127.0.0.1, a raw fake platform.

const YEAR_MS = 365 * 24 * 3600 * 1000;
const errorOf = (json: unknown) => studioErrorSchema.parse(json).error;

describe("sign-in against a misbehaving token endpoint", () => {
  let s: Signin | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  describe("(3) an absurd expires_in", () => {
    it("a sign-in whose token lasts 1e13 seconds keeps /api/session answering, capped at a year", async () => {
      s = await startSignin();
      s.platform.tokenNext(good({ expires_in: 1e13 }));
      expect((await s.signIn()).landed).toBe("/?oauth=granted");
      for (let i = 0; i < 2; i++) {
        const session = await s.session();
        expect(session.status).toBe(200);
        expect(session.json.signedIn).toBe(true);
        expect(Date.parse(session.json.expiresAt)).toBeLessThanOrEqual(s.stack.clock.now() + YEAR_MS);
      }
      expect((await s.publish()).status).toBe(200);
    });

    it("a refresh answering expires_in 1e13 is capped too", async () => {
      s = await startSignin();
      s.platform.tokenNext(good({ expires_in: 60 }), good({ expires_in: 1e13 }));
      expect((await s.signIn()).landed).toBe("/?oauth=granted");
      s.stack.clock.advance(60_000);
      const session = await s.session();
      expect(session.status).toBe(200);
      expect(s.platform.count("token refresh_token")).toBe(1);
      expect(Date.parse(session.json.expiresAt)).toBeLessThanOrEqual(s.stack.clock.now() + YEAR_MS);
    });

    it("a cookie already holding an expiry past a JavaScript date does not make /api/session fail", async () => {
      s = await startSignin();
      expect((await s.signIn()).landed).toBe("/?oauth=granted");
      // A session sealed by a version before the cap: expiresAt = now + 1e16 ms.
      const codec = s.stack.proxy.deps.sessions;
      const host = new URL(s.stack.proxyServer.url).host;
      const key = `${host}|${codec.cookieName}`;
      const stored = codec.unseal(s.browser.cookies.get(key) ?? "");
      if (!stored?.tokens) throw new Error("no session cookie");
      const far = s.stack.clock.now() + 1e16;
      s.browser.cookies.set(
        key,
        codec.seal({ ...stored, tokens: { ...stored.tokens, expiresAt: far, renewAt: far } }),
      );
      const session = await s.session();
      expect(session.status).toBe(200);
      expect(session.json.signedIn).toBe(true);
    });
  });

  describe("(4) a token that cannot be sent in a header", () => {
    it.each([
      ["a newline in the access token", { access_token: "acc-x-0123456789\nX-Evil: 1" }, "access_token"],
      ["Persian letters in the access token", { access_token: "acc-x-0123456789توکن" }, "access_token"],
      ["a space in the access token", { access_token: "acc-x 0123456789" }, "access_token"],
      ["a newline in the refresh token", { refresh_token: "ref-x-0123456789\r\nX: 1" }, "refresh_token"],
    ])("%s fails the sign-in as upstream_invalid_response naming the field", async (_, change, field) => {
      s = await startSignin();
      s.platform.tokenNext(good(change));
      expect((await s.signIn()).landed).toBe("/?oauth=failed&oauth_error=upstream_invalid_response");
      expect(s.logged("token_exchange_failed")).toEqual([
        expect.objectContaining({ code: "upstream_invalid_response", status: 200, fields: field }),
      ]);
      expect((await s.session()).json.signedIn).toBe(false);
      // Nothing reached the API host with it.
      expect(s.platform.bearers).toEqual([]);
    });

    it("a refresh issuing such a token is a failed renewal: nothing sent, the session kept", async () => {
      s = await startSignin();
      s.platform.tokenNext(good({ expires_in: 60 }), good({ access_token: "acc-y-0123456789\nX-Evil: 1" }));
      expect((await s.signIn()).landed).toBe("/?oauth=granted");
      s.stack.clock.advance(60_000);
      const publish = await s.publish();
      expect(publish.status).toBe(503);
      const err = errorOf(publish.json);
      expect(err.code).toBe("refresh_failed");
      expect(err.message).toContain("access_token");
      expect(s.platform.count("POST /v2")).toBe(0);
      // The next publish renews with a good token and goes out once.
      expect((await s.publish()).status).toBe(200);
      expect(s.platform.count("POST /v2")).toBe(1);
    });
  });

  describe("(6) a failed sign-in says what failed, in the log too", () => {
    const cases: Array<[string, (t: Parameters<ReturnType<typeof good>>[0]) => TokenAnswer, string, object]> =
      [
        ["hangs", () => ({ hang: true }), "upstream_timeout", {}],
        [
          "answers 500",
          () => ({ status: 500, body: "oops", contentType: "text/plain" }),
          "upstream_server_error",
          { status: 500 },
        ],
        [
          "answers an HTML 200",
          () => ({ status: 200, body: "<html>maintenance</html>", contentType: "text/html" }),
          "upstream_invalid_response",
          { status: 200, reason: "not_json" },
        ],
        [
          "sends expires_in as a string",
          good({ expires_in: "3600" }),
          "upstream_invalid_response",
          { status: 200, fields: "expires_in" },
        ],
      ];
    it.each(cases)(
      "the token endpoint %s: redirected with the code, logged with what failed",
      async (_, answer, code, logs) => {
        s = await startSignin({ upstreamTimeoutMs: 1000 });
        s.platform.tokenNext(answer);
        expect((await s.signIn()).landed).toBe(`/?oauth=failed&oauth_error=${code}`);
        expect(s.logged("token_exchange_failed")).toEqual([expect.objectContaining({ code, ...logs })]);
        expect((await s.session()).json.signedIn).toBe(false);
      },
    );

    it.each([
      ["without scope", undefined],
      ["with a blank scope", ""],
      ["with a null scope (a gateway writing an unset field)", null],
    ])("a token answer %s is the requested scopes (RFC 6749 section 5.1)", async (_, scope) => {
      s = await startSignin();
      s.platform.tokenNext(good({ scope }));
      expect((await s.signIn()).landed).toBe("/?oauth=granted");
      const session = await s.session();
      expect(session.json.signedIn).toBe(true);
      expect([...session.json.scopes].sort()).toEqual([...SCOPE.split(" "), "offline_access"].sort());
      expect((await s.publish()).status).toBe(200);
    });

    it.each([
      ["null", null],
      ["blank", ""],
    ])(
      "a token answer with a %s refresh_token signs in without one: past the expiry, sign in again",
      async (_, refresh_token) => {
        s = await startSignin();
        s.platform.tokenNext(good({ refresh_token, expires_in: 60 }));
        expect((await s.signIn()).landed).toBe("/?oauth=granted");
        expect((await s.session()).json.signedIn).toBe(true);
        expect((await s.publish()).status).toBe(200);
        s.stack.clock.advance(60_000);
        const publish = await s.publish();
        expect(errorOf(publish.json).code).toBe("session_expired");
        // No refresh was tried with an empty refresh token.
        expect(s.platform.count("token refresh_token")).toBe(0);
      },
    );

    it("a refresh answer without scope keeps the scopes held", async () => {
      s = await startSignin();
      s.platform.tokenNext(good({ expires_in: 60 }), good({ scope: undefined }));
      expect((await s.signIn()).landed).toBe("/?oauth=granted");
      s.stack.clock.advance(60_000);
      expect((await s.publish()).status).toBe(200);
      expect(s.platform.count("token refresh_token")).toBe(1);
      expect((await s.session()).json.scopes).toContain(SCOPE.split(" ")[0]);
    });
  });
});
