import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { good, type Signin, startSignin } from "./signin-platform";

/**
 * A token endpoint that issues an access token too large for the session cookies (a big JWT): the
 * callback used to throw while sealing the session and answered the browser, which had navigated to
 * /oauth/callback, a bare JSON 400 "The request is malformed… Correct it and send it again", leaving
 * the user on that page instead of back in the editor with what failed.
 */
describe("a sign-in whose token cannot be kept in the session cookies", () => {
  let s: Signin | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it("returns to the editor as a failed sign-in, says why in the log, and keeps the user signed out", async () => {
    s = await startSignin();
    // Random (incompressible) visible ASCII: the sealed session needs more than its 3 cookies.
    s.platform.tokenNext(good({ access_token: randomBytes(12_000).toString("base64url") }));
    const { landed } = await s.signIn();
    expect(landed).toBe("/?oauth=failed&oauth_error=upstream_invalid_response");
    expect(s.logged("token_exchange_failed")).toEqual([
      expect.objectContaining({ code: "upstream_invalid_response", reason: "session_too_large" }),
    ]);
    expect((await s.session()).json.signedIn).toBe(false);
    // Nothing but the code exchange reached the platform: no GET /users with the token it dropped.
    expect(s.platform.calls).toEqual(["token authorization_code"]);
    // Signing in again with a token of usual size works.
    expect((await s.signIn()).landed).toBe("/?oauth=granted");
    expect((await s.publish()).status).toBe(200);
  });

  it("a refresh issuing such a token is a failed renewal saying why: nothing sent, the session kept", async () => {
    s = await startSignin();
    s.platform.tokenNext(
      good({ expires_in: 60 }),
      good({ access_token: randomBytes(12_000).toString("base64url") }),
    );
    expect((await s.signIn()).landed).toBe("/?oauth=granted");
    s.stack.clock.advance(60_000);
    const publish = await s.publish();
    // Before: 400 invalid_request "The request is malformed… Correct it and send it again", and
    // /api/session answered the same 400 while the failed refresh was shared.
    expect(publish.status).toBe(503);
    expect(publish.json.error.code).toBe("refresh_failed");
    expect(publish.json.error.message).toContain("too large");
    expect(s.platform.count("POST /v2")).toBe(0);
    expect(s.logged("token_refresh_failed")).toEqual([
      expect.objectContaining({ code: "upstream_invalid_response", reason: "session_too_large" }),
    ]);
    // The session is kept: the editor's status read renews it with a token of usual size...
    const session = await s.session();
    expect(session.status).toBe(200);
    expect(session.json.signedIn).toBe(true);
    // ...and the next publish goes out once.
    expect((await s.publish()).status).toBe(200);
    expect(s.platform.count("POST /v2")).toBe(1);
  });
});
