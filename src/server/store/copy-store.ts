import { existsSync } from "node:fs";
import { join } from "node:path";
import { asc, count, gt, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { classifyFailure, postgresOpenAdvice } from "./failures";
import {
  describeLocation,
  migratePostgresPool,
  openPgliteDatabase,
  postgresClientConfig,
  STUDIO_APPLICATION,
} from "./open-store";
import { events, heldSubscriptions, publishes, revokedSessions, userRevocations } from "./schema";
import { StoreError } from "./store";

/** Rows per INSERT: 500 rows of at most 13 columns stay far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

/**
 * Copies a table in id order, BATCH rows at a time (`read`: the next rows after an id, `write`: inserts
 * them keeping their ids); returns how many rows were copied.
 */
async function copyById<R extends { id: number }>(
  read: (after: number) => Promise<R[]>,
  write: (rows: R[]) => Promise<unknown>,
): Promise<number> {
  let copied = 0;
  for (let last = 0; ; ) {
    const rows = await read(last);
    const tail = rows.at(-1);
    if (!tail) return copied;
    await write(rows);
    copied += rows.length;
    last = tail.id;
  }
}

/** How many rows of each table were copied. */
export interface CopyCounts {
  publishes: number;
  events: number;
  revokedSessions: number;
  userRevocations: number;
  heldSubscriptions: number;
}

/** The application name of the copy's own connections (a studio's: STUDIO_APPLICATION). */
const COPY_APPLICATION = "addon-studio store copy";

/**
 * Copies the embedded store (PGlite in `dataDir`) into an empty PostgreSQL store at `url`, keeping
 * every id (so history links and Last-Event-ID stay valid), in one transaction: a failure leaves the
 * target as it was. The source is locked while it is read (the studio on it must be stopped) and is
 * left unchanged. Messages name the places, never the URL's user or password.
 */
export async function copyStore(opts: {
  dataDir: string;
  url: string;
  /** Where each came from, for messages: an option (--data-dir, --to), a variable, or "" (a default). */
  settings?: { dataDir: string; url: string };
}): Promise<CopyCounts> {
  const from = describeLocation({ kind: "pglite", dataDir: opts.dataDir }, opts.settings?.dataDir);
  const to = describeLocation({ kind: "postgres", url: opts.url }, opts.settings?.url);
  const urlSetting = opts.settings?.url || "DATABASE_URL";
  // PGlite would create an empty store in a folder that has none: refuse instead of copying nothing.
  if (!existsSync(join(opts.dataDir, "PG_VERSION")))
    throw new StoreError(
      "rejected",
      `There is no embedded store in ${opts.dataDir}: give --data-dir the folder the studio used (DATA_DIR, default .addon-studio).`,
    );
  const source = await openPgliteDatabase({ kind: "pglite", dataDir: opts.dataDir }).catch((err: unknown) => {
    if (err instanceof StoreError) throw err;
    const f = classifyFailure(err);
    throw new StoreError(f.reason, `Could not open ${from}: ${f.text}.`);
  });
  // Named apart from a studio's connections ("addon-studio"), which the check below looks for.
  const pool = new pg.Pool({ ...postgresClientConfig(opts.url), application_name: COPY_APPLICATION, max: 2 });
  pool.on("error", () => {});
  try {
    try {
      await migratePostgresPool(pool);
    } catch (err) {
      const f = classifyFailure(err);
      throw new StoreError(
        f.reason,
        `Could not open ${to}: it ${f.cause}; ${postgresOpenAdvice(f, urlSetting)}.`,
      );
    }
    const target = drizzlePg({ client: pool });
    // A studio already running on the target (started before the copy) takes publish ids from the
    // sequence the copy moves on, and its records would meet the copied ones: it is stopped first.
    const studios = await pool.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1",
      [STUDIO_APPLICATION],
    );
    const running = Number(studios.rows[0]?.n ?? 0);
    if (running > 0)
      throw new StoreError(
        "rejected",
        `${running === 1 ? "1 studio connection is" : `${running} studio connections are`} open to ${to}: stop every studio that uses it, then copy again, and start them once the copy is done. Nothing was copied.`,
      );
    const src = source.db;
    return await target.transaction(async (tx) => {
      // Empty when the copy starts and until it commits: a studio started meanwhile waits to write.
      await tx.execute(sql`lock table publishes, events in exclusive mode`);
      const [p] = await tx.select({ n: count() }).from(publishes);
      const [e] = await tx.select({ n: count() }).from(events);
      if ((p?.n ?? 0) > 0 || (e?.n ?? 0) > 0)
        throw new StoreError(
          "rejected",
          `${to} already holds ${p?.n ?? 0} publish records and ${e?.n ?? 0} events: copy only into an empty store (a new database), so no id of one store meets the other's.`,
        );
      const counts: CopyCounts = {
        publishes: 0,
        events: 0,
        revokedSessions: 0,
        userRevocations: 0,
        heldSubscriptions: 0,
      };
      counts.publishes = await copyById(
        (after) =>
          src.select().from(publishes).where(gt(publishes.id, after)).orderBy(asc(publishes.id)).limit(BATCH),
        (rows) => tx.insert(publishes).overridingSystemValue().values(rows),
      );
      counts.events = await copyById(
        (after) => src.select().from(events).where(gt(events.id, after)).orderBy(asc(events.id)).limit(BATCH),
        (rows) => tx.insert(events).overridingSystemValue().values(rows),
      );
      // The next ids continue after the copied ones (the identity sequences do not see explicit ids).
      for (const table of ["publishes", "events"]) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1), (select count(*) > 0 from ${sql.identifier(table)}))`,
        );
      }
      // Small tables (bounded by sessions and users): read whole.
      const sessions = await src.select().from(revokedSessions);
      if (sessions.length) await tx.insert(revokedSessions).values(sessions).onConflictDoNothing();
      const users = await src.select().from(userRevocations);
      if (users.length) await tx.insert(userRevocations).values(users).onConflictDoNothing();
      const held = await src.select().from(heldSubscriptions);
      if (held.length) await tx.insert(heldSubscriptions).values(held).onConflictDoNothing();
      counts.revokedSessions = sessions.length;
      counts.userRevocations = users.length;
      counts.heldSubscriptions = held.length;
      return counts;
    });
  } catch (err) {
    if (err instanceof StoreError) throw err;
    const f = classifyFailure(err);
    throw new StoreError(
      f.reason,
      `Could not copy ${from} to ${to}: ${f.text}. Nothing was copied (the copy is one transaction).`,
    );
  } finally {
    await pool.end().catch(() => {});
    await source.close();
  }
}
