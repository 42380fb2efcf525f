import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import * as z from "zod";
import type { AnyPgDatabase } from "./drizzle-store";
import { clampLimit, type PublishRecord, type PublishRecordInput, pageOf } from "./records";
import { publishes } from "./schema";
import { type Store, StoreError, type StoreKind } from "./store";
import {
  createOutageLot,
  createWriteQueue,
  OUTAGE_KEEP_MS,
  OUTAGE_RETRY_MS,
  unreachable,
} from "./write-queue";

type Run = <T>(what: string, fn: () => Promise<T>) => Promise<T>;

/**
 * Ids reserved ahead: on PGlite (one instance per data folder) a block, so a record's id is known at
 * once and in order; on PostgreSQL one per record at the moment it is taken, so records of several
 * instances keep the order they were sent in (a block held by an idle instance would sort its later
 * records before the others' earlier ones). docs/decisions.md, issue 15, phase 3.
 */
const ID_BLOCK: Record<StoreKind, number> = { pglite: 64, postgres: 1 };
/** Queued records wait this long for others, so a run of publishes shares one write (PGlite works on the proxy's thread). */
const LINGER_MS: Record<StoreKind, number> = { pglite: 25, postgres: 0 };
/** A failed write is retried after these waits, then parked (below) or given up (logged by the caller). */
const RETRY_DELAYS_MS = [100, 400, 1600] as const;
/** Moves this instance remembers (old key to new), for records queued under the old key after a move. */
const MOVES_KEPT = 1000;

const idRowsSchema = z.object({ rows: z.array(z.object({ id: z.coerce.number().int().positive() })) });

type PublishRow = typeof publishes.$inferSelect;

/**
 * The publish history's side of the store: ids assigned before the write, an ordered write-behind
 * queue (batched, idempotent by id, retried a bounded number of times), and reads that first wait
 * for the queued writes, so a user who published and opens the history sees it (read-your-writes).
 */
export function publishMethods(
  kind: StoreKind,
  db: AnyPgDatabase,
  run: Run,
  toPublish: (row: PublishRow) => PublishRecord | undefined,
): Pick<
  Store,
  | "queuePublish"
  | "settlePublish"
  | "recordPublish"
  | "flushPublishes"
  | "listPublishes"
  | "getPublish"
  | "movePublishes"
> & { closePublishes(): Promise<void> } {
  const reserve = (n: number) =>
    run("assign the publish record's id", async () => {
      const res = await db.execute(
        sql`select nextval(pg_get_serial_sequence('publishes', 'id')) as id from generate_series(1, ${n})`,
      );
      return idRowsSchema.parse(res).rows.map((r) => r.id);
    });

  let ids: number[] = [];
  let refilling: Promise<void> | undefined;
  const refill = () => {
    refilling ??= reserve(ID_BLOCK[kind])
      .then((more) => {
        ids = [...ids, ...more];
      })
      .finally(() => {
        refilling = undefined;
      });
    return refilling;
  };
  const takeId = async (): Promise<number> => {
    if (ID_BLOCK[kind] <= 1) {
      const [id] = await reserve(1);
      if (id === undefined) throw new StoreError("failed", "Could not assign the publish record's id.");
      return id;
    }
    let id = ids.shift();
    while (id === undefined) {
      await refill();
      id = ids.shift();
    }
    // Refill before the block runs out, off any request's path.
    if (ids.length < ID_BLOCK[kind] / 4) refill().catch(() => undefined);
    return id;
  };

  // A request that read the session before it was identified may still queue under the old key.
  const moved = new Map<string, string>();
  const keyOf = (userId: string) => moved.get(userId) ?? userId;

  const rowOf = ({ id, input }: { id: number; input: PublishRecordInput }) => {
    const r = input.result;
    return {
      id,
      userId: keyOf(input.userId),
      operation: input.operation,
      targetKind: input.target.kind,
      targetRef: input.target.ref,
      targetId: input.target.id,
      body: input.body ?? null,
      ok: r.ok,
      status: r.status,
      errorCode: r.ok ? null : r.error.code,
      errorMessage: r.ok ? null : r.error.message,
      response: r.ok ? (r.response ?? null) : null,
      at: new Date(input.at),
    };
  };

  /** `settles`: the outcome of a record queued before its send (`settlePublish`), which it replaces. */
  type Item = { id: number; input: PublishRecordInput; settles: boolean };
  // The id is the record's own, so a retry after a write that did commit adds nothing. A settling
  // write replaces the outcome (and writes the whole record if the first write has not landed);
  // a first write arriving after it (retried out of an outage) changes nothing.
  const write = (items: Item[]) =>
    run("record the publish", async () => {
      const last = new Map<number, Item>();
      for (const item of items) if (item.settles || !last.get(item.id)?.settles) last.set(item.id, item);
      const firsts = [...last.values()].filter((i) => !i.settles);
      const settles = [...last.values()].filter((i) => i.settles);
      if (firsts.length > 0)
        await db
          .insert(publishes)
          .overridingSystemValue()
          .values(firsts.map(rowOf))
          .onConflictDoNothing({ target: publishes.id });
      if (settles.length > 0)
        await db
          .insert(publishes)
          .overridingSystemValue()
          .values(settles.map(rowOf))
          .onConflictDoUpdate({
            target: publishes.id,
            set: {
              ok: sql`excluded.ok`,
              status: sql`excluded.status`,
              errorCode: sql`excluded.error_code`,
              errorMessage: sql`excluded.error_message`,
              response: sql`excluded.response`,
            },
          });
    });
  // The platform has the publish: its history entry waits out an outage of the store.
  const lot = createOutageLot(write);
  const queue = createWriteQueue<Item>({
    write,
    maxBatch: 100,
    lingerMs: LINGER_MS[kind],
    retryDelaysMs: RETRY_DELAYS_MS,
    retryable: (err) => !(err instanceof StoreError) || !["rejected", "closed"].includes(err.reason),
    splittable: (err) => err instanceof StoreError && err.reason === "rejected",
  });

  const takeIdWhenReachable = async (): Promise<number> => {
    const until = Date.now() + OUTAGE_KEEP_MS;
    for (;;) {
      try {
        return await takeId();
      } catch (err) {
        if (!unreachable(err) || Date.now() >= until) throw err;
        await new Promise<void>((resolve) => setTimeout(resolve, OUTAGE_RETRY_MS).unref());
      }
    }
  };

  const queuePublish: Store["queuePublish"] = async (input) => {
    const id = await takeIdWhenReachable();
    const result = input.result.ok
      ? { ...input.result, response: input.result.response ?? null }
      : input.result;
    const record: PublishRecord = {
      ...input,
      userId: keyOf(input.userId),
      body: input.body ?? null,
      result,
      id,
      at: new Date(input.at).toISOString(),
    };
    const item = { id, input, settles: false };
    return { record, written: queue.push(item).catch((err: unknown) => lot.park(item, err)) };
  };

  const settlePublish: Store["settlePublish"] = (id, input) => {
    const item = { id, input, settles: true };
    return queue.push(item).catch((err: unknown) => lot.park(item, err));
  };

  return {
    queuePublish,
    settlePublish,
    flushPublishes: () => queue.flush(),
    closePublishes: async () => {
      await queue.flush();
      await lot.close();
    },

    recordPublish: async (input) => {
      const { record, written } = await queuePublish(input);
      void queue.flush();
      await written;
      return record;
    },

    listPublishes: async (userId, p = {}) => {
      await queue.flush();
      return run("read the publish history", async () => {
        const limit = clampLimit(p.limit, 50, 200);
        const where: SQL[] = [eq(publishes.userId, userId)];
        if (p.before !== undefined) where.push(lt(publishes.id, p.before));
        const rows = await db
          .select()
          .from(publishes)
          .where(and(...where))
          .orderBy(desc(publishes.id))
          .limit(limit + 1);
        return pageOf(
          rows.flatMap((r) => toPublish(r) ?? []),
          limit,
        );
      });
    },

    movePublishes: async (fromUserId, toUserId) => {
      if (fromUserId === toUserId) return 0;
      moved.delete(fromUserId);
      moved.set(fromUserId, toUserId);
      if (moved.size > MOVES_KEPT) {
        const oldest = moved.keys().next().value;
        if (oldest !== undefined) moved.delete(oldest);
      }
      await queue.flush();
      return run("move the publish history", async () => {
        const rows = await db
          .update(publishes)
          .set({ userId: toUserId })
          .where(eq(publishes.userId, fromUserId))
          .returning({ id: publishes.id });
        return rows.length;
      });
    },

    getPublish: async (userId, id) => {
      await queue.flush();
      return run("read the publish", async () => {
        const [row] = await db
          .select()
          .from(publishes)
          .where(and(eq(publishes.userId, userId), eq(publishes.id, id)));
        return row && toPublish(row);
      });
    },
  };
}
