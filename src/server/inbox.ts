import type { ErrorCode } from "../platform/errors";
import type { DeliveredEvent } from "../platform/events";
import type { StartRequest } from "../platform/start-request";
import { eventKeys } from "./store/records";

/** A held subscription the proxy could not re-create after a token refresh (docs/api.md, "Inbox"). */
export interface SubscriptionFailure {
  subscription: { event_type: string; event_resource_id: string | null };
  error: { code: ErrorCode; message: string };
}

/** What arrives in the inbox: a delivery from the platform, or a failure of the proxy's own upkeep. */
export type InboxInput =
  | { kind: "event"; event: DeliveredEvent }
  | { kind: "start_request"; start: StartRequest; answeredUrl: string }
  | { kind: "unread_event"; body: unknown; problems: string[] }
  | ({ kind: "subscription_failed"; sid: string } & SubscriptionFailure);

/**
 * One inbox entry; `entryJson` is what the editor's inbox is shown of it (a failure's `sid`, the
 * session whose subscription failed, stays on the server).
 */
export type InboxEntry = InboxInput & { id: number; receivedAt: string };

/** The entry as sent to the browser: everything but a failure's session id. */
export function entryJson(entry: InboxEntry): string {
  if (entry.kind !== "subscription_failed") return JSON.stringify(entry);
  const { sid: _sid, ...shown } = entry;
  return JSON.stringify(shown);
}

/**
 * What an entry is filed under, for scoping it to a session (src/server/inbox-scope.ts): a delivery's
 * type, post token and arrival (epoch ms), or the session whose subscription failed (failures are
 * matched by session id alone).
 */
export type EntryKeys =
  | { kind: "delivery"; type: string; resource: string | null; at: number }
  | { kind: "subscription_failed"; sid: string };

/** An entry serialised once; `id` is negative for entries only this instance streams (never stored). */
export interface InboxJson {
  id: number;
  json: string;
  keys: EntryKeys;
}

/** The keys of an entry (see EntryKeys). */
export function entryKeys(entry: InboxEntry): EntryKeys {
  if (entry.kind === "subscription_failed") return { kind: "subscription_failed", sid: entry.sid };
  return { kind: "delivery", ...eventKeys(entry), at: Date.parse(entry.receivedAt) };
}

/** Filters and paging of GET /api/inbox (newest first); `before` is an entry id (exclusive). */
export interface InboxQuery {
  type?: string;
  resource?: string;
  before?: number;
  limit?: number;
}

/** Entries of the most recent replay without Last-Event-ID (a fresh stream). */
export const FRESH_REPLAY = 200;

/**
 * Received entries and their live listeners (the SSE streams). The default keeps them in this
 * process's memory; with the durable store (src/server/store-inbox.ts) they are stored before the
 * platform is answered and reach every instance sharing the database.
 */
export interface Inbox {
  /** Stores an entry; rejects (and stores nothing) when it cannot be serialised or stored. */
  add(entry: InboxInput): Promise<InboxEntry>;
  /** Entries with an id greater than `afterId`, oldest first (0: the latest FRESH_REPLAY). */
  sinceJson(afterId: number): Promise<InboxJson[]>;
  /** A page of history, newest first, with the `before` of the next page (null: no more). */
  page(query: InboxQuery): Promise<{ entries: InboxJson[]; nextBefore: number | null }>;
  subscribe(listener: (entry: InboxJson) => void): () => void;
  /** Live listeners right now (each open stream holds one). */
  listenerCount(): number;
}

/** A set of listeners where one that throws never keeps the entry from the others. */
export function createListeners() {
  const listeners = new Set<(entry: InboxJson) => void>();
  return {
    emit(entry: InboxJson) {
      for (const l of listeners) {
        try {
          l(entry);
        } catch {
          // One broken listener must not keep the entry from the others.
        }
      }
    },
    subscribe(listener: (entry: InboxJson) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    count: () => listeners.size,
  };
}

/** Type and resource of an entry, as the history filters read them. */
function keysOf(entry: InboxEntry): { type: string; resource: string | null } {
  if (entry.kind === "subscription_failed") return { type: "SUBSCRIPTION_FAILED", resource: null };
  return eventKeys(entry);
}

/**
 * An in-process inbox holding the latest `capacity` entries (a proxy built without a store: tests).
 * Each entry is serialised once, when it arrives: one that cannot be (too deep, a cycle) is refused
 * there and never breaks a later read or stream.
 */
export function createInbox(now: () => number, capacity = 200): Inbox {
  let entries: Array<{ entry: InboxEntry; json: string }> = [];
  let nextId = 1;
  const listeners = createListeners();
  return {
    async add(input) {
      const entry: InboxEntry = { ...input, id: nextId, receivedAt: new Date(now()).toISOString() };
      const json = entryJson(entry);
      nextId++;
      entries.push({ entry, json });
      if (entries.length > capacity) entries = entries.slice(-capacity);
      listeners.emit({ id: entry.id, json, keys: entryKeys(entry) });
      return entry;
    },
    async sinceJson(afterId) {
      return entries
        .filter((e) => e.entry.id > afterId)
        .map((e) => ({ id: e.entry.id, json: e.json, keys: entryKeys(e.entry) }));
    },
    async page(q) {
      const limit = Math.min(Math.max(q.limit ?? 50, 1), 500);
      const hits = entries.filter((e) => {
        if (q.before !== undefined && e.entry.id >= q.before) return false;
        const k = keysOf(e.entry);
        return (
          (q.type === undefined || k.type === q.type) &&
          (q.resource === undefined || k.resource === q.resource)
        );
      });
      const page = hits.slice(-limit).reverse();
      const last = page.at(-1);
      return {
        entries: page.map((e) => ({ id: e.entry.id, json: e.json, keys: entryKeys(e.entry) })),
        nextBefore: hits.length > limit && last ? last.entry.id : null,
      };
    },
    subscribe: listeners.subscribe,
    listenerCount: listeners.count,
  };
}
