import type { DeliveredEvent } from "../platform/events";
import type { StartRequest } from "../platform/start-request";

/** One thing the platform sent to the app, as the editor's inbox shows it. */
export type InboxEntry =
  | { id: number; receivedAt: string; kind: "event"; event: DeliveredEvent }
  | { id: number; receivedAt: string; kind: "start_request"; start: StartRequest; answeredUrl: string };

export type InboxInput =
  | { kind: "event"; event: DeliveredEvent }
  | { kind: "start_request"; start: StartRequest; answeredUrl: string };

/** Received deliveries, kept in memory and pushed to live listeners (the SSE stream). */
export interface Inbox {
  add(entry: InboxInput): InboxEntry;
  /** Entries with an id greater than `afterId`, oldest first. */
  since(afterId: number): InboxEntry[];
  subscribe(listener: (entry: InboxEntry) => void): () => void;
}

/**
 * An in-process inbox holding the latest `capacity` entries. With several proxy instances, a delivery
 * reaches one of them only; see docs/server.md for sharing it (a pub/sub backend behind this interface).
 */
export function createInbox(now: () => number, capacity = 200): Inbox {
  let entries: InboxEntry[] = [];
  let nextId = 1;
  const listeners = new Set<(entry: InboxEntry) => void>();
  return {
    add(input) {
      const entry: InboxEntry = { ...input, id: nextId++, receivedAt: new Date(now()).toISOString() };
      entries.push(entry);
      if (entries.length > capacity) entries = entries.slice(-capacity);
      for (const l of listeners) l(entry);
      return entry;
    },
    since(afterId) {
      return entries.filter((e) => e.id > afterId);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
