import { afterEach, expect, it, vi } from "vitest";
import { schedulePruning } from "../../src/server/store/pruning";
import { StoreError } from "../../src/server/store/store";

afterEach(() => vi.useRealTimers());

it("prunes at once and on every interval, logs what went, and keeps going after a failure", async () => {
  vi.useFakeTimers();
  const log: string[] = [];
  const outcomes = [
    { events: 3, revocations: 1 },
    new StoreError(
      "unavailable",
      "Could not prune old events: the PostgreSQL server at db:5432 (DATABASE_URL) cannot be reached.",
    ),
    { events: 0, revocations: 0 },
  ];
  const calls: number[] = [];
  const store = {
    prune: async (now: number) => {
      calls.push(now);
      const next = outcomes.shift();
      if (next instanceof Error) throw next;
      return next ?? { events: 0, revocations: 0 };
    },
  };
  const stop = schedulePruning(store, { now: () => 1000, log: (l) => log.push(l), intervalMs: 60_000 });
  await vi.advanceTimersByTimeAsync(0);
  expect(calls).toEqual([1000]);
  await vi.advanceTimersByTimeAsync(60_000);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(calls).toHaveLength(3);
  expect(log).toEqual([
    "store: pruned 3 old events and 1 expired revocations",
    expect.stringContaining("pruning failed (Could not prune old events"),
  ]);
  stop();
  await vi.advanceTimersByTimeAsync(120_000);
  expect(calls).toHaveLength(3);
});
