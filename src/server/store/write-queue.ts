import { StoreError } from "./store";

/**
 * The store's one write mechanism (docs/decisions.md, issue 15, phase 3): items are written in push
 * order, in batches of at most `maxBatch`, each batch retried a bounded number of times; a batch that
 * fails in a way one item may cause is written one item at a time, so one bad item does not fail its
 * neighbours. Two faces: the publish history's write-behind queue (createWriteQueue) and the
 * deliveries' group commit (createBatcher).
 */
interface QueueOptions<I, O> {
  /** Writes items in one statement and returns one output per item, in order. */
  write: (items: I[]) => Promise<O[]>;
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

/** How the write-behind queue writes and when it gives up. */
export interface WriteQueueOptions<I> extends Omit<QueueOptions<I, void>, "write"> {
  /** Writes items in one statement; must be idempotent (a retry may follow a write that committed). */
  write: (items: I[]) => Promise<void>;
}

/** An ordered write-behind queue: items are written in push order, in batches, each retried a bounded number of times. */
export interface WriteQueue<I> {
  /** Queues one item; the promise settles when it is written, or rejects with the last error when given up. */
  push(item: I): Promise<void>;
  /** Starts writing now (no linger) and resolves once every item pushed so far is written or given up. */
  flush(): Promise<void>;
}

type Entry<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The queue both faces are built on; its retries never repeat anything but the write itself. */
function createQueue<I, O>(opts: QueueOptions<I, O>): { push(item: I): Promise<O>; flush(): Promise<void> } {
  let queue: Entry<I, O>[] = [];
  let pumping: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const attempt = async (batch: Entry<I, O>[]): Promise<void> => {
    for (let i = 0; ; i++) {
      try {
        const out = await opts.write(batch.map((e) => e.item));
        for (const [j, e] of batch.entries()) {
          if (j >= out.length) e.reject(new Error("the batch write returned fewer rows than it was given"));
        }
        for (const [j, o] of out.entries()) batch[j]?.resolve(o);
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
      new Promise<O>((resolve, reject) => {
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

/** Builds a WriteQueue (the publish history's write-behind queue). */
export function createWriteQueue<I>(opts: WriteQueueOptions<I>): WriteQueue<I> {
  return createQueue<I, void>({
    ...opts,
    write: async (items) => {
      await opts.write(items);
      return items.map(() => undefined);
    },
  });
}

/**
 * Group commit: while one write is in flight, the calls that arrive wait and go together as the next
 * write (one statement, one commit), so concurrent deliveries share the cost of a round trip and a
 * commit. A call made while nothing is in flight is written at once, alone: latency is unchanged.
 * Each caller still gets its own result only after its own row was committed; a failure is not
 * retried here (the caller answers the platform 503; an unreachable store keeps the delivery, see
 * createOutageLot).
 */
export function createBatcher<I, O>(
  write: (items: I[]) => Promise<O[]>,
  opts: { maxBatch: number; retryAlone: (err: unknown) => boolean },
): (item: I) => Promise<O> {
  const queue = createQueue<I, O>({
    write,
    maxBatch: opts.maxBatch,
    lingerMs: 0,
    retryDelaysMs: [],
    retryable: () => false,
    splittable: opts.retryAlone,
  });
  return (item) => queue.push(item);
}

/** Where items a queue gave up on while the store was away wait for it to come back. */
export interface ParkingLot<I> {
  /** Keeps `item` (whose write failed with `err`) for another try; rejects at once if `err` is not one to wait out. */
  park(item: I, err: unknown): Promise<void>;
  /** Tries the parked items once more, then gives up on the ones still not written (the store is closing). */
  close(): Promise<void>;
}

/**
 * Items whose write failed because the store was away (a restart, a network cut longer than the
 * queue's retries) are written again every `retryMs` for up to `keepMs`, apart from the ordered queue,
 * so reads and flushes do not wait on an outage. The write must be idempotent.
 */
export function createParkingLot<I>(opts: {
  write: (items: I[]) => Promise<void>;
  /** True for a failure worth waiting out (the store unreachable), false for one that will not pass. */
  waitable: (err: unknown) => boolean;
  retryMs: number;
  keepMs: number;
  now: () => number;
  /** Items kept at most (memory is the bound); one parked past it is given up at once. */
  maxItems?: number;
}): ParkingLot<I> {
  let parked: { item: I; until: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  // Items taken out of `parked` for a write still in flight: they count against `maxItems` too.
  let writing = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closing = false;
  const tryAll = async () => {
    timer = undefined;
    const batch = parked;
    parked = [];
    if (batch.length === 0) return;
    writing += batch.length;
    try {
      await opts.write(batch.map((p) => p.item));
      writing -= batch.length;
      for (const p of batch) p.resolve();
    } catch (err) {
      writing -= batch.length;
      const now = opts.now();
      for (const p of batch) {
        if (closing || now >= p.until || !opts.waitable(err)) p.reject(err);
        else parked.push(p);
      }
    }
    schedule();
  };
  const schedule = () => {
    if (timer !== undefined || parked.length === 0 || closing) return;
    timer = setTimeout(() => void tryAll(), opts.retryMs);
    // A studio stopping is not held up by the wait (close tries once more).
    timer.unref?.();
  };
  return {
    park: (item, err) =>
      new Promise<void>((resolve, reject) => {
        if (closing || !opts.waitable(err)) {
          reject(err);
          return;
        }
        const waiting = parked.length + writing;
        if (waiting >= (opts.maxItems ?? Number.POSITIVE_INFINITY)) {
          reject(
            new StoreError(
              "unavailable",
              `${waiting} items already wait for the store to answer; this one is not kept.`,
            ),
          );
          return;
        }
        parked.push({ item, until: opts.now() + opts.keepMs, resolve, reject });
        schedule();
      }),
    close: async () => {
      closing = true;
      if (timer !== undefined) clearTimeout(timer);
      await tryAll();
    },
  };
}

/**
 * While the store cannot be reached (a database restart, a network cut, a server hanging until its
 * query timeout), what the platform already has or sent (a publish's record, a delivered event) is
 * written again every `OUTAGE_RETRY_MS` for up to `OUTAGE_KEEP_MS`, out of any ordered queue, so
 * neither later writes nor reads wait on it. Memory is the bound: the items are small, and a store
 * that is away refuses new sends' session reads.
 */
export const OUTAGE_RETRY_MS = 5000;
export const OUTAGE_KEEP_MS = 10 * 60_000;

/** A failure worth waiting out: the store could not be reached (not a refusal of the data). */
export const unreachable = (err: unknown) => err instanceof StoreError && err.reason === "unavailable";

/**
 * Items one outage lot keeps at most: a delivery's body is at most 1 MB but usually a few hundred
 * bytes, so a 10-minute outage under a steady stream of events stays within tens of megabytes.
 */
export const OUTAGE_MAX_ITEMS = 10_000;

/** A parking lot (createParkingLot) with the store's outage policy above. */
export function createOutageLot<I>(write: (items: I[]) => Promise<void>): ParkingLot<I> {
  return createParkingLot<I>({
    write,
    waitable: unreachable,
    retryMs: OUTAGE_RETRY_MS,
    keepMs: OUTAGE_KEEP_MS,
    now: () => Date.now(),
    maxItems: OUTAGE_MAX_ITEMS,
  });
}
