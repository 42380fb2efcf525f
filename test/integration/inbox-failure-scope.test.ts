import { describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { openStore } from "../../src/server/store/open-store";
import type { Store } from "../../src/server/store/store";
import { autoSignIn, Browser, leakedSecrets, listen, POST_BODY, startStack } from "./server-harness";
import { createStrictUpstream } from "./server-strict-upstream";
import { chatEvent, deliver, inboxEntries, openStream, subscribe } from "./store-proxy-helpers";

// A renewal failure of a held subscription is shown live to the session whose subscription failed,
// and to no other: not only when it held the subscription as its stream opened (a user opens the
// Inbox first, then subscribes), and never to another session holding the same subscription.

const SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;
const SUBSCRIPTION = { event_type: "PAYMENT_TRANSACTION", event_resource_id: "shared-r1" };

async function inboxKinds(b: Browser, base: string): Promise<string[]> {
  return (await inboxEntries(b, base)).flatMap((e) => e.kind ?? []);
}

describe.each([
  ["the in-process inbox", false],
  ["the durable store", true],
])("a subscription's renewal failure reaches only its own session, on %s", (_name, withStore) => {
  it("a session that subscribed after opening its stream sees its failure; another session holding the same subscription does not", {
    timeout: 60_000,
  }, async () => {
    const store: Store | undefined = withStore
      ? await openStore({ location: { kind: "memory" }, retentionDays: 30 })
      : undefined;
    const fake = createStrictUpstream({ refreshTokens: true });
    const fakeServer = await listen((req, env) => fake.app.fetch(req, env));
    const stack = await startStack({
      platformUrl: fakeServer.url,
      upstreamTimeoutMs: 400,
      ...(store ? { proxy: { store } } : {}),
    });
    const base = stack.proxyServer.url;
    const a = new Browser();
    const b = new Browser();
    try {
      // B holds the subscription before its stream opens; A opens its stream first, then subscribes.
      await autoSignIn(b, stack, { scope: SCOPE, offline: true });
      await subscribe(b, stack.proxyServer.url, SUBSCRIPTION);
      const streamB = await openStream(b, base);
      await autoSignIn(a, stack, { scope: SCOPE, offline: true });
      const streamA = await openStream(a, base);
      try {
        await subscribe(a, stack.proxyServer.url, SUBSCRIPTION);
        // A's token expires; its publish refreshes it and re-creates A's subscription, which fails.
        stack.clock.advance(3600 * 1000);
        fake.fault({ mode: "reset", pathPrefix: "/v1/open-platform/events/subscriptions", count: 1 });
        const published = await a.fetch(`${base}/api/posts/${DEMO_POST_TOKEN}/addon`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(POST_BODY),
        });
        expect(published.res.status, published.text).toBe(200);
        await stack.proxy.deps.renewals.idle();
        expect(fake.faulted).toEqual(["POST /v1/open-platform/events/subscriptions"]);

        const [failure] = await streamA.takeEntries(1);
        expect(failure).toMatchObject({
          kind: "subscription_failed",
          subscription: SUBSCRIPTION,
          error: { code: expect.any(String), message: expect.any(String) },
        });
        // The session id stays on the server.
        expect(JSON.stringify(failure)).not.toContain('"sid"');

        // A delivery after the failure: the first (and only) thing B's stream sends is that delivery.
        expect(await deliver(base, chatEvent("after the failure"))).toBe(200);
        expect((await streamB.take(1)).map((m) => m.text)).toEqual(["after the failure"]);
        expect((await streamA.take(2)).map((m) => m.text)).toEqual([undefined, "after the failure"]);
      } finally {
        streamA.close();
        streamB.close();
      }
      // The history (where the in-process inbox keeps failures) is scoped the same way.
      expect(await inboxKinds(b, base)).not.toContain("subscription_failed");
      if (!withStore) expect(await inboxKinds(a, base)).toContain("subscription_failed");
      expect(fake.violations).toEqual([]);
      expect(leakedSecrets(stack, [...a.seen, ...b.seen], stack.logs)).toEqual([]);
    } finally {
      await stack.close();
      await fakeServer.close();
      await store?.close();
    }
  });
});
