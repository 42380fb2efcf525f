import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { autoSignIn, type Browser, POST_BODY, type Running, type Stack } from "./server-harness";
import type { createStrictUpstream } from "./server-strict-upstream";
import { closeStrictStack, publishPost, startStrictStack } from "./strict-stack";

const SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;
const DEADLINE_MS = 400;
const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

describe("proxy review, seventh session: the deadline after the upload, refresh failures are not sends", () => {
  let stack: Stack;
  let fake: ReturnType<typeof createStrictUpstream>;
  let fakeServer: Running;
  let browser: Browser;

  async function start(opts: Parameters<typeof createStrictUpstream>[0]): Promise<void> {
    ({ fake, fakeServer, stack, browser } = await startStrictStack(opts, DEADLINE_MS));
  }
  afterEach(() => closeStrictStack({ fake, fakeServer, stack, browser }));

  const publish = () => publishPost(stack, browser);
  const publishes = () => fake.calls.filter((c) => c.startsWith("POST /v2/open-platform/addons/post/"));
  const refreshes = () => fake.calls.filter((c) => c === "POST /oauth2/token").length;

  /** A publish whose body the browser sends in two parts, `pauseMs` apart (a slow upload). */
  function publishSlowly(pauseMs: number): Promise<{ status: number; text: string }> {
    const body = JSON.stringify(POST_BODY);
    const host = new URL(stack.proxyServer.url).host;
    const cookie = [...browser.cookies]
      .filter(([k]) => k.startsWith(`${host}|`))
      .map(([k, v]) => `${k.split("|")[1]}=${v}`)
      .join("; ");
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), cookie },
        },
        (res) => {
          let text = "";
          res.on("data", (d: Buffer) => {
            text += d.toString("utf8");
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), pauseMs);
    });
  }

  describe("1. the deadline counts from the first platform call, after the body has been read", () => {
    it.each([
      ["most of the deadline", DEADLINE_MS - 50],
      ["longer than the deadline", DEADLINE_MS + 200],
    ])("publishes a body whose upload took %s (the platform answering in 100 ms)", async (_, pauseMs) => {
      await start({});
      await autoSignIn(browser, stack, { scope: SCOPE });
      fake.answerNext({ status: 200, body: "{}", delayMs: 100 });
      const { status, text } = await publishSlowly(pauseMs);
      expect(status, text).toBe(200);
      expect(publishes()).toHaveLength(1);
    });
  });

  describe("2. a failed refresh says the sign-in was not renewed and nothing was published", () => {
    it.each([
      ["hangs", "hang" as const, "did not answer in time"],
      ["resets the connection after reading it", "reset" as const, "try again within 2 minutes"],
    ])(
      "the refresh grant %s: refresh_failed, the publish not sent, the session kept",
      async (_, mode, says) => {
        await start({ refreshTokens: true });
        await autoSignIn(browser, stack, { scope: SCOPE, offline: true });
        stack.clock.advance(3600 * 1000);
        fake.fault({ mode, pathPrefix: "/oauth2/token", count: 1 });
        const { res, text } = await publish();
        expect(res.status).toBe(503);
        const err = errorOf(text);
        expect(err.code).toBe("refresh_failed");
        expect(err.message).toContain("Your sign-in could not be renewed");
        expect(err.message).toContain(says);
        expect(err.message).toContain("Your request itself was not sent to the platform");
        expect(err.message).not.toMatch(/may still have applied|may or may not have been delivered/);
        expect(publishes()).toHaveLength(0);
        // Nothing was lost: the next publish renews the sign-in and goes out once.
        expect((await publish()).res.status).toBe(200);
        expect(publishes()).toHaveLength(1);
      },
    );
  });

  describe("3. only invalid_grant ends the session", () => {
    it.each([
      ["a gateway's 400 HTML page", 400, "<html><h1>400 Bad Request</h1></html>", "text/html", "HTTP 400"],
      [
        "400 invalid_request",
        400,
        JSON.stringify({ error: "invalid_request", error_description: "temporarily cannot parse" }),
        "application/json",
        "HTTP 400 (invalid_request)",
      ],
      [
        "401 invalid_client",
        401,
        JSON.stringify({ error: "invalid_client" }),
        "application/json",
        "refused the app's credentials (invalid_client); check APP_SLUG and APP_CLIENT_SECRET",
      ],
    ])(
      "a refresh answered by %s keeps the session; a later invalid_grant ends it",
      async (_, status, body, type, says) => {
        await start({ refreshTokens: true });
        await autoSignIn(browser, stack, { scope: SCOPE, offline: true });
        stack.clock.advance(3600 * 1000);
        fake.answerTokenNext({ status, body, headers: { "content-type": type } });
        const first = await publish();
        expect(first.res.status).toBe(503);
        const err = errorOf(first.text);
        expect(err.code).toBe("refresh_failed");
        expect(err.message).toContain(says);
        expect(err.upstreamStatus).toBe(status);
        expect(publishes()).toHaveLength(0);
        const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
        expect(session).toMatchObject({ signedIn: true, expired: false });
        const tokenCalls = refreshes();

        // The platform refusing the grant itself is final.
        stack.clock.advance(3600 * 1000);
        fake.answerTokenNext({
          status: 400,
          body: JSON.stringify({ error: "invalid_grant" }),
          headers: { "content-type": "application/json" },
        });
        const second = await publish();
        expect(second.res.status).toBe(401);
        expect(errorOf(second.text).code).toBe("session_expired");
        expect(refreshes()).toBe(tokenCalls + 1);
        expect(errorOf((await publish()).text).code).toBe("not_signed_in");
        expect(publishes()).toHaveLength(0);
      },
    );
  });

  describe("4. the early-renewal margin is at most a third of the token's life", () => {
    it("a 30-second token without a refresh token publishes at once, and expires 10 s early", async () => {
      await start({ expiresIn: 30 });
      expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
      const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
      expect(session).toMatchObject({ signedIn: true, expired: false, offline: false });
      expect((await publish()).res.status).toBe(200);
      stack.clock.advance(19 * 1000);
      expect((await publish()).res.status).toBe(200);
      stack.clock.advance(2 * 1000);
      const late = await publish();
      expect(late.res.status).toBe(401);
      expect(errorOf(late.text).code).toBe("session_expired");
      expect(publishes()).toHaveLength(2);
    });
  });
});
