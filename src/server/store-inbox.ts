import {
  createListeners,
  entryJson,
  entryKeys,
  FRESH_REPLAY,
  type Inbox,
  type InboxEntry,
  type InboxJson,
  type InboxQuery,
} from "./inbox";
import type { Logger } from "./log";
import type { StoredEvent } from "./store/records";
import type { Store } from "./store/store";

/** Entries one replay after Last-Event-ID sends at most; older ones are paged with GET /api/inbox. */
const REPLAY_LIMIT = 5000;

/**
 * The inbox on the durable store (issue 15): a delivery is stored before the route answers the
 * platform, and live entries come from the store's change feed, so on PostgreSQL an event delivered
 * to one instance reaches the streams of every instance. A subscription failure is this instance's
 * own upkeep, not a delivery: it is streamed live only, with a negative id (never a Last-Event-ID).
 */
export function createStoreInbox(
  store: Pick<Store, "insertEvent" | "listEvents" | "eventsAfter" | "onEvent">,
  now: () => number,
  log: Logger,
): Inbox & { close(): void } {
  const listeners = createListeners();
  let localId = 0;
  // Serialised once per event; a row that cannot be (it never should) is skipped, never a broken stream.
  const toJson = (e: StoredEvent): InboxJson | undefined => {
    try {
      return { id: e.id, json: JSON.stringify(e), keys: entryKeys(e) };
    } catch (err) {
      log("inbox_entry_skipped", { id: e.id, reason: err instanceof Error ? err.name : "error" });
      return undefined;
    }
  };
  const jsonOf = (rows: StoredEvent[]) => rows.flatMap((r) => toJson(r) ?? []);
  const unsubscribe = store.onEvent((e) => {
    const j = toJson(e);
    if (j) listeners.emit(j);
  });
  return {
    async add(input) {
      if (input.kind === "subscription_failed") {
        localId--;
        const entry: InboxEntry = { ...input, id: localId, receivedAt: new Date(now()).toISOString() };
        listeners.emit({ id: entry.id, json: entryJson(entry), keys: entryKeys(entry) });
        return entry;
      }
      // Serialisable checked first (the JSON body limits make this hold): the store must not refuse it later.
      JSON.stringify(input);
      const stored = await store.insertEvent(input, now());
      return stored;
    },
    async sinceJson(afterId) {
      if (afterId <= 0) {
        const page = await store.listEvents({ limit: FRESH_REPLAY });
        return jsonOf(page.items).reverse();
      }
      const out: InboxJson[] = [];
      let after = afterId;
      while (out.length < REPLAY_LIMIT) {
        const rows = await store.eventsAfter(after, 1000);
        out.push(...jsonOf(rows));
        const last = rows.at(-1);
        if (!last || rows.length < 1000) break;
        after = last.id;
      }
      return out;
    },
    async page(q: InboxQuery) {
      const page = await store.listEvents({
        ...(q.type !== undefined ? { type: q.type } : {}),
        ...(q.resource !== undefined ? { resource: q.resource } : {}),
        ...(q.before !== undefined ? { before: q.before } : {}),
        limit: Math.min(Math.max(q.limit ?? 50, 1), 500),
      });
      return { entries: jsonOf(page.items), nextBefore: page.nextBefore };
    },
    subscribe: listeners.subscribe,
    listenerCount: listeners.count,
    close: unsubscribe,
  };
}
