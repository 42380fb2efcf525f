import { afterEach, describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { type Store, StoreError } from "../../src/server/store/store";
import { memoryStorePerFile } from "./scripted-platform";
import { type Stack, startStack } from "./server-harness";

const POST = "gZ3kQx9aB1cD";

/**
 * Review 2, defect 4: the start address (spec 4.11) is the user's way from the platform into the
 * studio: the platform asks, the user waits, and the answer is the address the browser opens. It was
 * answered only once its inbox entry was stored, so with the store down the user met a 503 on the
 * platform and could not open the app at all, and with a store that hung, waited as long as it did.
 */
describe("the start address answers the user's way in whatever becomes of its inbox entry", () => {
  const opened = memoryStorePerFile();
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  async function startWith(insertEvent: Store["insertEvent"]) {
    stack = await startStack({ proxy: { store: { ...opened(), insertEvent } } });
    return stack;
  }
  const askStart = (s: Stack) =>
    fetch(`${s.proxyServer.url}/platform/start`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: DEMO_APP.identificationKey,
        "API-Version": "2",
      },
      body: JSON.stringify({ post_token: POST, user_side: "supply", source: "POST_ADDON" }),
    });

  it("answers the address when the store cannot be reached, and logs that the entry was not stored", async () => {
    const s = await startWith(async () => {
      throw new StoreError("unavailable", "Could not store the event: the database is down.");
    });
    const res = await askStart(s);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${s.proxyServer.url}/?post_token=${POST}` });
    const line = s.logs.map((l) => JSON.parse(l)).find((l) => l.event === "delivery_not_stored");
    expect(line).toMatchObject({ path: "/platform/start", reason: "unavailable" });
  });

  it("answers the address within about a second when the store hangs; the entry is stored once it answers", async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 4000);
    });
    const store = opened();
    const s = await startWith(async (delivery, receivedAt) => {
      await answered;
      return store.insertEvent(delivery, receivedAt);
    });
    const started = performance.now();
    const res = await askStart(s);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2500);
    expect(await res.json()).toEqual({ url: `${s.proxyServer.url}/?post_token=${POST}` });
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { items } = await store.listEvents({ type: "START_REQUEST" });
    expect(items).toEqual([expect.objectContaining({ kind: "start_request" })]);
    expect(s.logs.join("\n")).not.toContain("delivery_not_stored");
  }, 20_000);
});
