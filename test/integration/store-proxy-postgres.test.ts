import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { openStore } from "../../src/server/store/open-store";
import {
  type PostgresCluster,
  postgresUnavailableReason,
  startPostgresCluster,
} from "../helpers/postgres-cluster";
import { Browser, POST_BODY, signIn, startStack } from "./server-harness";
import {
  chatEvent,
  deliver,
  inboxTexts,
  openStream,
  secondInstance,
  shareCookies,
} from "./store-proxy-helpers";

// Two proxy instances on one PostgreSQL, over real HTTP, as behind a load balancer (docs/server.md).
// Skipped with the store tests' banner when PostgreSQL is absent (test/integration/store-postgres.test.ts).
const unavailable = postgresUnavailableReason();

describe.skipIf(unavailable !== undefined)("two proxy instances on one PostgreSQL", () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 60_000);
  afterAll(() => cluster?.stop());

  const open = () => openStore({ location: { kind: "postgres", url: cluster.url }, retentionDays: 30 });

  it("share events, history and sign-outs, and keep them across a restart", async () => {
    const storeA = await open();
    const storeB = await open();
    const stack = await startStack({ proxy: { store: storeA } });
    const a = stack.proxyServer.url;
    const b = await secondInstance(stack, storeB);
    try {
      const browser = new Browser();
      await signIn(browser, stack, ["USER_PHONE", `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`]);
      shareCookies(browser, a, b.server.url);

      // An event delivered to A reaches a stream open on B (LISTEN/NOTIFY).
      const stream = await openStream(browser, b.server.url);
      const text = `to A, streamed from B ${Date.now()}`;
      expect(await deliver(a, chatEvent(text))).toBe(200);
      expect((await stream.take(1))[0]?.text).toBe(text);
      stream.close();

      // A publish through A is in the history read from B.
      const sent = await browser.fetch(`${a}/api/posts/${DEMO_POST_TOKEN}/addon`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(POST_BODY),
      });
      expect(sent.res.status).toBe(200);
      const { historyId } = JSON.parse(sent.text);
      const history = JSON.parse((await browser.fetch(`${b.server.url}/api/history`)).text);
      expect(history.records.map((r: { id: number }) => r.id)).toContain(historyId);

      // Restart of B: a new store connection still finds the event.
      await b.close();
      await storeB.close();
      const storeB2 = await open();
      const b2 = await secondInstance(stack, storeB2);
      try {
        shareCookies(browser, a, b2.server.url);
        expect(await inboxTexts(browser, b2.server.url)).toContain(text);
        const health = await (await fetch(`${b2.server.url}/health`)).json();
        expect(health.store).toMatchObject({ kind: "postgres", reachable: true, changeFeed: "listening" });

        // A copy of the cookie kept before sign-out on A is refused by B.
        const copy = new Map(browser.cookies);
        const out = await browser.fetch(`${a}/api/session/signout`, { method: "POST" });
        expect(out.res.status).toBeLessThan(300);
        const thief = new Browser();
        thief.cookies = copy;
        await expect
          .poll(async () => (await thief.fetch(`${b2.server.url}/api/history`)).res.status)
          .toBe(401);
      } finally {
        await b2.close();
        await storeB2.close();
      }
    } finally {
      await stack.close();
      await storeA.close();
    }
  }, 60_000);

  it("answers 503 to an event while PostgreSQL is down, /health says so, and the event reaches the inbox once it is back", async () => {
    const store = await open();
    const stack = await startStack({ proxy: { store } });
    const base = stack.proxyServer.url;
    try {
      const browser = new Browser();
      await signIn(browser, stack, ["USER_PHONE"]);
      cluster.pause();
      try {
        expect(await deliver(base, chatEvent("while the server is down"))).toBe(503);
        expect((await fetch(`${base}/health`)).status).toBe(503);
      } finally {
        cluster.resume();
      }
      await expect.poll(async () => (await fetch(`${base}/health`)).status).toBe(200);
      // Kept (the platform's retries are not documented) and stored once the server answers.
      await expect
        .poll(() => inboxTexts(browser, base), { timeout: 20_000, interval: 500 })
        .toContain("while the server is down");
    } finally {
      await stack.close();
      await store.close();
    }
  }, 60_000);
});
