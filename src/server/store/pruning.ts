import { inArray, lt } from "drizzle-orm";
import type { AnyPgDatabase } from "./drizzle-store";
import { events, revokedSessions, userRevocations } from "./schema";
import type { Store } from "./store";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement when pruning, so a large backlog never holds one long lock. */
const PRUNE_BATCH = 5000;

/** Deletes events older than `retentionDays` (in batches) and expired revocations; returns the counts. */
export async function pruneRows(
  db: AnyPgDatabase,
  retentionDays: number,
  now: number,
): Promise<{ events: number; revocations: number }> {
  const cutoff = new Date(now - retentionDays * DAY_MS);
  let eventCount = 0;
  for (;;) {
    const old = db
      .select({ id: events.id })
      .from(events)
      .where(lt(events.receivedAt, cutoff))
      .limit(PRUNE_BATCH);
    const gone = await db.delete(events).where(inArray(events.id, old)).returning({ id: events.id });
    eventCount += gone.length;
    if (gone.length < PRUNE_BATCH) break;
  }
  const at = new Date(now);
  const sessions = await db
    .delete(revokedSessions)
    .where(lt(revokedSessions.expiresAt, at))
    .returning({ id: revokedSessions.sessionId });
  const users = await db
    .delete(userRevocations)
    .where(lt(userRevocations.expiresAt, at))
    .returning({ id: userRevocations.userId });
  return { events: eventCount, revocations: sessions.length + users.length };
}

/** How often old events are pruned; each instance prunes (deleting is idempotent). */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Prunes once now and then every `intervalMs` (an unref'd timer: it never keeps the process up).
 * A failed pass is logged and the next one tries again. Returns the stop function (call before close).
 */
export function schedulePruning(
  store: Pick<Store, "prune">,
  opts: { now: () => number; log: (line: string) => void; intervalMs?: number },
): () => void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const gone = await store.prune(opts.now());
      if (gone.events + gone.revocations > 0) {
        opts.log(`store: pruned ${gone.events} old events and ${gone.revocations} expired revocations`);
      }
    } catch (err) {
      opts.log(`store: pruning failed (${err instanceof Error ? err.message : "unknown error"}); will retry`);
    } finally {
      running = false;
    }
  };
  void pass();
  const timer = setInterval(() => void pass(), opts.intervalMs ?? PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
