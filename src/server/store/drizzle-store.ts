import { and, asc, desc, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { bigint, pgSchema, serial, text } from "drizzle-orm/pg-core";
import type * as z from "zod";
import { within } from "../within";
import type { ChangeFeed } from "./change-feed";
import { classifyFailure } from "./failures";
import { pruneRows } from "./pruning";
import { publishMethods } from "./publish-writes";
import {
  clampLimit,
  type Delivery,
  deliverySchema,
  eventKeys,
  type PublishRecord,
  pageOf,
  publishRecordSchema,
  type StoredEvent,
} from "./records";
import { createRevocationCache } from "./revocation-cache";
import { events, type publishes } from "./schema";
import { sessionMethods } from "./session-records";
import { type EventQuery, type Store, StoreError, type StoreHealth, type StoreKind } from "./store";
import { createBatcher, createOutageLot, OUTAGE_KEEP_MS, unreachable } from "./write-queue";

/** The drizzle database of either driver (PGlite or node-postgres); queries are written once. */
export type AnyPgDatabase = PgDatabase<PgQueryResultHKT>;

/** The table drizzle's migrator keeps (schema "drizzle"), read for the health report. */
const drizzleMigrations = pgSchema("drizzle").table("__drizzle_migrations", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
  createdAt: bigint("created_at", { mode: "number" }),
});

export interface DrizzleStoreOptions {
  kind: StoreKind;
  db: AnyPgDatabase;
  retentionDays: number;
  feed: ChangeFeed;
  /** Migration tags by their journal time (`when`), to name the applied version. */
  migrationTags: Map<number, string>;
  /** Names the database and the variable that chose it, for error messages ("PostgreSQL at h:5432 (DATABASE_URL)"). */
  describe: string;
  /** Closes the database itself (after the feed). */
  closeDb: () => Promise<void>;
  /** Told when a stored row no longer matches its schema (it is skipped, never shown half-read). */
  log: (line: string) => void;
}

/**
 * How long the health check waits for the database: a server that hangs (rather than refusing) would
 * otherwise hold GET /health for the pool's query timeout (15 s), past a load balancer's own timeout.
 */
const HEALTH_WAIT_MS = 2000;

/** Builds the Store over a migrated drizzle database; openStore (open-store.ts) chooses the driver. */
export function createDrizzleStore(opts: DrizzleStoreOptions): Store & {
  /** Events by id, for the PostgreSQL change feed (it is told ids only). */
  eventsByIds(ids: number[]): Promise<StoredEvent[]>;
  /** Loads the revocation record into memory (at open, and after a lost LISTEN connection). */
  reloadRevocations(now: number): Promise<void>;
  /** Applies another instance's revocation (a NOTIFY payload of migration 0002). */
  applyRevocation(payload: string): void;
} {
  const { db, feed, log } = opts;
  let closed = false;
  const revocationCache = createRevocationCache();

  const run = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    if (closed)
      throw new StoreError("closed", `Could not ${what}: the store is closed (the proxy is stopping).`);
    try {
      return await fn();
    } catch (err) {
      if (err instanceof StoreError) throw err;
      const failure = classifyFailure(err);
      throw new StoreError(failure.reason, `Could not ${what}: ${opts.describe} ${failure.text}.`);
    }
  };

  const parseRow = <S extends z.ZodType>(schema: S, table: string, id: number, value: unknown) => {
    const parsed = schema.safeParse(value);
    // The table and id only: never the stored values.
    if (!parsed.success) log(`store: ${table} row ${id} does not match its schema; skipped`);
    return parsed.success ? parsed.data : undefined;
  };

  type EventRow = typeof events.$inferSelect;
  const toEvent = (row: EventRow): StoredEvent | undefined => {
    const d = parseRow(deliverySchema, "events", row.id, row.payload);
    return d && { ...d, id: row.id, receivedAt: row.receivedAt.toISOString() };
  };
  const toEvents = (rows: EventRow[]) => rows.flatMap((r) => toEvent(r) ?? []);

  type PublishRow = typeof publishes.$inferSelect;
  const toPublish = (row: PublishRow): PublishRecord | undefined =>
    parseRow(publishRecordSchema, "publishes", row.id, {
      id: row.id,
      userId: row.userId,
      operation: row.operation,
      target: { kind: row.targetKind, ref: row.targetRef, id: row.targetId },
      body: row.body,
      result: row.ok
        ? { ok: true, status: row.status, response: row.response }
        : { ok: false, status: row.status, error: { code: row.errorCode, message: row.errorMessage } },
      at: row.at.toISOString(),
    });

  const eventsByIds = (ids: number[]) =>
    run("read new events", async () =>
      toEvents(await db.select().from(events).where(inArray(events.id, ids)).orderBy(asc(events.id))),
    );

  // The insert on a delivery's path is prepared once (drizzle builds its SQL a single time).
  const p = (name: string) => sql.placeholder(name);
  const insertOneEvent = db
    .insert(events)
    .values({
      receivedAt: p("receivedAt"),
      kind: p("kind"),
      type: p("type"),
      resource: p("resource"),
      payload: p("payload"),
    })
    .returning({ id: events.id })
    .prepare("addon_studio_insert_event");

  const eventRow = ({ delivery, receivedAt }: { delivery: Delivery; receivedAt: number }) => ({
    receivedAt: new Date(receivedAt),
    kind: delivery.kind,
    ...eventKeys(delivery),
    payload: delivery,
  });

  type Arrived = { delivery: Delivery; receivedAt: number };
  /** Writes deliveries in one statement (all or none) and returns them stored, in order. */
  const insertEvents = async (items: Arrived[]): Promise<StoredEvent[]> => {
    const [single] = items;
    const rows =
      items.length === 1 && single
        ? await insertOneEvent.execute(eventRow(single))
        : await db.insert(events).values(items.map(eventRow)).returning({ id: events.id });
    // Identity values are drawn in the order of the VALUES rows, so sorted ids match the items.
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    return items.flatMap(({ delivery, receivedAt }, i) => {
      const id = ids[i];
      return id === undefined ? [] : [{ ...delivery, id, receivedAt: new Date(receivedAt).toISOString() }];
    });
  };
  // Deliveries arriving together are written as one statement (group commit, write-queue.ts).
  const writeEvent = createBatcher<Arrived, StoredEvent>(insertEvents, {
    maxBatch: 100,
    retryAlone: (err) => classifyFailure(err).reason === "rejected",
  });

  // The platform may never send again an event it was answered 503 for (retries are not documented,
  // spec 6.3.8): one that arrived while the store was away is kept and written once it is back (a
  // platform that does send it again makes it a second delivery, which the editor counts on one row).
  const outageEvents = createOutageLot<Arrived>((items) =>
    run("store the event", async () => {
      for (const e of await insertEvents(items)) feed.announce(e);
    }),
  );
  const keepThroughOutage = (item: Arrived, err: unknown) => {
    if (!unreachable(err) || closed) return;
    log(
      `store: an event delivered while the database could not be reached is kept in memory and stored once it answers (up to ${OUTAGE_KEEP_MS / 60_000} minutes)`,
    );
    outageEvents.park(item, err).then(
      () => log("store: an event delivered during the outage is stored"),
      (e: unknown) =>
        log(
          `store: an event delivered during the outage was not stored: ${e instanceof Error ? e.message : "unknown failure"}`,
        ),
    );
  };

  const { closePublishes, ...publishSide } = publishMethods(opts.kind, db, run, toPublish);

  const healthOf = async (): Promise<StoreHealth> => {
    const changeFeed = feed.state();
    const read = await within(
      run("read the migration version", () =>
        db
          .select({ createdAt: drizzleMigrations.createdAt })
          .from(drizzleMigrations)
          .orderBy(desc(drizzleMigrations.createdAt))
          .limit(1),
      ),
      HEALTH_WAIT_MS,
    );
    if (read.done && read.ok) {
      const when = read.value[0]?.createdAt;
      const migration = when === undefined || when === null ? null : (opts.migrationTags.get(when) ?? null);
      return { kind: opts.kind, reachable: true, migration, changeFeed };
    }
    const error = !read.done
      ? `Could not read the migration version: ${opts.describe} did not answer within ${HEALTH_WAIT_MS / 1000} s.`
      : read.error instanceof StoreError
        ? read.error.message
        : "unknown failure";
    return { kind: opts.kind, reachable: false, migration: null, changeFeed, error };
  };

  return {
    kind: opts.kind,
    retentionDays: opts.retentionDays,
    eventsByIds,
    applyRevocation: (payload) => {
      if (!revocationCache.applyNotification(payload))
        log("store: ignored a revocation notice it could not read");
    },

    ...publishSide,

    insertEvent: (delivery: Delivery, receivedAt) =>
      run("store the event", async () => {
        const stored = await writeEvent({ delivery, receivedAt });
        feed.announce(stored);
        return stored;
      }).catch((err: unknown) => {
        keepThroughOutage({ delivery, receivedAt }, err);
        throw err;
      }),

    listEvents: (q: EventQuery = {}) =>
      run("read the event history", async () => {
        const limit = clampLimit(q.limit, 50, 500);
        const where: SQL[] = [];
        if (q.type !== undefined) where.push(eq(events.type, q.type));
        if (q.resource !== undefined) where.push(eq(events.resource, q.resource));
        if (q.before !== undefined) where.push(lt(events.id, q.before));
        const rows = await db
          .select()
          .from(events)
          .where(and(...where))
          .orderBy(desc(events.id))
          .limit(limit + 1);
        // Paging follows the rows read, so a skipped (invalid) row does not end the history early.
        const p = pageOf(rows, limit);
        return { items: toEvents(p.items), nextBefore: p.nextBefore };
      }),

    eventsAfter: (lastEventId, limit) =>
      run("read the events missed", async () =>
        toEvents(
          await db
            .select()
            .from(events)
            .where(gt(events.id, lastEventId))
            .orderBy(asc(events.id))
            .limit(clampLimit(limit, 200, 1000)),
        ),
      ),

    getEvent: (id) =>
      run("read the event", async () => {
        const [row] = await db.select().from(events).where(eq(events.id, id));
        return row && toEvent(row);
      }),

    onEvent: (listener) => feed.subscribe(listener),

    ...sessionMethods(db, run, parseRow, {
      cache: revocationCache,
      fresh: () => feed.state() !== "reconnecting",
    }),

    prune: (now) => run("prune old events", () => pruneRows(db, opts.retentionDays, now)),

    health: healthOf,

    close: async () => {
      if (closed) return;
      // The publish records already answered are written first (bounded by the queue's retries),
      // those waiting out an outage tried once more.
      await closePublishes();
      await outageEvents.close();
      closed = true;
      await feed.close();
      await opts.closeDb();
    },
  };
}
