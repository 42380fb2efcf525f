import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/server/store/store";
import {
  CONVERSATION,
  memoryStorePerFile,
  SCOPE,
  type ScriptedPlatform,
  scriptedPlatform,
} from "./scripted-platform";
import { autoSignIn, Browser, leakedSecrets, type Stack, startStack } from "./server-harness";

/**
 * A store whose `methods` hang until `release()` (or 4 s), as a PostgreSQL server that stopped
 * answering holds a query for its 15 s timeout; everything else goes to the real (in-memory) store.
 */
function hanging(
  store: Store,
  methods: ReadonlyArray<"queuePublish" | "listHeldSubscriptions" | "putHeldSubscription">,
): { store: Store; release(): void } {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 4000);
  });
  const wrapped: Store = { ...store };
  if (methods.includes("queuePublish"))
    wrapped.queuePublish = async (input) => {
      await answered;
      return store.queuePublish(input);
    };
  if (methods.includes("listHeldSubscriptions"))
    wrapped.listHeldSubscriptions = async (userId) => {
      await answered;
      return store.listHeldSubscriptions(userId);
    };
  if (methods.includes("putHeldSubscription"))
    wrapped.putHeldSubscription = async (userId, subscription) => {
      await answered;
      return store.putHeldSubscription(userId, subscription);
    };
  return { store: wrapped, release };
}

/**
 * Review 2, defect 2: what the platform already did waited for a store that hangs. A send's answer
 * waited for its history record's id, a subscription's answer for the write that shares it with the
 * user's other browsers, and a sign-in for the read of the subscriptions held elsewhere: each as long
 * as the store did (up to PostgreSQL's 15 s query timeout).
 */
describe("a store that hangs does not hold an answer the platform already gave", () => {
  const opened = memoryStorePerFile();
  let platform: ScriptedPlatform | undefined;
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    await platform?.close();
  });

  async function start(methods: Parameters<typeof hanging>[1]) {
    platform = await scriptedPlatform();
    const store = hanging(opened(), methods);
    stack = await startStack({
      platformUrl: platform.url,
      upstreamTimeoutMs: 3000,
      proxy: { store: store.store },
    });
    return { platform, stack, release: store.release, browser: new Browser() };
  }
  /** Runs `fn`, returning its value and how long it took in ms. */
  async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
    const started = performance.now();
    const value = await fn();
    return [value, performance.now() - started];
  }

  it("answers a chat send within about a second, says the record is still being added, and the record follows once the store answers", async () => {
    const { platform, stack, release, browser } = await start(["queuePublish"]);
    expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
    const [{ res, text }, took] = await timed(() =>
      browser.fetch(`${stack.proxyServer.url}/api/conversations/${CONVERSATION}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "TEXT", message: "salam" }),
      }),
    );
    expect(res.status).toBe(200);
    expect(took).toBeLessThan(2500);
    const answer = JSON.parse(text);
    expect(answer).toMatchObject({ ok: true, result: { status: "SENT" } });
    expect(answer).not.toHaveProperty("historyId");
    expect(answer.historyError).toContain("It was sent");
    expect(answer.historyError).toContain("still being added");
    expect(platform.count("/messages")).toBe(1);

    // The store answers: the record is added, once, and the send was never repeated.
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const history = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/history`)).text);
    expect(history.records).toHaveLength(1);
    expect(history.records[0]).toMatchObject({ operation: "send", result: { ok: true } });
    expect(platform.count("/messages")).toBe(1);
    expect(stack.logs.join("\n")).not.toContain("record_failed");
    expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
  }, 20_000);

  it("completes a sign-in within about a second when the held subscriptions cannot be read, saying so in the log", async () => {
    const { stack, browser } = await start(["listHeldSubscriptions"]);
    const [landed, took] = await timed(() => autoSignIn(browser, stack, { scope: SCOPE }));
    expect(landed).toBe("/?oauth=granted");
    expect(took).toBeLessThan(2500);
    expect(stack.logs.join("\n")).toContain('"event":"held_subscriptions_not_read","reason":"timeout"');
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session).toMatchObject({ signedIn: true });
    expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
  }, 20_000);

  it("answers a subscription the platform created within about a second; the store holds it once it answers", async () => {
    const { platform, stack, release, browser } = await start(["putHeldSubscription"]);
    expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
    const subscription = { event_type: "PAYMENT_TRANSACTION", event_resource_id: "r-hang" };
    const [{ res, text }, took] = await timed(() =>
      browser.fetch(`${stack.proxyServer.url}/api/subscriptions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(subscription),
      }),
    );
    expect(res.status, text).toBe(200);
    expect(took).toBeLessThan(2500);
    expect(JSON.parse(text)).toMatchObject({ ok: true, subscriptions: [subscription] });
    expect(platform.count("/events/subscriptions")).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const held = await opened().listHeldSubscriptions("phone:09120000001");
    expect(held).toEqual([expect.objectContaining(subscription)]);
    expect(platform.count("/events/subscriptions")).toBe(1);
    expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
  }, 20_000);
});
