import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { desc } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as z from "zod";
import type { StoreConfig } from "../config";
import { createInProcessFeed, createPostgresFeed } from "./change-feed";
import { lockDataDir } from "./data-dir-lock";
import { createDrizzleStore } from "./drizzle-store";
import { classifyFailure, postgresOpenAdvice } from "./failures";
import { makeFolder } from "./make-folder";
import { describePostgres, readPostgresUrl } from "./postgres-url";
import { events } from "./schema";
import { type Store, StoreError } from "./store";

/** Where to open the store: what config.ts chose, or an in-memory PGlite (tests, benchmarks). */
export type StoreLocation = StoreConfig | { kind: "memory" };

export interface OpenStoreOptions {
  location: StoreLocation;
  retentionDays: number;
  /** Notable events (lost LISTEN connection, skipped rows); never data or credentials. */
  log?: (line: string) => void;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })) });

/** Migration tags by journal time: drizzle records the time, /health shows the tag. */
function migrationTags(): Map<number, string> {
  const journal = journalSchema.parse(
    JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, "utf8")),
  );
  return new Map(journal.entries.map((e) => [e.when, e.tag]));
}

/** Any two instances use the same key, so only one applies migrations at a time. */
const MIGRATION_LOCK_KEY = 4_212_015;

/**
 * Names the database and the setting that chose it (`setting`: an option such as --to; by default
 * the variable, DATA_DIR or DATABASE_URL; "" for none), without the URL's user or password.
 */
export function describeLocation(location: StoreLocation, setting?: string): string {
  const from = (fallback: string) => ` (${setting ?? fallback})`;
  switch (location.kind) {
    case "memory":
      return "the in-memory store";
    case "pglite":
      return `the embedded store in ${location.dataDir}${setting === "" ? "" : from("DATA_DIR")}`;
    case "postgres": {
      const read = readPostgresUrl(location.url, "");
      return `${describePostgres(read.ok ? read.address : undefined)}${setting === "" ? "" : from("DATABASE_URL")}`;
    }
  }
}

/**
 * Opens the store and applies its migrations: PGlite in DATA_DIR (or memory), or PostgreSQL at
 * DATABASE_URL. A store that cannot be opened rejects with a StoreError naming the variable.
 */
export async function openStore(opts: OpenStoreOptions): Promise<Store> {
  const log = opts.log ?? (() => {});
  const describe = describeLocation(opts.location);
  const tags = migrationTags();
  try {
    return opts.location.kind === "postgres"
      ? await openPostgres(opts.location.url, opts.retentionDays, describe, tags, log)
      : await openPglite(opts.location, opts.retentionDays, describe, tags, log);
  } catch (err) {
    if (err instanceof StoreError) throw err;
    // One sentence: what failed, where (host and port, never the URL's user or password), what to do.
    const failure = classifyFailure(err);
    // mkdir on a path that is a file (or under one): EEXIST / ENOTDIR, "answered with an error" before.
    const code = err instanceof Error && "code" in err ? err.code : undefined;
    if (opts.location.kind === "pglite" && (code === "EEXIST" || code === "ENOTDIR"))
      throw new StoreError(
        "failed",
        `Could not open ${describe}: ${opts.location.dataDir} is a file, or lies under one, not a folder; give --data-dir or DATA_DIR a folder (it is made when missing), or leave both out to use .addon-studio.`,
      );
    // A folder that cannot be made or written (a path under /proc, a read-only disk, another user's).
    if (
      opts.location.kind === "pglite" &&
      typeof code === "string" &&
      FOLDER_CODES.has(code) &&
      onTheWayTo(opts.location.dataDir, err)
    )
      throw new StoreError(
        "failed",
        `Could not open ${describe}: the folder cannot be made or written there (${code}); give --data-dir or DATA_DIR a folder this user may write, or leave both out to use .addon-studio.`,
      );
    const advice =
      opts.location.kind === "postgres"
        ? postgresOpenAdvice(failure, "DATABASE_URL")
        : "check that the folder (--data-dir or DATA_DIR) is one this user may write, or leave both out to use .addon-studio";
    throw new StoreError(failure.reason, `Could not open ${describe}: it ${failure.cause}; ${advice}.`);
  }
}

/** File-system refusals of the data folder itself. */
const FOLDER_CODES = new Set(["ENOENT", "EACCES", "EPERM", "EROFS"]);

/** Whether a file-system error is about the data folder or a folder above it (not a file of PGlite's own). */
function onTheWayTo(dataDir: string, err: unknown): boolean {
  const path = err instanceof Error && "path" in err && typeof err.path === "string" ? err.path : undefined;
  if (path === undefined) return false;
  const from = relative(path, dataDir);
  return from === "" || (!from.startsWith("..") && !isAbsolute(from));
}

const GITIGNORE = "# Written by addon-studio: the embedded store (a database), not for version control.\n*\n";

/** A migrated PGlite database (a data folder, locked for this process, or memory); close() unlocks. */
export async function openPgliteDatabase(location: Exclude<StoreLocation, { kind: "postgres" }>) {
  let unlock = async () => {};
  let client: PGlite;
  if (location.kind === "pglite") {
    // Owner only: it holds publish bodies, phone numbers of targets and session revocations.
    const created = await makeFolder(location.dataDir);
    // A folder the studio made is its own database: keep it out of the user's git (a `git add .`
    // in the project would otherwise commit it). A folder that was there already is left alone.
    // A courtesy: a failure to write it (a full disk) is PGlite's to report, not this file's.
    if (created !== undefined)
      await writeFile(join(location.dataDir, ".gitignore"), GITIGNORE).catch(() => undefined);
    unlock = await lockDataDir(location.dataDir);
    client = new PGlite(location.dataDir);
  } else {
    client = new PGlite();
  }
  const close = async () => {
    await client.close().catch(() => {});
    await unlock();
  };
  try {
    await client.waitReady;
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { client, db, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Applies the migrations to a PostgreSQL server, one instance at a time (an advisory lock). */
export async function migratePostgresPool(pool: pg.Pool): Promise<void> {
  const conn = await pool.connect();
  try {
    await conn.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: conn }), { migrationsFolder: MIGRATIONS_FOLDER });
    await conn.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  } finally {
    conn.release();
  }
}

/** The application name of a studio's connections (pg_stat_activity), which `store copy` looks for. */
export const STUDIO_APPLICATION = "addon-studio";

/** The node-postgres settings the store uses (timeouts so a hung server never holds a request). */
export function postgresClientConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: STUDIO_APPLICATION,
    connectionTimeoutMillis: 5000,
    // A hung server must not hold a request (or an unacknowledged event) forever.
    query_timeout: 15_000,
  };
}

async function openPglite(
  location: Exclude<StoreLocation, { kind: "postgres" }>,
  retentionDays: number,
  describe: string,
  tags: Map<number, string>,
  log: (line: string) => void,
): Promise<Store> {
  const { client, db, close } = await openPgliteDatabase(location);
  try {
    // PGlite has one connection and no other listener: the NOTIFY trigger (for PostgreSQL's other
    // instances) would only cost time on every insert. Replica mode skips ordinary triggers for this
    // session only; the trigger stays defined, so a copy of the data moved to PostgreSQL still has it.
    await client.exec("SET session_replication_role = replica");
    const store = createDrizzleStore({
      kind: "pglite",
      db,
      retentionDays,
      feed: createInProcessFeed(log),
      migrationTags: tags,
      describe,
      log,
      closeDb: close,
    });
    await store.reloadRevocations(Date.now());
    return store;
  } catch (err) {
    await close();
    throw err;
  }
}

async function openPostgres(
  url: string,
  retentionDays: number,
  describe: string,
  tags: Map<number, string>,
  log: (line: string) => void,
): Promise<Store> {
  const clientConfig = postgresClientConfig(url);
  const pool = new pg.Pool({ ...clientConfig, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection emits here; without a handler the process would end.
  pool.on("error", () => log("store: an idle PostgreSQL connection was lost"));
  try {
    await migratePostgresPool(pool);
    const db = drizzlePg({ client: pool });
    let store: ReturnType<typeof createDrizzleStore> | undefined;
    const feed = await createPostgresFeed({
      client: () => new pg.Client(clientConfig),
      eventsByIds: (ids) => (store ? store.eventsByIds(ids) : Promise.resolve([])),
      eventsAfter: (id) => (store ? store.eventsAfter(id, 1000) : Promise.resolve([])),
      latestEventId: async () => {
        const [row] = await db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
        return row?.id ?? 0;
      },
      onRevocation: (payload) => store?.applyRevocation(payload),
      onReconnected: async () => {
        await store?.reloadRevocations(Date.now());
      },
      log,
    });
    store = createDrizzleStore({
      kind: "postgres",
      db,
      retentionDays,
      feed,
      migrationTags: tags,
      describe,
      log,
      closeDb: () => pool.end(),
    });
    // After LISTEN started (in the feed), so no revocation falls between the load and the first notice.
    await store.reloadRevocations(Date.now());
    return store;
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
}
