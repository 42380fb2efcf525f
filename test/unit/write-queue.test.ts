import { describe, expect, it } from "vitest";
import { createWriteQueue, type WriteQueueOptions } from "../../src/server/store/write-queue";

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
