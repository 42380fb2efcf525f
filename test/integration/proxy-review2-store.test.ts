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
 * A store whose record ids hang until `release()` (or 4 s), as a PostgreSQL server that stopped
 * answering holds the nextval round trip for its 15 s query timeout; everything else goes to the
 * real (in-memory) store.
 */
function hangingIds(store: Store): { store: Store; release(): void } {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 4000);
  });
  const wrapped: Store = {
    ...store,
    queuePublish: async (input) => {
      await answered;
      return store.queuePublish(input);
    },
  };
  return { store: wrapped, release };
}

/**
 * Review 2, defect 2: the platform has answered a send, but the publish record's id comes from a
 * store that hangs. The browser waited as long as the store did (up to PostgreSQL's 15 s query
 * timeout) for an answer the platform had already given.
 */
describe("a store that hangs does not hold the answer of a send the platform accepted", () => {
  const opened = memoryStorePerFile();
  let platform: ScriptedPlatform | undefined;
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    await platform?.close();
  });

  it("answers the chat send within about a second, says the record is still being added, and the record arrives once the store answers", async () => {
    platform = await scriptedPlatform();
    const hanging = hangingIds(opened());
    stack = await startStack({
      platformUrl: platform.url,
      upstreamTimeoutMs: 3000,
      proxy: { store: hanging.store },
    });
    const browser = new Browser();
    expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
    const started = performance.now();
    const { res, text } = await browser.fetch(
      `${stack.proxyServer.url}/api/conversations/${CONVERSATION}/messages`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "TEXT", message: "salam" }),
      },
    );
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    expect(took).toBeLessThan(2500);
    const answer = JSON.parse(text);
    expect(answer).toMatchObject({ ok: true, result: { status: "SENT" } });
    expect(answer).not.toHaveProperty("historyId");
    expect(answer.historyError).toContain("It was sent");
    expect(answer.historyError).toContain("still being added");
    expect(platform.count("/messages")).toBe(1);

    // The store answers: the record is added, once, and the send was never repeated.
    hanging.release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const history = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/history`)).text);
    expect(history.records).toHaveLength(1);
    expect(history.records[0]).toMatchObject({ operation: "send", result: { ok: true } });
    expect(platform.count("/messages")).toBe(1);
    expect(stack.logs.join("\n")).not.toContain("record_failed");
    expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
  }, 20_000);
});
