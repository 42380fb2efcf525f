import type pg from "pg";
import type { StoredEvent } from "./records";

/** How new events reach the live streams of this instance. */
export interface ChangeFeed {
  /** Called by the store after an event of this instance was committed. */
  announce(event: StoredEvent): void;
  subscribe(listener: (event: StoredEvent) => void): () => void;
  state(): "in-process" | "listening" | "reconnecting";
  close(): Promise<void>;
}

/** The channel the events table's trigger notifies (migration 0001_events_notify). */
export const EVENTS_CHANNEL = "addon_studio_events";
/** The channel the revocation tables' triggers notify (migration 0002_revocations_notify). */
export const REVOCATIONS_CHANNEL = "addon_studio_revocations";

function listenerSet(log: (line: string) => void) {
  const listeners = new Set<(event: StoredEvent) => void>();
  return {
    listeners,
    emit(event: StoredEvent) {
      for (const l of listeners) {
        // One failing stream must not keep the event from the others.
        try {
          l(event);
        } catch (err) {
          log(`store: an event listener failed (${err instanceof Error ? err.name : "error"})`);
        }
      }
    },
    subscribe(listener: (event: StoredEvent) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** PGlite lives in one process (it is a folder only one process may open): announce is the feed. */
export function createInProcessFeed(log: (line: string) => void): ChangeFeed {
  const set = listenerSet(log);
  return {
    announce: set.emit,
    subscribe: set.subscribe,
    state: () => "in-process",
    close: async () => {
      set.listeners.clear();
    },
  };
}

export interface PostgresFeedOptions {
  /** A new, unconnected client on the same database (a LISTEN needs its own connection). */
  client: () => pg.Client;
  eventsByIds: (ids: number[]) => Promise<StoredEvent[]>;
  eventsAfter: (lastEventId: number) => Promise<StoredEvent[]>;
  latestEventId: () => Promise<number>;
  /** Another instance's revocation (the payload of REVOCATIONS_CHANNEL). */
  onRevocation: (payload: string) => void;
  /** After a lost connection is back, before the feed reports "listening": reload what NOTIFY may have missed. */
  onReconnected: () => Promise<void>;
  log: (line: string) => void;
  /** First delay before reconnecting; doubles up to 30 s. */
  retryMs?: number;
}

/**
 * PostgreSQL LISTEN/NOTIFY: every instance on the database hears the id of each committed event (its
 * own too) and reads the row. After a lost connection it reconnects and reads what it missed by id.
 */
export async function createPostgresFeed(opts: PostgresFeedOptions): Promise<ChangeFeed> {
  const set = listenerSet(opts.log);
  let client: pg.Client | undefined;
  let state: "listening" | "reconnecting" = "reconnecting";
  let closing = false;
  let lastSeen = await opts.latestEventId();
  let pending: number[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = opts.retryMs ?? 1000;

  // An event can come both by NOTIFY and by the catch-up read after a reconnect: emit each id once.
  const recent = new Set<number>();
  const deliver = (list: StoredEvent[]) => {
    for (const e of list) {
      if (recent.has(e.id)) continue;
      recent.add(e.id);
      if (recent.size > 5000) recent.delete(recent.values().next().value ?? e.id);
      lastSeen = Math.max(lastSeen, e.id);
      set.emit(e);
    }
  };

  // Ids are batched per tick: a burst of deliveries becomes one read.
  const flush = () => {
    const ids = pending;
    pending = [];
    flushing = flushing
      .then(() => opts.eventsByIds(ids))
      .then(deliver)
      .catch(() => opts.log("store: could not read notified events; they stay in the history"));
  };

  const connect = async (reconnecting: boolean) => {
    const c = opts.client();
    c.on("notification", (msg) => {
      if (msg.channel === REVOCATIONS_CHANNEL) {
        opts.onRevocation(msg.payload ?? "");
        return;
      }
      const id = Number(msg.payload);
      if (msg.channel !== EVENTS_CHANNEL || !Number.isSafeInteger(id)) return;
      if (pending.length === 0) setImmediate(flush);
      pending.push(id);
    });
    c.on("error", () => {
      // Handled by "end", which follows; without a handler the error would end the process.
    });
    c.on("end", () => {
      if (client !== c || closing) return;
      client = undefined;
      state = "reconnecting";
      opts.log("store: lost the PostgreSQL LISTEN connection; reconnecting");
      scheduleReconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
      await c.query(`LISTEN ${REVOCATIONS_CHANNEL}`);
      if (reconnecting) await opts.onReconnected();
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    client = c;
    state = "listening";
  };

  const scheduleReconnect = () => {
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect(true);
        delay = opts.retryMs ?? 1000;
        const missed = lastSeen;
        flushing = flushing.then(async () => deliver(await opts.eventsAfter(missed)));
        await flushing;
      } catch {
        delay = Math.min(delay * 2, 30_000);
        if (!closing) scheduleReconnect();
      }
    }, delay);
    retryTimer.unref();
  };

  await connect(false);
  return {
    // Own events arrive through NOTIFY like everyone else's, so every instance streams in one order.
    announce: () => {},
    subscribe: set.subscribe,
    state: () => state,
    close: async () => {
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      set.listeners.clear();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
