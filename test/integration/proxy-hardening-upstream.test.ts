import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { autoSignIn, Browser, type Running, type Stack } from "./server-harness";
import type { createStrictUpstream } from "./server-strict-upstream";
import { closeStrictStack, publishPost, startStrictStack } from "./strict-stack";

const SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;
const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

describe("proxy hardening against the strict fake platform (issue 11)", () => {
  let stack: Stack;
  let fake: ReturnType<typeof createStrictUpstream>;
  let fakeServer: Running;
  let browser: Browser;

  beforeEach(async () => {
    ({ fake, fakeServer, stack, browser } = await startStrictStack({ refreshTokens: true }, 400));
  });
  afterEach(() => closeStrictStack({ fake, fakeServer, stack, browser }));

  const publish = (b = browser) => publishPost(stack, b);
  const publishes = () => fake.calls.filter((c) => c.startsWith("POST /v2/open-platform/addons/post/"));

  describe("1. a request the platform may have read is never sent again", () => {
    it("a publish reset after the platform read it (on a kept-alive connection) is sent once and reported as maybe delivered", async () => {
      await autoSignIn(browser, stack, { scope: SCOPE });
      // A first publish leaves a kept-alive connection to the platform for the next one to reuse.
      expect((await publish()).res.status).toBe(200);
      fake.fault({ mode: "reset", pathPrefix: "/v2/open-platform/addons/post/", count: 1 });
      const { res, text } = await publish();
      expect(res.status).toBe(502);
      const err = errorOf(text);
      expect(err.code).toBe("upstream_outcome_unknown");
      expect(err.message).toContain("may or may not have been delivered");
      expect(err.message).toContain("It was not sent again");
      expect(fake.faulted).toEqual([`POST /v2/open-platform/addons/post/${DEMO_POST_TOKEN}`]);
      expect(publishes()).toHaveLength(2);
      // The next publish goes out on a new connection, once.
      expect((await publish()).res.status).toBe(200);
      expect(publishes()).toHaveLength(3);
    });

    it("a chat message reset after the platform read it is sent once and reported as maybe delivered", async () => {
      await autoSignIn(browser, stack, { scope: "CONVERSATION_SEND_MESSAGE.conv-1" });
      const send = () =>
        browser.fetch(`${stack.proxyServer.url}/api/conversations/conv-1/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ type: "TEXT", message: "سلام" }),
        });
      expect((await send()).res.status).toBe(200);
      fake.fault({ mode: "reset", pathPrefix: "/v2/open-platform/conversations/", count: 1 });
      const { res, text } = await send();
      expect(res.status).toBe(502);
      expect(errorOf(text).code).toBe("upstream_outcome_unknown");
      expect(fake.calls.filter((c) => c.endsWith("/conversations/conv-1/messages"))).toHaveLength(2);
    });

    it("a code exchange reset after the token endpoint read it is sent once, and the user is not told the credentials are wrong", async () => {
      fake.fault({ mode: "reset", pathPrefix: "/oauth2/token", count: 1 });
      const landed = await autoSignIn(browser, stack, { scope: SCOPE });
      expect(landed).toContain("oauth=failed");
      expect(landed).toContain("oauth_error=upstream_outcome_unknown");
      expect(fake.calls.filter((c) => c === "POST /oauth2/token")).toHaveLength(1);
      const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
      expect(session.signedIn).toBe(false);
    });
  });

  describe("6. a hanging platform does not stall a publish", () => {
    it("re-creates held subscriptions in the background after a refresh; the publish answers while they hang, and their failures reach the inbox", async () => {
      await autoSignIn(browser, stack, { scope: SCOPE, offline: true });
      for (const id of ["r1", "r2", "r3", "r4"]) {
        const { res } = await browser.fetch(`${stack.proxyServer.url}/api/subscriptions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ event_type: "PAYMENT_TRANSACTION", event_resource_id: id }),
        });
        expect(res.status).toBe(200);
      }
      stack.clock.advance(3600 * 1000);
      fake.fault({ mode: "hang", pathPrefix: "/v1/open-platform/events/subscriptions" });
      const { res } = await publish();
      expect(res.status).toBe(200);
      // Answered while the platform still held every re-subscription: none was waited for.
      expect(fake.held).toHaveLength(4);
      expect(fake.calls).toContain("POST /oauth2/token");
      await stack.proxy.deps.renewals.idle();
      const inbox = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/inbox`)).text);
      const failures = inbox.entries.filter((e: { kind: string }) => e.kind === "subscription_failed");
      expect(
        failures
          .map((e: { subscription: { event_resource_id: string } }) => e.subscription.event_resource_id)
          .sort(),
      ).toEqual(["r1", "r2", "r3", "r4"]);
      expect(failures[0].error.code).toBe("upstream_timeout");
      // The session's list records them too, from its next read on.
      const held = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/subscriptions`)).text);
      expect(held.subscriptions.map((s: { lastError: string | null }) => s.lastError)).toEqual(
        Array(4).fill("upstream_timeout"),
      );
    });

    it("stops a publish at the request's deadline when the platform hangs, sending it once", async () => {
      await autoSignIn(browser, stack, { scope: SCOPE });
      fake.fault({ mode: "hang", pathPrefix: "/v2/open-platform/addons/post/" });
      const { res, text } = await publish();
      expect(res.status).toBe(504);
      expect(errorOf(text).code).toBe("upstream_timeout");
      expect(publishes()).toHaveLength(1);
    });
  });

  describe("7. sign-out ends the session", () => {
    const copyOf = (b: Browser) => {
      const copy = new Browser();
      copy.cookies = new Map(b.cookies);
      return copy;
    };

    it("a cookie copied before sign-out no longer publishes afterwards", async () => {
      await autoSignIn(browser, stack, { scope: SCOPE });
      const thief = copyOf(browser);
      expect((await publish(thief)).res.status).toBe(200);
      const out = await browser.fetch(`${stack.proxyServer.url}/api/session/signout`, { method: "POST" });
      expect(out.res.status).toBe(200);
      const before = publishes().length;
      const { res, text } = await publish(thief);
      expect(res.status).toBe(401);
      expect(errorOf(text).code).toBe("not_signed_in");
      expect(publishes()).toHaveLength(before);
      thief.seen.length = 0;
    });

    it("sign out everywhere ends every session issued before it; signing in again works", async () => {
      await autoSignIn(browser, stack, { scope: SCOPE });
      const other = new Browser();
      await autoSignIn(other, stack, { scope: SCOPE });
      expect((await publish(other)).res.status).toBe(200);
      const anonymous = await new Browser().fetch(`${stack.proxyServer.url}/api/session/signout-everywhere`, {
        method: "POST",
      });
      expect(anonymous.res.status).toBe(401);
      const out = await browser.fetch(`${stack.proxyServer.url}/api/session/signout-everywhere`, {
        method: "POST",
      });
      expect(out.res.status).toBe(200);
      expect((await publish(other)).res.status).toBe(401);
      expect((await publish()).res.status).toBe(401);
      stack.clock.advance(1000);
      await autoSignIn(other, stack, { scope: SCOPE });
      expect((await publish(other)).res.status).toBe(200);
      other.seen.length = 0;
    });
  });
});
