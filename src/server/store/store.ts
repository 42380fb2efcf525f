import type {
  Delivery,
  HeldSubscription,
  Page,
  PublishRecord,
  PublishRecordInput,
  SessionRef,
  StoredEvent,
} from "./records";

/** Which database holds the store. */
export type StoreKind = "pglite" | "postgres";

/**
 * Why a store call failed. Routes answer a StoreError with 503 (the browser may retry; whether the
 * platform delivers an event again is not documented, spec 6.3.8), except "rejected" (400), and
 * acknowledge an event only after insertEvent resolved.
 * - unavailable: the database cannot be reached or refused the connection (a retry may pass);
 * - rejected: the database refuses this data (e.g. a JSON string holding \u0000, which jsonb cannot
 *   store); sending it again fails the same way, so routes answer 400 rather than 503;
 * - failed: the database answered with another error;
 * - closed: the store was closed (the proxy is shutting down).
 */
export type StoreErrorReason = "unavailable" | "rejected" | "failed" | "closed";

/** The one error type a Store throws; its message names the variable to check and never holds data. */
export class StoreError extends Error {
  override name = "StoreError";
  constructor(
    readonly reason: StoreErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What GET /health reports about the store. */
export interface StoreHealth {
  kind: StoreKind;
  reachable: boolean;
  /** Tag of the last migration applied (e.g. "0001_events_notify"), null when it cannot be read. */
  migration: string | null;
  /** How new events reach this instance: its own process (PGlite) or PostgreSQL LISTEN. */
  changeFeed: "in-process" | "listening" | "reconnecting";
  /** Why it is not reachable, when it is not (no data, no credentials). */
  error?: string;
}

/** Filters and paging of the event history; `before` is an event id (exclusive). */
export interface EventQuery {
  type?: string;
  resource?: string;
  before?: number;
  /** 1 to 500; default 50. */
  limit?: number;
}

/**
 * The proxy's durable record (issue 15): publish history, received events, session revocations and
 * held subscriptions, on PGlite (embedded) or PostgreSQL with the same schema and queries.
 * Every method may reject with StoreError; times are epoch milliseconds.
 */
export interface Store {
  readonly kind: StoreKind;
  readonly retentionDays: number;

  /** Records one publish, update, removal or send; resolves once it is durable. */
  recordPublish(input: PublishRecordInput): Promise<PublishRecord>;
  /**
   * Records one without waiting for the write: resolves once the record's id is assigned (at once on
   * PGlite, after one nextval round trip on PostgreSQL); `written` resolves when it is durable, or
   * rejects (StoreError) when the retries are spent. While the store cannot be reached, both the id
   * and the write are tried again for up to 10 minutes (publish-writes.ts). Writes keep their order;
   * reads of the history wait for the ones queued before them (not for those waiting out an outage).
   */
  queuePublish(input: PublishRecordInput): Promise<{ record: PublishRecord; written: Promise<void> }>;
  /**
   * Gives record `id` (queued before its send, with an outcome for a send that never got its answer)
   * the outcome the platform answered, through the same ordered queue; resolves when durable, or
   * rejects (StoreError) when the retries are spent.
   */
  settlePublish(id: number, input: PublishRecordInput): Promise<void>;
  /** Resolves once every queued publish record is written or given up (close() does this first). */
  flushPublishes(): Promise<void>;
  /** The user's records, newest first; `before` is a record id (exclusive); limit 1 to 200, default 50. */
  listPublishes(userId: string, page?: { before?: number; limit?: number }): Promise<Page<PublishRecord>>;
  /** One of the user's records; undefined when absent or another user's. */
  getPublish(userId: string, id: number): Promise<PublishRecord | undefined>;
  /**
   * Files every record of `fromUserId` under `toUserId` (a sign-in identified after its records were
   * kept under its session key) and returns how many written rows moved. Records this instance has
   * queued, or queues later, under `fromUserId` are written under `toUserId` (not counted). Idempotent:
   * a retry after a failure (or after a move whose answer was lost) moves what is left.
   */
  movePublishes(fromUserId: string, toUserId: string): Promise<number>;

  /**
   * Stores a delivery; acknowledge it to the platform only after this resolves. When the store cannot
   * be reached it rejects ("unavailable") but keeps the delivery and writes it once the store is back
   * (within the outage policy, write-queue.ts), so it is not lost if the platform does not send it again.
   */
  insertEvent(delivery: Delivery, receivedAt: number): Promise<StoredEvent>;
  /** History newest first, filtered by type (e.g. NEW_MESSAGE, START_REQUEST) and resource (post token). */
  listEvents(query?: EventQuery): Promise<Page<StoredEvent>>;
  /** Events with an id greater than `lastEventId`, oldest first (Last-Event-ID); limit 1 to 1000, default 200. */
  eventsAfter(lastEventId: number, limit?: number): Promise<StoredEvent[]>;
  getEvent(id: number): Promise<StoredEvent | undefined>;
  /** Every event stored from now on, by any instance sharing the database; returns the unsubscribe. */
  onEvent(listener: (event: StoredEvent) => void): () => void;

  /** Refuses one session (sign-out) until `expiresAt`, when its seal would have expired anyway. */
  revokeSession(sessionId: string, expiresAt: number): Promise<void>;
  /** "Sign out everywhere": refuses the user's sessions issued before `issuedBefore`, kept until `expiresAt`. */
  revokeUserSessions(userId: string, issuedBefore: number, expiresAt: number): Promise<void>;
  /** True when the session was signed out, or its user signed out everywhere after it was issued. */
  isRevoked(session: SessionRef, now: number): Promise<boolean>;

  /** The user's held subscriptions, oldest first. */
  listHeldSubscriptions(userId: string): Promise<HeldSubscription[]>;
  /** Adds or replaces (same event type and resource) a held subscription. */
  putHeldSubscription(userId: string, subscription: HeldSubscription): Promise<void>;
  /** Stops holding it; false when it was not held. */
  removeHeldSubscription(userId: string, eventType: string, resourceId?: string): Promise<boolean>;

  /** Deletes events older than the retention and expired revocations; returns how many of each. */
  prune(now: number): Promise<{ events: number; revocations: number }>;
  /** Never rejects: an unreachable store is reported as such. */
  health(): Promise<StoreHealth>;
  /** Stops the change feed and closes the database; later calls reject with reason "closed". */
  close(): Promise<void>;
}
