import { describe, expect, it } from "vitest";
import {
  createBatcher,
  createParkingLot,
  createWriteQueue,
  type WriteQueueOptions,
} from "../../src/server/store/write-queue";

class Refused extends Error {}

function queueOver(
  write: WriteQueueOptions<number>["write"],
  extra: Partial<WriteQueueOptions<number>> = {},
) {
  return createWriteQueue<number>({
    write,
    maxBatch: 3,
    lingerMs: 0,
    retryDelaysMs: [1, 1],
    retryable: (err) => !(err instanceof Refused),
    splittable: (err) => err instanceof Refused,
    ...extra,
  });
}

describe("write-behind queue (publish records)", () => {
  it("writes items in the order pushed, several per write, and flush waits for all of them", async () => {
    const written: number[][] = [];
    const q = queueOver(
      async (items) => {
        written.push(items);
      },
      { lingerMs: 60_000 },
    );
    const all = [1, 2, 3, 4, 5, 6, 7].map((i) => q.push(i));
    // The linger is long, but a full batch starts at once, and flush starts the rest.
    await q.flush();
    await Promise.all(all);
    expect(written.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(written.every((b) => b.length <= 3)).toBe(true);
    expect(written.length).toBeLessThan(7);
  });

  it("retries a failed write a bounded number of times, then rejects that item and goes on with the next", async () => {
    const calls: number[][] = [];
    const q = queueOver(async (items) => {
      calls.push(items);
      if (items.includes(1)) throw new Error("connection lost");
    });
    const first = q.push(1);
    const second = q.push(2);
    await expect(first).rejects.toThrow("connection lost");
    await expect(second).resolves.toBeUndefined();
    // One attempt and two retries for item 1 (never more), then item 2 once.
    expect(calls.filter((b) => b.includes(1))).toHaveLength(3);
    expect(calls.at(-1)).toEqual([2]);
  });

  it("recovers when a retry succeeds, writing the item once more only", async () => {
    let failures = 1;
    const stored: number[] = [];
    const q = queueOver(async (items) => {
      if (failures-- > 0) throw new Error("not now");
      stored.push(...items);
    });
    await q.push(9);
    expect(stored).toEqual([9]);
  });

  it("finds the one item the database refuses in a batch and writes its neighbours", async () => {
    const stored: number[] = [];
    const q = queueOver(
      async (items) => {
        if (items.includes(13)) throw new Refused("refused");
        stored.push(...items);
      },
      { lingerMs: 60_000 },
    );
    const results = await Promise.allSettled([12, 13, 14].map((i) => q.push(i)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(stored).toEqual([12, 14]);
  });

  it("flush resolves at once when nothing is queued, and after a given-up item too", async () => {
    const q = queueOver(async () => {
      throw new Refused("refused");
    });
    await q.flush();
    const lost = q.push(1).catch((e: unknown) => e);
    await q.flush();
    expect(await lost).toBeInstanceOf(Refused);
  });
});

/** A write that stays in flight until `open` is called. */
function gate(): { closed: Promise<void>; open: () => void } {
  let open: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

/**
 * A batcher whose first write stays in flight until `open()` (so the calls made meanwhile batch up),
 * recording the items of each write; `out` answers write number `n` (1-based) or throws.
 */
function heldBatcher<I, O>(
  out: (items: I[], n: number) => O[],
  options: { maxBatch?: number; retryAlone?: (err: unknown) => boolean } = {},
) {
  const writes: I[][] = [];
  const first = gate();
  const write = createBatcher<I, O>(
    async (items) => {
      writes.push(items);
      const n = writes.length;
      if (n === 1) await first.closed;
      return out(items, n);
    },
    { maxBatch: options.maxBatch ?? 10, retryAlone: options.retryAlone ?? (() => false) },
  );
  return { write, writes, open: first.open };
}

// A publish the platform has must keep its history entry through a database restart or a network cut
// longer than the queue's three retries (~2 s): it was given up and lost (a team's PostgreSQL review).
describe("records waiting out an outage (publish records)", () => {
  class Away extends Error {}
  const lotOver = (write: (items: number[]) => Promise<void>, keepMs = 60_000) =>
    createParkingLot<number>({
      write,
      waitable: (e) => e instanceof Away,
      retryMs: 5,
      keepMs,
      now: Date.now,
    });

  it("writes a record once the store is back, and each item once only", async () => {
    let down = 4;
    const written: number[] = [];
    const lot = lotOver(async (items) => {
      if (down-- > 0) throw new Away("unreachable");
      written.push(...items);
    });
    const done = Promise.all([lot.park(1, new Away("x")), lot.park(2, new Away("x"))]);
    await done;
    expect(written).toEqual([1, 2]);
  });

  it("keeps at most maxItems: one more is given up at once, saying why", async () => {
    const lot = createParkingLot<number>({
      write: async () => {
        throw new Away("still away");
      },
      waitable: (e) => e instanceof Away,
      retryMs: 60_000,
      keepMs: 60_000,
      now: Date.now,
      maxItems: 2,
    });
    const kept = [lot.park(1, new Away("x")), lot.park(2, new Away("x"))];
    for (const k of kept) k.catch(() => {});
    await expect(lot.park(3, new Away("x"))).rejects.toThrow("2 items already wait for the store to answer");
    await lot.close();
    await expect(kept[0]).rejects.toThrow("still away");
  });

  it("counts the items of a write still in flight against maxItems", async () => {
    let release: () => void = () => {};
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lot = createParkingLot<number>({
      write: () => hanging,
      waitable: (e) => e instanceof Away,
      retryMs: 1,
      keepMs: 60_000,
      now: Date.now,
      maxItems: 2,
    });
    const kept = [lot.park(1, new Away("x")), lot.park(2, new Away("x"))];
    // The retry has taken both out of the lot and is writing them (a store that hangs).
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(lot.park(3, new Away("x"))).rejects.toThrow("2 items already wait for the store to answer");
    release();
    await Promise.all(kept);
  });

  it("gives up at once on a failure no wait fixes, and after keepMs on an outage", async () => {
    const lot = lotOver(async () => {
      throw new Away("still away");
    }, 30);
    await expect(lot.park(1, new Refused("bad data"))).rejects.toBeInstanceOf(Refused);
    const started = Date.now();
    await expect(lot.park(2, new Away("x"))).rejects.toThrow("still away");
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);
  });

  it("tries once more when closing, then gives up on what is still not written, without waiting", async () => {
    let up = false;
    const written: number[] = [];
    const lot = lotOver(async (items) => {
      if (!up) throw new Away("away");
      written.push(...items);
    }, 60_000);
    const first = lot.park(1, new Away("x"));
    up = true;
    await lot.close();
    await first;
    expect(written).toEqual([1]);
    const stillAway = lotOver(async () => {
      throw new Away("away");
    });
    const second = stillAway.park(2, new Away("x"));
    await stillAway.close();
    await expect(second).rejects.toThrow("away");
    await expect(stillAway.park(3, new Away("x"))).rejects.toBeInstanceOf(Away);
  });
});

describe("group commit (deliveries)", () => {
  it("writes a call at once when nothing is in flight, and the calls made meanwhile together next", async () => {
    const { write, writes, open } = heldBatcher<number, number>((items) => items, { maxBatch: 3 });
    const calls = [write(1)];
    // The first call's write started at once, alone.
    expect(writes).toEqual([[1]]);
    calls.push(write(2), write(3), write(4), write(5));
    expect(writes).toEqual([[1]]);
    open();
    await Promise.all(calls);
    // The four that waited go as the next writes, in order, at most maxBatch per write.
    expect(writes).toEqual([[1], [2, 3, 4], [5]]);
  });

  it("gives each caller its own output, only once its own batch was written", async () => {
    const { write, writes, open } = heldBatcher<string, string>((items) => items.map((i) => `row of ${i}`));
    const a = write("a");
    const [b, c] = [write("b"), write("c")];
    let settled = false;
    void Promise.race([a, b, c]).then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    open();
    expect(await Promise.all([a, b, c])).toEqual(["row of a", "row of b", "row of c"]);
    expect(writes.length).toBe(2);
  });

  it("writes each item of a batch refused by retryAlone on its own: the bad one fails, its neighbours succeed", async () => {
    const { write, writes, open } = heldBatcher<number, number>(
      (items) => {
        if (items.includes(13)) throw new Refused("refused");
        return items.map((i) => i * 10);
      },
      { retryAlone: (err) => err instanceof Refused },
    );
    const calls = [1, 12, 13, 14].map((i) => write(i));
    open();
    const results = await Promise.allSettled(calls);
    expect(results).toEqual([
      { status: "fulfilled", value: 10 },
      { status: "fulfilled", value: 120 },
      { status: "rejected", reason: expect.any(Refused) },
      { status: "fulfilled", value: 140 },
    ]);
    expect(writes).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });

  it("rejects the whole batch, without a retry, when retryAlone does not accept the failure", async () => {
    const { write, writes, open } = heldBatcher<number, number>(
      (items, n) => {
        if (n === 2) throw new Error("connection lost");
        return items;
      },
      { retryAlone: (err) => err instanceof Refused },
    );
    const calls = [1, 2, 3].map((i) => write(i));
    open();
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(writes).toEqual([[1], [2, 3]]);
    // The batcher goes on after the failure.
    await expect(write(4)).resolves.toBe(4);
  });

  it("rejects only the items at the end of a batch that the write returned no output for", async () => {
    // One output fewer than items given.
    const { write, open } = heldBatcher<number, number>((items) => items.slice(0, -1).map((i) => i * 10));
    const lone = write(1);
    const calls = [2, 3, 4].map((i) => write(i));
    open();
    await expect(lone).rejects.toThrow("fewer rows");
    const results = await Promise.allSettled(calls);
    expect(results).toEqual([
      { status: "fulfilled", value: 20 },
      { status: "fulfilled", value: 30 },
      {
        status: "rejected",
        reason: expect.objectContaining({ message: expect.stringMatching(/fewer rows/) }),
      },
    ]);
  });
});
