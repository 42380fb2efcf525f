import type { Store } from "./store";

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
