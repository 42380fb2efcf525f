import { detached } from "./deadline";

/** Re-creations of held subscriptions running at once, over every session of this instance (tokens.ts). */
const RENEW_CONCURRENCY = 4;

/** A queue of background tasks of which at most `concurrency` run at once. */
export interface TaskQueue {
  push(task: () => Promise<void>): void;
  /** Resolves when nothing is queued or running (tests, the benchmark). */
  idle(): Promise<void>;
}

/** Creates a TaskQueue; tasks run outside any request's deadline and never throw out of it. */
export function createTaskQueue(concurrency = RENEW_CONCURRENCY): TaskQueue {
  const waiting: Array<() => Promise<void>> = [];
  let running = 0;
  let idlers: Array<() => void> = [];
  const pump = () => {
    while (running < concurrency && waiting.length > 0) {
      const task = waiting.shift();
      if (!task) break;
      running++;
      detached(task)
        .catch(() => undefined)
        .finally(() => {
          running--;
          pump();
        });
    }
    if (running === 0 && waiting.length === 0) {
      for (const resolve of idlers) resolve();
      idlers = [];
    }
  };
  return {
    push(task) {
      waiting.push(task);
      pump();
    },
    idle: () =>
      running === 0 && waiting.length === 0 ? Promise.resolve() : new Promise((r) => idlers.push(r)),
  };
}
