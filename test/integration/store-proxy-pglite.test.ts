import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { openStore } from "../../src/server/store/open-store";
import { type Store, StoreError } from "../../src/server/store/store";
import { Browser, POST_BODY, signIn, startStack } from "./server-harness";
import {
  chatEvent,
  deliver,
  inboxEntries,
  inboxTexts,
  openStream,
  secondInstance,
  shareCookies,
} from "./store-proxy-helpers";

// The proxy on the embedded store (PGlite), over real HTTP: what a single `npx addon-studio studio` keeps.
// Opening PGlite takes seconds on a loaded machine, hence the long timeouts (no timed assertion).
const root = mkdtempSync(join(tmpdir(), "addon-studio-proxy-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SCOPES = ["USER_PHONE", `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`];

const publish = (browser: Browser, base: string, title: string) =>
  browser.fetch(`${base}/api/posts/${DEMO_POST_TOKEN}/addon`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ widgets: [{ title_row: { text: title } }, ...POST_BODY.widgets.slice(1)] }),
  });

describe("the proxy on the embedded store", () => {
  it("keeps publish history (for every browser of the user) and events across a restart", async () => {
    const dataDir = join(root, "restart");
    const location = { kind: "pglite", dataDir } as const;
    const first = await openStore({ location, retentionDays: 30 });
    const stack = await startStack({ proxy: { store: first } });
    const base = stack.proxyServer.url;
    try {
      const a = new Browser();
      await signIn(a, stack, SCOPES);
      const sent = await publish(a, base, "published before the restart");
      expect(sent.res.status).toBe(200);
      expect(JSON.parse(sent.text)).toMatchObject({ ok: true, historyId: expect.any(Number) });
      expect(await deliver(base, chatEvent("delivered before the restart"))).toBe(200);

      // A second browser of the same platform user sees the publish (the history is the proxy's).
      const b = new Browser();
      await signIn(b, stack, ["USER_PHONE"]);
      const history = JSON.parse((await b.fetch(`${base}/api/history`)).text);
      expect(history.records).toHaveLength(1);
      expect(history.records[0]).toMatchObject({
        operation: "publish",
        target: { kind: "post_addon", ref: "post_token", id: DEMO_POST_TOKEN },
        result: { ok: true, status: 200 },
      });
      expect(JSON.stringify(history.records[0].body)).toContain("published before the restart");

      // Restart: the store is closed with the process and opened again on the same folder.
      await stack.proxyServer.close();
      await first.close();
      const second = await openStore({ location, retentionDays: 30 });
      const again = await secondInstance(stack, second);
      try {
        shareCookies(b, base, again.server.url);
        expect(await inboxTexts(b, again.server.url)).toEqual(["delivered before the restart"]);
        const after = JSON.parse((await b.fetch(`${again.server.url}/api/history`)).text);
        expect(after.records.map((r: { id: number }) => r.id)).toEqual([history.records[0].id]);
        const health = await fetch(`${again.server.url}/health`);
        expect(health.status).toBe(200);
        expect((await health.json()).store).toMatchObject({ kind: "pglite", reachable: true });
      } finally {
        await again.close();
        await second.close();
      }
    } finally {
      await stack.close();
    }
  }, 120_000);

  it("holds a subscription made in one browser for the user's next sign-in in another, until stopped", async () => {
    const store = await openStore({ location: { kind: "memory" }, retentionDays: 30 });
    const stack = await startStack({ proxy: { store } });
    const base = stack.proxyServer.url;
    const held = async (b: Browser) =>
      (
        JSON.parse((await b.fetch(`${base}/api/subscriptions`)).text) as {
          subscriptions: { event_type: string }[];
        }
      ).subscriptions.map((s) => s.event_type);
    try {
      const a = new Browser();
      await signIn(a, stack, ["USER_PHONE", "USER_POSTS_GET"]);
      const sub = await a.fetch(`${base}/api/subscriptions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event_type: "POST_UPDATE" }),
      });
      expect(sub.res.status).toBe(200);
      const b = new Browser();
      await signIn(b, stack, ["USER_PHONE", "USER_POSTS_GET"]);
      expect(await held(b)).toEqual(["POST_UPDATE"]);

      const stop = await b.fetch(`${base}/api/subscriptions?event_type=POST_UPDATE`, { method: "DELETE" });
      expect(stop.res.status).toBe(200);
      const c = new Browser();
      await signIn(c, stack, ["USER_PHONE", "USER_POSTS_GET"]);
      expect(await held(c)).toEqual([]);
    } finally {
      await stack.close();
      await store.close();
    }
  }, 120_000);

  it("answers 503 to an event it cannot store, shows nothing, and takes the platform's next delivery", async () => {
    const store = await openStore({ location: { kind: "memory" }, retentionDays: 30 });
    let down = false;
    const flaky: Store = new Proxy(store, {
      get(target, key, receiver) {
        if (key === "insertEvent" && down)
          return () => Promise.reject(new StoreError("unavailable", "the store cannot be reached (test)"));
        return Reflect.get(target, key, receiver);
      },
    });
    const stack = await startStack({ proxy: { store: flaky } });
    const base = stack.proxyServer.url;
    try {
      const browser = new Browser();
      await signIn(browser, stack, ["USER_PHONE"]);
      down = true;
      const refused = await fetch(`${base}/platform/events`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: stack.emulator.state.app.identificationKey,
        },
        body: JSON.stringify(chatEvent("while down")),
      });
      expect(refused.status).toBe(503);
      // Words that fit a read as well as a delivery ("Nothing was recorded; send it again" did not).
      expect((await refused.json()).error).toMatchObject({
        code: "store_unavailable",
        message: expect.stringContaining("This request was not completed: try it again in a moment"),
      });
      expect(await inboxTexts(browser, base)).toEqual([]);
      down = false;
      expect(await deliver(base, chatEvent("while down"))).toBe(200);
      expect(await inboxTexts(browser, base)).toEqual(["while down"]);
    } finally {
      await stack.close();
      await store.close();
    }
  }, 120_000);

  it(
    "keeps an event whose post token the database cannot index (a NUL) as it came, and answers 200",
    () =>
      onMemoryStore(async ({ base, browser }) => {
        const odd = chatEvent("a NUL in its post token");
        odd.new_message.conversation.post_token = `${DEMO_POST_TOKEN}\u0000x`;
        expect(await deliver(base, odd)).toBe(200);
        const entries = await inboxEntries(browser, base);
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          kind: "unread_event",
          body: odd,
          problems: [expect.stringContaining("could not be stored as read")],
        });
        // The next delivery is stored as read, as always.
        expect(await deliver(base, chatEvent("the next one"))).toBe(200);
        expect(await inboxTexts(browser, base)).toEqual(["the next one"]);
      }),
    120_000,
  );

  it("answers a publish before its record is written; a write that fails is logged, the publish never sent again", async () => {
    const store = await openStore({ location: { kind: "memory" }, retentionDays: 30 });
    // The write fails after the answer (the database went away once the id was assigned).
    const failing: Store = new Proxy(store, {
      get(target, key, receiver) {
        if (key === "queuePublish")
          return async (input: Parameters<Store["queuePublish"]>[0]) => ({
            record: (await target.queuePublish(input)).record,
            written: Promise.reject(new StoreError("unavailable", "the store cannot be reached (test)")),
          });
        // The record's outcome, written once the platform answered, fails the same way.
        if (key === "settlePublish")
          return async () => {
            throw new StoreError("unavailable", "the store cannot be reached (test)");
          };
        return Reflect.get(target, key, receiver);
      },
    });
    const stack = await startStack({ proxy: { store: failing } });
    const base = stack.proxyServer.url;
    try {
      const browser = new Browser();
      await signIn(browser, stack, SCOPES);
      const sent = await publish(browser, base, "record lost");
      expect(sent.res.status).toBe(200);
      expect(JSON.parse(sent.text)).toMatchObject({ ok: true, historyId: expect.any(Number) });
      await vi.waitFor(() => expect(stack.logs.join("\n")).toContain('"event":"record_failed"'));
      const line = stack.logs.find((l) => l.includes("record_failed")) ?? "";
      expect(JSON.parse(line)).toMatchObject({
        operation: "publish",
        reason: "unavailable",
        after: "answer",
      });
      expect(line).not.toContain("record lost");
      expect(stack.upstream.filter((u) => u.startsWith("POST ") && u.includes("/addons/post/"))).toHaveLength(
        1,
      );
    } finally {
      await stack.close();
      await store.close();
    }
  }, 120_000);

  it(
    "replays what a reconnecting stream missed after Last-Event-ID, then streams live, each once",
    () =>
      onMemoryStore(async ({ store, base, browser }) => {
        for (const t of ["one", "two", "three"]) expect(await deliver(base, chatEvent(t))).toBe(200);
        const ids = (await store.listEvents()).items.map((e) => e.id).reverse();
        const stream = await openStream(browser, base, ids[0]);
        expect(await stream.take(2)).toEqual([
          { id: String(ids[1]), text: "two" },
          { id: String(ids[2]), text: "three" },
        ]);
        expect(await deliver(base, chatEvent("four"))).toBe(200);
        const all = await stream.take(3);
        expect(all[2]?.text).toBe("four");
        stream.close();

        // History pages back and filters by type and resource.
        expect(await inboxTexts(browser, base, "?limit=2")).toEqual(["three", "four"]);
        const page = JSON.parse((await browser.fetch(`${base}/api/inbox?limit=2`)).text);
        expect(await inboxTexts(browser, base, `?limit=2&before=${page.nextBefore}`)).toEqual(["one", "two"]);
        expect(await inboxTexts(browser, base, `?type=NEW_MESSAGE&resource=${DEMO_POST_TOKEN}`)).toHaveLength(
          4,
        );
        expect(await inboxTexts(browser, base, "?type=POST_UPDATE")).toEqual([]);
      }),
    120_000,
  );
});

/** A proxy on an in-memory store with one browser signed in (USER_PHONE), closed after `run`. */
async function onMemoryStore(
  run: (s: { store: Store; base: string; browser: Browser }) => Promise<void>,
): Promise<void> {
  const store = await openStore({ location: { kind: "memory" }, retentionDays: 30 });
  const stack = await startStack({ proxy: { store } });
  try {
    const browser = new Browser();
    await signIn(browser, stack, ["USER_PHONE"]);
    await run({ store, base: stack.proxyServer.url, browser });
  } finally {
    await stack.close();
    await store.close();
  }
}
