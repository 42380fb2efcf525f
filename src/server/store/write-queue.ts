/** How the queue writes and when it gives up (docs/decisions.md, issue 15, phase 3). */
export interface WriteQueueOptions<I> {
  /** Writes items in one statement; must be idempotent (a retry may follow a write that committed). */
  write: (items: I[]) => Promise<void>;
  maxBatch: number;
  /** How long a queued item waits for others before the write starts, unless flushed or the batch is full. */
  lingerMs: number;
  /** Waits before the 2nd, 3rd, ... attempt; its length bounds the retries. */
  retryDelaysMs: readonly number[];
  /** False for a failure that a retry cannot fix (the database refuses the data, the store is closed). */
  retryable: (err: unknown) => boolean;
  /** True when a batch's failure may be one item's fault: then each is written alone to find it. */
  splittable: (err: unknown) => boolean;
}

/** An ordered write-behind queue: items are written in push order, in batches, each retried a bounded number of times. */
export interface WriteQueue<I> {
  /** Queues one item; the promise settles when it is written, or rejects with the last error when given up. */
  push(item: I): Promise<void>;
  /** Starts writing now (no linger) and resolves once every item pushed so far is written or given up. */
  flush(): Promise<void>;
}

type Entry<I> = { item: I; resolve: () => void; reject: (e: unknown) => void };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Builds a WriteQueue; its retries never repeat anything but the write itself. */
export function createWriteQueue<I>(opts: WriteQueueOptions<I>): WriteQueue<I> {
  let queue: Entry<I>[] = [];
  let pumping: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const attempt = async (batch: Entry<I>[]): Promise<void> => {
    for (let i = 0; ; i++) {
      try {
        await opts.write(batch.map((e) => e.item));
        for (const e of batch) e.resolve();
        return;
      } catch (err) {
        if (batch.length > 1 && opts.splittable(err)) {
          for (const e of batch) await attempt([e]);
          return;
        }
        const delay = opts.retryDelaysMs[i];
        if (delay === undefined || !opts.retryable(err)) {
          for (const e of batch) e.reject(err);
          return;
        }
        await sleep(delay);
      }
    }
  };

  const pump = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, opts.maxBatch);
      queue = queue.slice(batch.length);
      await attempt(batch);
    }
  };

  const start = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pumping ??= pump().finally(() => {
      pumping = undefined;
      // An item pushed between the pump's last look and now would otherwise wait for the next push.
      if (queue.length > 0) void start();
    });
    return pumping;
  };

  return {
    push: (item) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (pumping) return; // the running pump takes it next, in order
        if (queue.length >= opts.maxBatch || opts.lingerMs <= 0) void start();
        else timer ??= setTimeout(() => void start(), opts.lingerMs);
      }),
    flush: async () => {
      // Items pushed while a pump runs are taken by that same pump, so awaiting it (again) covers them.
      while (queue.length > 0 || pumping) await start();
    },
  };
}
