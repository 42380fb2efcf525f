import { describe, expect, it } from "vitest";
import {
  AVERAGE,
  type ChunkMemory,
  type FrameChunk,
  keyedChunks,
  MAX_CHUNK,
  positionChunks,
} from "../../src/preview/frame-chunks";

const ids = (n: number, prefix = "w") => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** Each key's chunk key. */
function chunkOfEach(keys: readonly string[], chunks: readonly FrameChunk[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of chunks) for (let i = c.start; i < c.end; i++) out.set(keys[i] as string, c.key);
  return out;
}

/** The keys of `keys` whose chunk differs between `a` and `b`. */
function moved(keys: readonly string[], a: Map<string, string>, b: Map<string, string>): string[] {
  return keys.filter((k) => a.get(k) !== b.get(k));
}

/** Chunks cover every frame once, in order, with unique keys, none longer than MAX_CHUNK. */
function expectWellFormed(keys: readonly string[], chunks: readonly FrameChunk[]) {
  let at = 0;
  const bad = chunks.filter((c) => {
    const wrong = c.start !== at || c.end <= c.start || c.end - c.start > MAX_CHUNK;
    at = c.end;
    return wrong;
  });
  expect(bad).toEqual([]);
  expect(at).toBe(keys.length);
  expect(new Set(chunks.map((c) => c.key)).size).toBe(chunks.length);
}

function step(keys: string[], memory: ChunkMemory | null) {
  const r = keyedChunks(keys, memory);
  expectWellFormed(keys, r.chunks);
  return r;
}

describe("preview frame chunks: an edit changes only the chunk it falls in", () => {
  const first = ids(2000);
  const start = step(first, null);
  const before = chunkOfEach(first, start.chunks);

  it("chunks a list seen for the first time by position", () => {
    expect(start.chunks).toHaveLength(Math.ceil(2000 / AVERAGE));
    expect(start.chunks.slice(0, -1).every((c) => c.end - c.start === AVERAGE)).toBe(true);
    expect(step([], null).chunks).toEqual([]);
  });

  it("an insert joins the chunk before it; every other chunk keeps its key and widgets", () => {
    for (const at of [0, 1, 31, 32, 33, 1000, 1999, 2000]) {
      const keys = [...first.slice(0, at), "new", ...first.slice(at)];
      const { chunks } = step(keys, start.memory);
      const after = chunkOfEach(keys, chunks);
      expect(moved(first, before, after)).toEqual([]);
      // At the top there is no chunk before it: it joins the one after.
      expect(after.get("new")).toBe(before.get(first[Math.max(0, at - 1)] as string));
    }
  });

  it("a delete leaves every other widget in its chunk", () => {
    for (const at of [0, 31, 32, 1000, 1999]) {
      const keys = first.filter((_, i) => i !== at);
      const after = chunkOfEach(keys, step(keys, start.memory).chunks);
      expect(moved(keys, before, after)).toEqual([]);
    }
    // A whole chunk deleted: the others stay.
    const keys = first.filter((_, i) => i < 64 || i >= 96);
    const after = chunkOfEach(keys, step(keys, start.memory).chunks);
    expect(moved(keys, before, after)).toEqual([]);
  });

  it("a move changes the chunk of one widget at most", () => {
    for (const [from, to] of [
      [5, 6],
      [31, 32],
      [32, 31],
      [0, 1999],
      [1999, 0],
      [700, 40],
    ] as const) {
      const keys = [...first];
      const [key] = keys.splice(from, 1);
      keys.splice(to, 0, key as string);
      const changed = moved(keys, before, chunkOfEach(keys, step(keys, start.memory).chunks));
      expect(changed.length, `${key} from ${from} to ${to}: ${changed.join(", ")}`).toBeLessThanOrEqual(1);
    }
  });

  it("splits a chunk that outgrows MAX_CHUNK, the first half keeping its key; a new list gets new keys", () => {
    let keys = [...first];
    let memory = start.memory;
    const grown = before.get(first[100] as string);
    for (let n = 0; n < MAX_CHUNK; n++) {
      keys.splice(101, 0, `n${n}`);
      memory = step(keys, memory).memory;
    }
    const after = chunkOfEach(keys, step(keys, memory).chunks);
    expect(after.get(first[96] as string)).toBe(grown);
    expect(moved([...first.slice(0, 96), ...first.slice(128)], before, after)).toEqual([]);

    keys = ids(100, "x");
    const fresh = step(keys, memory).chunks;
    const old = new Set(memory.chunkOf.values());
    expect(fresh.some((c) => old.has(c.key))).toBe(false);
  });

  it("a block pasted into one chunk is cut in parts none over MAX_CHUNK, and the same keys give the same chunks again", () => {
    const one = step(["a"], null);
    const keys = ["a", ...ids(2000, "n")];
    const pasted = step(keys, one.memory);
    expect(Math.max(...pasted.chunks.map((c) => c.end - c.start))).toBeLessThanOrEqual(MAX_CHUNK);
    expect(pasted.chunks[0]?.key).toBe(one.chunks[0]?.key);
    const again = step(keys, pasted.memory);
    expect(again.chunks).toEqual(pasted.chunks);
    // A render repeated from the same memory (React's strict mode, a render it drops) agrees too.
    expect(step(keys, one.memory).chunks).toEqual(pasted.chunks);
  });

  it("frames without keys are chunked by position", () => {
    expect(positionChunks(70).map((c) => [c.start, c.end])).toEqual([
      [0, 32],
      [32, 64],
      [64, 70],
    ]);
  });
});
