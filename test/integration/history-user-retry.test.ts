import { afterEach, describe, expect, it } from "vitest";
import { IDENTIFY_RETRY_MS } from "../../src/server/history-user";
import { type Store, StoreError } from "../../src/server/store/store";
import {
  type Answer,
  memoryStorePerFile,
  POST_TOKEN,
  raw,
  SCOPE,
  type ScriptedPlatform,
  scriptedPlatform,
} from "./scripted-platform";
import { autoSignIn, Browser, type Stack, startStack } from "./server-harness";

// A session whose sign-in could not read GET /users (docs/decisions.md, "History user named after a
// failed sign-in read"): it tries again later, and its records move to the user once named.

const phonesOf = (phone: string): Answer => raw(200, JSON.stringify({ phone_numbers: [phone] }));
const unavailable: Answer = raw(503, JSON.stringify({ error: "down" }));
/** Answers after `ms` (a platform that hangs for longer than a publish may wait). */
const slowly =
  (ms: number, answer: Answer): Answer =>
  async (req, res) => {
    await new Promise((r) => setTimeout(r, ms));
    if (!res.destroyed) await answer(req, res);
  };

const opened = memoryStorePerFile();
/** How many moves the store refuses before it works again. */
let failMoves = 0;
/** The shared store, with movePublishes failing while `failMoves` > 0. */
const store = (): Store => {
  return new Proxy(opened(), {
    get(target, key, receiver) {
      if (key === "movePublishes" && failMoves > 0) {
        failMoves--;
        return () => Promise.reject(new StoreError("unavailable", "the store cannot be reached (test)"));
      }
      return Reflect.get(target, key, receiver);
    },
  });
};

let phoneCounter = 0;
/** A phone of its own for each test (the store is shared by the file's tests). */
const newPhone = () => `0912${String(Date.now() % 1_000_000).padStart(6, "0")}${++phoneCounter}`;

describe("the history user of a sign-in whose GET /users failed", () => {
  let platform: ScriptedPlatform;
  let stack: Stack;
  afterEach(async () => {
    failMoves = 0;
    await stack?.close();
    await platform?.close();
  });

  const start = async () => {
    platform = await scriptedPlatform();
    stack = await startStack({
      platformUrl: platform.url,
      upstreamTimeoutMs: 3000,
      proxy: { store: store() },
    });
  };
  const signIn = async (browser: Browser, users: Answer) => {
    platform.next(users);
    expect(await autoSignIn(browser, stack, { scope: SCOPE, offline: true })).toBe("/?oauth=granted");
  };
  const publish = async (browser: Browser, text: string, ...then: Answer[]) => {
    platform.next(raw(200, "{}"), ...then);
    const t0 = performance.now();
    const { res, text: body } = await browser.fetch(
      `${stack.proxyServer.url}/api/posts/${POST_TOKEN}/addon`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ widgets: [{ title_row: { text } }] }),
      },
    );
    return { status: res.status, json: JSON.parse(body), ms: performance.now() - t0 };
  };
  const titles = async (browser: Browser, ...users: Answer[]): Promise<string[]> => {
    platform.next(...users);
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/history`);
    expect(res.status).toBe(200);
    const records: Array<{ body: { widgets: Array<{ title_row: { text: string } }> } }> =
      JSON.parse(text).records;
    return records.map((r) => r.body.widgets[0]?.title_row.text ?? "");
  };
  const usersReads = () => platform.count("GET /v1/open-platform/users");
  const logged = (event: string) => stack.logs.filter((l) => l.includes(`"event":"${event}"`));

  it("reads GET /users again on a history read after the interval, and the records move to the phone", async () => {
    await start();
    const phone = newPhone();
    const a = new Browser();
    await signIn(a, unavailable);
    expect((await publish(a, "before")).status).toBe(200);
    expect(await titles(a)).toEqual(["before"]);
    // Within the interval the platform is not asked again.
    stack.clock.advance(IDENTIFY_RETRY_MS - 1000);
    expect(await titles(a)).toEqual(["before"]);
    expect(usersReads()).toBe(1);

    stack.clock.advance(1000);
    expect(await titles(a, phonesOf(phone))).toEqual(["before"]);
    expect(usersReads()).toBe(2);
    expect(logged("history_moved")).toHaveLength(1);
    // The session is now the phone's: a new record joins them, and the platform is not asked again.
    expect((await publish(a, "after")).status).toBe(200);
    expect(await titles(a)).toEqual(["after", "before"]);
    expect(usersReads()).toBe(2);

    // The same person signing in elsewhere (named at sign-in) sees both; another person sees neither.
    const b = new Browser();
    await signIn(b, phonesOf(phone));
    expect(await titles(b)).toEqual(["after", "before"]);
    const other = new Browser();
    await signIn(other, phonesOf(newPhone()));
    expect(await titles(other)).toEqual([]);
  }, 120_000);

  it("on a send, waits at most about a second for a hanging platform, then tries again after the interval", async () => {
    await start();
    const phone = newPhone();
    const a = new Browser();
    await signIn(a, unavailable);
    expect((await publish(a, "first")).status).toBe(200);

    stack.clock.advance(IDENTIFY_RETRY_MS);
    const waited = await publish(a, "second", slowly(2800, phonesOf(phone)));
    expect(waited.status).toBe(200);
    expect(waited.json).toMatchObject({ ok: true, historyId: expect.any(Number) });
    expect(waited.ms).toBeLessThan(2400);
    expect(logged("user_not_identified").at(-1)).toContain("waited_too_long");

    // Still the sign-in's key: the next send within the interval does not ask.
    expect((await publish(a, "third")).status).toBe(200);
    expect(usersReads()).toBe(2);
    stack.clock.advance(IDENTIFY_RETRY_MS);
    expect((await publish(a, "fourth", phonesOf(phone))).status).toBe(200);
    expect(usersReads()).toBe(3);

    const b = new Browser();
    await signIn(b, phonesOf(phone));
    expect(await titles(b)).toEqual(["fourth", "third", "second", "first"]);
  }, 120_000);

  it("a move the store refuses is logged, never fails the publish, and is done on the next read", async () => {
    await start();
    const phone = newPhone();
    const a = new Browser();
    await signIn(a, unavailable);
    expect((await publish(a, "kept")).status).toBe(200);

    stack.clock.advance(IDENTIFY_RETRY_MS);
    failMoves = 1;
    const sent = await publish(a, "named", phonesOf(phone));
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ ok: true, historyId: expect.any(Number) });
    expect(sent.json).not.toHaveProperty("historyError");
    expect(logged("history_move_failed")).toHaveLength(1);
    expect(logged("history_move_failed")[0]).toContain('"reason":"unavailable"');

    // The session is the phone's already; the move is tried again before the history is read.
    expect(await titles(a)).toEqual(["named", "kept"]);
    expect(usersReads()).toBe(2);
    const b = new Browser();
    await signIn(b, phonesOf(phone));
    expect(await titles(b)).toEqual(["named", "kept"]);
  }, 120_000);

  it("a second sign-in in the same browser keeps the first one's history, unnamed or once named by phone", async () => {
    await start();
    const noPhone = `POST_ADDON_CREATE.${POST_TOKEN}`;
    const a = new Browser();
    expect(await autoSignIn(a, stack, { scope: noPhone })).toBe("/?oauth=granted");
    expect((await publish(a, "first")).status).toBe(200);
    // Signing in again without USER_PHONE (for another scope, say): the same history.
    expect(await autoSignIn(a, stack, { scope: noPhone })).toBe("/?oauth=granted");
    expect(await titles(a)).toEqual(["first"]);
    // Granting USER_PHONE ("Use my phone numbers") names the user, and the earlier records go along.
    const phone = newPhone();
    await signIn(a, phonesOf(phone));
    expect(await titles(a)).toEqual(["first"]);
    expect(logged("history_moved")).toHaveLength(1);
    const b = new Browser();
    await signIn(b, phonesOf(phone));
    expect(await titles(b)).toEqual(["first"]);
    // Another browser, never signed in here, starts with its own empty history.
    const c = new Browser();
    expect(await autoSignIn(c, stack, { scope: noPhone })).toBe("/?oauth=granted");
    expect(await titles(c)).toEqual([]);
  }, 120_000);

  it("a sign-in that read GET /users, or one without USER_PHONE, never asks again", async () => {
    await start();
    const a = new Browser();
    await signIn(a, phonesOf(newPhone()));
    const c = new Browser();
    expect(await autoSignIn(c, stack, { scope: `POST_ADDON_CREATE.${POST_TOKEN}` })).toBe("/?oauth=granted");
    stack.clock.advance(IDENTIFY_RETRY_MS);
    expect((await publish(a, "a")).status).toBe(200);
    expect((await publish(c, "c")).status).toBe(200);
    expect(await titles(a)).toEqual(["a"]);
    expect(await titles(c)).toEqual(["c"]);
    expect(usersReads()).toBe(1);
  }, 120_000);
});
