import { afterEach, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { SUBSCRIPTION_EXISTS } from "../../src/server/platform-client";
import { autoSignIn, Browser, leakedSecrets, listen, startStack } from "./server-harness";
import { createStrictUpstream } from "./server-strict-upstream";

// A platform that de-duplicates subscriptions answers 409 (gRPC ALREADY_EXISTS) to one it holds: to
// the user's own second subscribe, and to the proxy creating it again after a token refresh.

const SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;
const SUBSCRIPTION = { event_type: "PAYMENT_TRANSACTION", event_resource_id: "r-409" };
const EXISTS = { status: 409, body: JSON.stringify({ code: 6, message: "subscription already exists" }) };

describe("a subscription the platform already holds (409)", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function start() {
    const fake = createStrictUpstream({ refreshTokens: true });
    const fakeServer = await listen((req, env) => fake.app.fetch(req, env));
    const stack = await startStack({ platformUrl: fakeServer.url, upstreamTimeoutMs: 1000 });
    close = async () => {
      await stack.close();
      await fakeServer.close();
    };
    const browser = new Browser();
    await autoSignIn(browser, stack, { scope: SCOPE, offline: true });
    const base = stack.proxyServer.url;
    const subscribe = () =>
      browser.fetch(`${base}/api/subscriptions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(SUBSCRIPTION),
      });
    const held = async () =>
      JSON.parse((await browser.fetch(`${base}/api/subscriptions`)).text) as {
        subscriptions: { event_type: string; lastError: string | null }[];
      };
    return { fake, stack, browser, base, subscribe, held };
  }

  it("is held, and the answer says the platform had it already", async () => {
    const { fake, subscribe, held, stack, browser } = await start();
    fake.answerNext(EXISTS);
    const { res, text } = await subscribe();
    expect(res.status, text).toBe(200);
    const json = JSON.parse(text) as { ok: boolean; answerNote?: string; subscriptions: unknown[] };
    // With the platform's own words.
    expect(json.answerNote).toBe(`${SUBSCRIPTION_EXISTS} The platform said: subscription already exists`);
    expect((await held()).subscriptions.map((s) => s.event_type)).toEqual(["PAYMENT_TRANSACTION"]);
    expect(fake.calls.filter((c) => c === "POST /v1/open-platform/events/subscriptions")).toHaveLength(1);
    expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
  });

  it("a 409 that is not ALREADY_EXISTS (ABORTED: nothing was created) stays a failure", async () => {
    const { fake, subscribe, held } = await start();
    fake.answerNext({ status: 409, body: JSON.stringify({ code: 10, message: "aborted" }) });
    const { res } = await subscribe();
    expect(res.status).not.toBe(200);
    expect((await held()).subscriptions).toEqual([]);
  });

  it("created again after a refresh, it is not reported as failed", async () => {
    const { fake, subscribe, held, stack, browser, base } = await start();
    expect((await subscribe()).res.status).toBe(200);
    // The token expires; reading the session renews it and creates the held subscription again.
    stack.clock.advance(3600 * 1000);
    fake.answerNext(EXISTS);
    expect((await browser.fetch(`${base}/api/session`)).res.status).toBe(200);
    await stack.proxy.deps.renewals.idle();
    expect(fake.calls.filter((c) => c === "POST /v1/open-platform/events/subscriptions")).toHaveLength(2);
    expect(fake.calls).toContain("POST /oauth2/token");
    const after = await held();
    expect(after.subscriptions).toHaveLength(1);
    expect(after.subscriptions[0]?.lastError).toBeNull();
    expect(stack.logs.some((l) => l.includes("resubscribe_failed"))).toBe(false);
    expect(fake.violations).toEqual([]);
  });
});
