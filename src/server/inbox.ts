import type { ErrorCode } from "../platform/errors";
import type { DeliveredEvent } from "../platform/events";
import type { StartRequest } from "../platform/start-request";

/** A held subscription the proxy could not re-create after a token refresh (docs/api.md, "Inbox"). */
export interface SubscriptionFailure {
  subscription: { event_type: string; event_resource_id: string | null };
  error: { code: ErrorCode; message: string };
}

/** What arrives in the inbox: a delivery from the platform, or a failure of the proxy's own upkeep. */
export type InboxInput =
  | { kind: "event"; event: DeliveredEvent }
  | { kind: "start_request"; start: StartRequest; answeredUrl: string }
  | ({ kind: "subscription_failed" } & SubscriptionFailure);

/** One inbox entry, as the editor's inbox shows it. */
export type InboxEntry = InboxInput & { id: number; receivedAt: string };

/** Received entries, kept in memory and pushed to live listeners (the SSE stream). */
export interface Inbox {
  /** Stores an entry; throws (and stores nothing) when it cannot be serialised. */
  add(entry: InboxInput): InboxEntry;
  /** Entries with an id greater than `afterId`, oldest first. */
  since(afterId: number): InboxEntry[];
  /** The same entries as JSON texts, serialised once when they arrived. */
  sinceJson(afterId: number): Array<{ id: number; json: string }>;
  subscribe(listener: (entry: InboxEntry, json: string) => void): () => void;
  /** Live listeners right now (each open stream holds one). */
  listenerCount(): number;
}

/**
 * An in-process inbox holding the latest `capacity` entries. Each entry is serialised once, when it
 * arrives: one that cannot be (too deep, a cycle) is refused there and never breaks a later read or
 * stream. With several proxy instances, a delivery reaches one of them only; see docs/server.md for
 * sharing it (a pub/sub backend behind this interface).
 */
export function createInbox(now: () => number, capacity = 200): Inbox {
  let entries: Array<{ entry: InboxEntry; json: string }> = [];
  let nextId = 1;
  const listeners = new Set<(entry: InboxEntry, json: string) => void>();
  return {
    add(input) {
      const entry: InboxEntry = { ...input, id: nextId, receivedAt: new Date(now()).toISOString() };
      const json = JSON.stringify(entry);
      nextId++;
      entries.push({ entry, json });
      if (entries.length > capacity) entries = entries.slice(-capacity);
      for (const l of listeners) {
        try {
          l(entry, json);
        } catch {
          // One broken listener must not keep the entry from the others.
        }
      }
      return entry;
    },
    since(afterId) {
      return entries.filter((e) => e.entry.id > afterId).map((e) => e.entry);
    },
    sinceJson(afterId) {
      return entries.filter((e) => e.entry.id > afterId).map((e) => ({ id: e.entry.id, json: e.json }));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listenerCount: () => listeners.size,
  };
}
