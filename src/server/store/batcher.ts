/**
 * Group commit: while one write is in flight, the calls that arrive wait and go together as the next
 * write (one statement, one commit), so concurrent deliveries share the cost of a round trip and a
 * commit. A call made while nothing is in flight is written at once, alone: latency is unchanged.
 * Each caller still gets its own result only after its own row was committed.
 */
export function createBatcher<I, O>(
  write: (items: I[]) => Promise<O[]>,
  opts: { maxBatch: number; retryAlone: (err: unknown) => boolean },
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  const settle = async (batch: Waiting[]) => {
    try {
      const out = await write(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const o = out[i];
        if (o === undefined) w.reject(new Error("the batch write returned fewer rows than it was given"));
        else w.resolve(o);
      });
    } catch (err) {
      // One bad row must not fail its neighbours: write each alone to find it.
      if (batch.length > 1 && opts.retryAlone(err)) for (const w of batch) await settle([w]);
      else for (const w of batch) w.reject(err);
    }
  };

  const pump = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, opts.maxBatch);
      queue = queue.slice(batch.length);
      await settle(batch);
    }
    running = false;
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void pump();
    });
}
