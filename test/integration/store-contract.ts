import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Delivery, HeldSubscription, StoredEvent } from "../../src/server/store/records";
import { type Store, StoreError } from "../../src/server/store/store";

/**
 * The store's behaviour, run once per database (store-pglite.test.ts, store-postgres.test.ts). Tests
 * share one store per database (opening PGlite takes seconds), so each works on its own user ids and
 * post tokens and never assumes the tables are empty.
 */

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A post token of its own for each test (8-16 of [_A-Za-z0-9], spec 4.6). */
function token(): string {
  return `t${randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

function postUpdate(postToken: string, type: "PUBLISH" | "RETIRE" = "PUBLISH"): Delivery {
  return { kind: "event", event: { type: "POST_UPDATE", post_update: { type, post: { token: postToken } } } };
}

function newMessage(postToken: string, text: string): Delivery {
  return {
    kind: "event",
    event: {
      type: "NEW_MESSAGE",
      new_message: {
        id: randomUUID(),
        conversation: { id: randomUUID(), type: "POST", post_token: postToken },
        sender: { side: "BUYER", type: "HUMAN" },
        type: "TEXT",
        sent_at: 1_763_800_000_000_000,
        text,
      },
      metadata: { nested: { list: [1, "دو", null] } },
    },
  };
}

/** Resolves with the first event the listener hears that `match` accepts. */
function nextEvent(store: Store, match: (e: StoredEvent) => boolean): Promise<StoredEvent> {
  return new Promise((resolve) => {
    const stop = store.onEvent((e) => {
      if (!match(e)) return;
      stop();
      resolve(e);
    });
  });
}

/** Registers the contract's tests; `store()` is the open store of the database under test. */
export function storeContract(store: () => Store): void {
  it("records publishes and lists a user's newest first, page by page, with the body and result", async () => {
    const s = store();
    const user = `user-${randomUUID()}`;
    const t = token();
    const body = { widgets: [{ title_row: { text: "عنوان آگهی" } }], semantic: { a: "1" } };
    const first = await s.recordPublish({
      userId: user,
      operation: "publish",
      target: { kind: "post_addon", ref: "post_token", id: t },
      body,
      result: { ok: true, status: 200, response: {} },
      at: NOW,
    });
    expect(first).toMatchObject({ userId: user, body, at: new Date(NOW).toISOString() });
    const failed = await s.recordPublish({
      userId: user,
      operation: "publish",
      target: { kind: "user_addon", ref: "phone", id: "09120000000" },
      body: { widgets: [] },
      result: { ok: false, status: 412, error: { code: "upstream_precondition_failed", message: "blocked" } },
      at: NOW + 1,
    });
    const removal = await s.recordPublish({
      userId: user,
      operation: "remove",
      target: { kind: "post_addon", ref: "post_token", id: t },
      body: null,
      result: { ok: true, status: 200, response: null },
      at: NOW + 2,
    });
    await s.recordPublish({
      userId: `other-${randomUUID()}`,
      operation: "publish",
      target: { kind: "post_addon", ref: "post_token", id: t },
      body,
      result: { ok: true, status: 200, response: {} },
      at: NOW + 3,
    });

    const page1 = await s.listPublishes(user, { limit: 2 });
    expect(page1.items.map((r) => r.id)).toEqual([removal.id, failed.id]);
    expect(page1.items[1]?.result).toEqual({
      ok: false,
      status: 412,
      error: { code: "upstream_precondition_failed", message: "blocked" },
    });
    expect(page1.nextBefore).toBe(failed.id);
    const page2 = await s.listPublishes(user, { limit: 2, before: page1.nextBefore ?? 0 });
    expect(page2.items.map((r) => r.id)).toEqual([first.id]);
    expect(page2.nextBefore).toBeNull();
    expect(page2.items[0]?.target).toEqual({ kind: "post_addon", ref: "post_token", id: t });

    expect(await s.getPublish(user, failed.id)).toEqual(failed);
    expect(await s.getPublish(`other-${randomUUID()}`, failed.id)).toBeUndefined();
    expect(await s.getPublish(user, 2 ** 40)).toBeUndefined();
  });

  it("gives a queued record its id before the write, in order, and the history waits for the write (read-your-writes)", async () => {
    const s = store();
    const user = `user-${randomUUID()}`;
    const queued = [];
    for (let i = 0; i < 5; i++) {
      queued.push(
        await s.queuePublish({
          userId: user,
          operation: "publish",
          target: { kind: "post_addon", ref: "post_token", id: token() },
          body: { widgets: [], n: i },
          result: { ok: true, status: 200, response: {} },
          at: NOW + i,
        }),
      );
    }
    const ids = queued.map((q) => q.record.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(5);
    // Read at once, without awaiting `written`: every queued record is there, newest first.
    const page = await s.listPublishes(user);
    expect(page.items.map((r) => r.id)).toEqual([...ids].reverse());
    expect(page.items[0]).toEqual(queued[4]?.record);
    expect(await s.getPublish(user, ids[2] ?? 0)).toEqual(queued[2]?.record);
    await Promise.all(queued.map((q) => q.written));
    await s.flushPublishes();
    expect((await s.listPublishes(user)).items).toHaveLength(5);
  });

  it("settles a record queued before its send with the answer, whether or not its first write has landed", async () => {
    const s = store();
    const user = `user-${randomUUID()}`;
    const input = (n: number) => ({
      userId: user,
      operation: "send" as const,
      target: { kind: "chat_message" as const, ref: "conversation_id" as const, id: `conv-${n}` },
      body: { type: "TEXT", message: `پیام ${n}` },
      at: NOW + n,
    });
    const pending = {
      ok: false as const,
      status: 502,
      error: { code: "upstream_outcome_unknown", message: "no answer yet" },
    };
    // Written first, then settled (the platform took its time).
    const slow = await s.queuePublish({ ...input(1), result: pending });
    await slow.written;
    expect((await s.getPublish(user, slow.record.id))?.result).toEqual(pending);
    await s.settlePublish(slow.record.id, {
      ...input(1),
      result: { ok: true, status: 200, response: { id: "m-1" } },
    });
    // Settled before its first write landed (one batch): the answer stands, written once.
    const fast = await s.queuePublish({ ...input(2), result: pending });
    const refused = {
      ok: false as const,
      status: 403,
      error: { code: "upstream_forbidden", message: "blocked" },
    };
    await s.settlePublish(fast.record.id, { ...input(2), result: refused });
    await fast.written;
    const items = (await s.listPublishes(user)).items;
    expect(items.map((r) => [r.id, r.result])).toEqual([
      [fast.record.id, refused],
      [slow.record.id, { ok: true, status: 200, response: { id: "m-1" } }],
    ]);
    expect(items[1]?.body).toEqual({ type: "TEXT", message: "پیام 1" });
  });

  it("moves a session's records to the user it was identified as, queued ones included, and no one else's", async () => {
    const s = store();
    const from = `session:${randomUUID()}`;
    const to = `phone:${randomUUID()}`;
    const other = `session:${randomUUID()}`;
    const input = (userId: string, i: number) => ({
      userId,
      operation: "publish" as const,
      target: { kind: "post_addon" as const, ref: "post_token" as const, id: token() },
      body: { widgets: [], n: i },
      result: { ok: true as const, status: 200, response: {} },
      at: NOW + i,
    });
    const written = await s.recordPublish(input(from, 0));
    const mine = await s.recordPublish(input(to, 1));
    const others = await s.recordPublish(input(other, 2));
    // Queued and not yet written when the move starts: it is moved too.
    const queued = await s.queuePublish(input(from, 3));

    // The written one is moved; the queued one too, or it is written under the new key (not counted).
    expect([1, 2]).toContain(await s.movePublishes(from, to));
    expect((await s.listPublishes(from)).items).toEqual([]);
    expect((await s.listPublishes(to)).items.map((r) => r.id)).toEqual([
      queued.record.id,
      mine.id,
      written.id,
    ]);
    expect(await s.getPublish(to, written.id)).toEqual({ ...written, userId: to });
    expect(await s.getPublish(from, written.id)).toBeUndefined();
    expect((await s.listPublishes(other)).items).toEqual([others]);

    // A request that read the session before the move still queues under the old key: filed under the new.
    const late = await s.queuePublish(input(from, 4));
    expect(late.record.userId).toBe(to);
    await late.written;
    expect((await s.listPublishes(to)).items.map((r) => r.id)[0]).toBe(late.record.id);
    expect((await s.listPublishes(from)).items).toEqual([]);
    // Moving again finds nothing left; moving to itself moves nothing.
    expect(await s.movePublishes(from, to)).toBe(0);
    expect(await s.movePublishes(to, to)).toBe(0);
    expect((await s.listPublishes(to)).items).toHaveLength(4);
  });

  it("stores deliveries as received and reads them back by id, after an id, and newest first", async () => {
    const s = store();
    const t = token();
    const msg = newMessage(t, "سلام، هنوز موجوده؟");
    const a = await s.insertEvent(msg, NOW);
    const b = await s.insertEvent(postUpdate(t), NOW + 1000);
    const start: Delivery = {
      kind: "start_request",
      start: { version: 2, postToken: t, userSide: "SUPPLY", data: { k: "v" } },
      answeredUrl: `http://localhost:8787/?post_token=${t}`,
    };
    const c = await s.insertEvent(start, NOW + 2000);
    expect(a).toEqual({ ...msg, id: a.id, receivedAt: new Date(NOW).toISOString() });
    expect(b.id).toBeGreaterThan(a.id);
    expect(await s.getEvent(c.id)).toEqual({
      ...start,
      id: c.id,
      receivedAt: new Date(NOW + 2000).toISOString(),
    });

    // Last-Event-ID: what came after a, oldest first.
    const after = (await s.eventsAfter(a.id)).filter((e) => [b.id, c.id].includes(e.id));
    expect(after.map((e) => e.id)).toEqual([b.id, c.id]);
    expect((await s.eventsAfter(c.id)).some((e) => e.id <= c.id)).toBe(false);

    const all = await s.listEvents({ resource: t });
    expect(all.items.map((e) => e.id)).toEqual([c.id, b.id, a.id]);
    expect(all.nextBefore).toBeNull();
  });

  it("filters the event history by type and resource and pages back through it", async () => {
    const s = store();
    const t = token();
    const other = token();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await s.insertEvent(newMessage(t, `پیام ${i}`), NOW + i)).id);
    const update = await s.insertEvent(postUpdate(t, "RETIRE"), NOW + 10);
    await s.insertEvent(newMessage(other, "دیگری"), NOW + 11);

    const messages = await s.listEvents({ type: "NEW_MESSAGE", resource: t, limit: 2 });
    expect(messages.items.map((e) => e.id)).toEqual([ids[4], ids[3]]);
    const more = await s.listEvents({
      type: "NEW_MESSAGE",
      resource: t,
      limit: 2,
      before: messages.nextBefore ?? 0,
    });
    expect(more.items.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const last = await s.listEvents({
      type: "NEW_MESSAGE",
      resource: t,
      limit: 2,
      before: more.nextBefore ?? 0,
    });
    expect(last.items.map((e) => e.id)).toEqual([ids[0]]);
    expect(last.nextBefore).toBeNull();

    const updates = await s.listEvents({ type: "POST_UPDATE", resource: t });
    expect(updates.items).toEqual([
      { ...postUpdate(t, "RETIRE"), id: update.id, receivedAt: update.receivedAt },
    ]);
    expect((await s.listEvents({ type: "START_REQUEST", resource: t })).items).toEqual([]);
  });

  it("stores deliveries arriving together each with its own id, and refuses only the one the database cannot hold", async () => {
    const s = store();
    const t = token();
    const texts = Array.from({ length: 30 }, (_, i) => `پیام ${i}`);
    // A text column cannot hold U+0000 (here the post token, filed as the event's resource): that
    // delivery is refused ("rejected", so a route answers 400, not 503); the others are stored.
    const results = await Promise.allSettled([
      ...texts.map((text) => s.insertEvent(newMessage(t, text), NOW)),
      s.insertEvent(newMessage(`${t}\u0000`, "bad"), NOW),
    ]);
    const bad = results.pop();
    expect(bad?.status).toBe("rejected");
    if (bad?.status === "rejected") {
      expect(bad.reason).toBeInstanceOf(StoreError);
      expect(bad.reason).toMatchObject({ reason: "rejected" });
    }
    const stored = results.map((r) => (r.status === "fulfilled" ? r.value : undefined));
    expect(stored.every((e) => e !== undefined)).toBe(true);
    expect(new Set(stored.map((e) => e?.id)).size).toBe(texts.length);
    for (const e of stored) expect(await s.getEvent(e?.id ?? 0)).toEqual(e);
    const history = await s.listEvents({ resource: t, limit: 100 });
    expect(history.items.map((e) => (e.kind === "event" ? e.event.new_message?.text : "")).sort()).toEqual(
      [...texts].sort(),
    );
  });

  it("keeps a delivery's JSON exactly, including U+0000 inside a string", async () => {
    const s = store();
    const t = token();
    const odd = newMessage(t, "nul \u0000 and emoji 🙂 and \u202b rtl");
    const stored = await s.insertEvent(odd, NOW);
    expect(await s.getEvent(stored.id)).toEqual({ ...odd, id: stored.id, receivedAt: stored.receivedAt });
  });

  it("tells listeners of each new event, once, with what was stored", async () => {
    const s = store();
    const t = token();
    const heard = nextEvent(
      s,
      (e) => e.kind === "event" && e.event.type === "POST_UPDATE" && e.event.post_update?.post.token === t,
    );
    const stored = await s.insertEvent(postUpdate(t), NOW);
    expect(await heard).toEqual(stored);

    const stopped: StoredEvent[] = [];
    const stop = s.onEvent((e) => stopped.push(e));
    stop();
    const t2 = token();
    const heard2 = nextEvent(s, (e) => e.kind === "event" && e.event.post_update?.post.token === t2);
    await s.insertEvent(postUpdate(t2), NOW);
    await heard2;
    expect(stopped).toEqual([]);
  });

  it("prunes events older than the retention and expired revocations, and keeps the rest", async () => {
    const s = store();
    const t = token();
    const now = Date.now();
    const old = await s.insertEvent(postUpdate(t), now - (s.retentionDays + 1) * DAY);
    const recent = await s.insertEvent(postUpdate(t), now - (s.retentionDays - 1) * DAY);
    const session = `s-${randomUUID()}`;
    await s.revokeSession(session, now - 1000);
    const result = await s.prune(now);
    expect(result.events).toBeGreaterThanOrEqual(1);
    expect(result.revocations).toBeGreaterThanOrEqual(1);
    expect(await s.getEvent(old.id)).toBeUndefined();
    expect(await s.getEvent(recent.id)).toEqual(recent);
  });

  it("refuses a signed-out session until its expiry, and a user's older sessions after sign-out everywhere", async () => {
    const s = store();
    const session = `s-${randomUUID()}`;
    const user = `user-${randomUUID()}`;
    const ref = { sessionId: session, userId: user, issuedAt: NOW - DAY };
    expect(await s.isRevoked(ref, NOW)).toBe(false);
    await s.revokeSession(session, NOW + DAY);
    expect(await s.isRevoked(ref, NOW)).toBe(true);
    expect(await s.isRevoked({ ...ref, sessionId: `s-${randomUUID()}` }, NOW)).toBe(false);
    // Past the seal's expiry the record is moot (the seal itself is refused).
    expect(await s.isRevoked(ref, NOW + DAY + 1)).toBe(false);

    const older = { sessionId: `s-${randomUUID()}`, userId: user, issuedAt: NOW - 10 };
    const newer = { sessionId: `s-${randomUUID()}`, userId: user, issuedAt: NOW };
    await s.revokeUserSessions(user, NOW, NOW + 30 * DAY);
    expect(await s.isRevoked(older, NOW + 5)).toBe(true);
    expect(await s.isRevoked(newer, NOW + 5)).toBe(false);
    expect(await s.isRevoked({ ...older, userId: `user-${randomUUID()}` }, NOW + 5)).toBe(false);
    expect(await s.isRevoked({ sessionId: older.sessionId, issuedAt: older.issuedAt }, NOW + 5)).toBe(false);
    // An earlier "everywhere" arriving late never re-admits sessions a later one refused.
    await s.revokeUserSessions(user, NOW - DAY, NOW + DAY);
    expect(await s.isRevoked(older, NOW + 5)).toBe(true);
  });

  it("holds subscriptions per user: adds, replaces the same one, lists oldest first, removes", async () => {
    const s = store();
    const user = `user-${randomUUID()}`;
    const t = token();
    const onPost: HeldSubscription = {
      event_type: "NEW_MESSAGE_ON_POST",
      event_resource_id: t,
      metadata: { k: "v" },
      createdAt: NOW,
      renewedAt: NOW,
    };
    const all: HeldSubscription = {
      event_type: "NEW_MESSAGE_ON_POST",
      createdAt: NOW - 5,
      renewedAt: NOW - 5,
    };
    await s.putHeldSubscription(user, onPost);
    await s.putHeldSubscription(user, all);
    expect(await s.listHeldSubscriptions(user)).toEqual([all, onPost]);
    const renewed = { ...onPost, renewedAt: NOW + 60_000, lastError: "upstream_timeout" };
    await s.putHeldSubscription(user, renewed);
    expect(await s.listHeldSubscriptions(user)).toEqual([all, renewed]);
    expect(await s.listHeldSubscriptions(`user-${randomUUID()}`)).toEqual([]);

    expect(await s.removeHeldSubscription(user, "NEW_MESSAGE_ON_POST", t)).toBe(true);
    expect(await s.removeHeldSubscription(user, "NEW_MESSAGE_ON_POST", t)).toBe(false);
    expect(await s.listHeldSubscriptions(user)).toEqual([all]);
    expect(await s.removeHeldSubscription(user, "NEW_MESSAGE_ON_POST")).toBe(true);
    expect(await s.listHeldSubscriptions(user)).toEqual([]);
  });

  it("reports its health: kind, reachable, the migration applied", async () => {
    const h = await store().health();
    expect(h).toMatchObject({ kind: store().kind, reachable: true, migration: "0002_revocations_notify" });
    expect(h.error).toBeUndefined();
  });
}

/** Asserts that `promise` rejects with a StoreError of `reason`, and returns it. */
export async function expectStoreError(
  promise: Promise<unknown>,
  reason: StoreError["reason"],
): Promise<StoreError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof StoreError)) throw new Error(`expected a StoreError, got ${String(err)}`);
  expect(err.reason).toBe(reason);
  return err;
}
