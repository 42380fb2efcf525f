/**
 * The preview's frames in chunks, so a structural edit re-renders one chunk, not every frame.
 *
 * A list of 2,000 memoised frames still costs React a fiber visit and a props comparison per frame
 * on every edit that changes the list (an insert, a delete, a move): ~1.7 ms of each add at 2,000
 * widgets in a profile (BENCHMARKS.md, issue 14). In chunks of ~`AVERAGE` frames that keep their
 * members from one render to the next, an edit changes the chunk it falls in and React skips every
 * other with one comparison. Chunks cut by position would all shift after an insert; chunks cut by
 * a hash of the keys would split when an inserted key hashes to a cut, moving the frames before it
 * to another chunk (React cannot move a child between parents: it would draw them anew, blank for
 * a frame). So each widget stays in the chunk it was in; a new one joins its neighbour's chunk.
 * Frames change chunk only when a chunk outgrows `MAX_CHUNK` (split) or a widget moves into another
 * chunk's run (a move, a drag's preview): one widget is drawn anew, the moved one or a neighbour.
 *
 * Each chunk draws its frames in a box of its own (`RUN_CLASS`, frame-labels.ts): a widget whose
 * height changes lays out its box, not every frame of the phone (tenth session).
 */

/** One run of consecutive frames: widgets `start` (inclusive) to `end` (exclusive). */
export interface FrameChunk {
  /** The React key, kept while the chunk lives. */
  key: string;
  start: number;
  end: number;
}

/** What the chunking remembers between renders: each widget key's chunk. */
export interface ChunkMemory {
  chunkOf: ReadonlyMap<string, string>;
  /** The number in the next new chunk's key. */
  next: number;
}

/** Chunks of a list seen for the first time hold this many frames. */
export const AVERAGE = 32;
/** A chunk grown past this (inserts) is cut in equal parts. */
export const MAX_CHUNK = 4 * AVERAGE;

/** Frames without keys (keyed by position): chunks of `AVERAGE` by position. */
export function positionChunks(count: number): FrameChunk[] {
  const out: FrameChunk[] = [];
  for (let start = 0; start < count; start += AVERAGE)
    out.push({ key: `#${start}`, start, end: Math.min(count, start + AVERAGE) });
  return out;
}

/**
 * The chunks of the frames keyed `keys` (stable, unique), keeping each known key in the chunk
 * `memory` has it in; returns them with the memory for the next render.
 */
export function keyedChunks(
  keys: readonly string[],
  memory: ChunkMemory | null,
): { chunks: FrameChunk[]; memory: ChunkMemory } {
  let next = memory?.next ?? 0;
  const fresh = () => `c${next++}`;
  // Each widget's chunk: its own, else its nearest known neighbour's (before it, then after it).
  const of: (string | undefined)[] = keys.map((k) => memory?.chunkOf.get(k));
  let before: string | undefined;
  for (let i = 0; i < of.length; i++) {
    if (of[i] === undefined) of[i] = before;
    else before = of[i];
  }
  let after: string | undefined;
  for (let i = of.length - 1; i >= 0; i--) {
    if (of[i] === undefined) of[i] = after;
    else after = of[i];
  }
  // A widget moved into another chunk's run (a move by one place, a drag's preview) joins that run.
  for (let i = 1; i + 1 < of.length; i++)
    if (of[i - 1] === of[i + 1] && of[i] !== of[i - 1]) of[i] = of[i - 1];
  // None known (a first render, an import replacing every widget): new chunks by position.
  if (of.length > 0 && of[0] === undefined)
    for (let i = 0; i < of.length; i++) of[i] = i % AVERAGE === 0 ? fresh() : of[i - 1];
  const runs = runsOf(of);
  // A chunk whose widgets are now in several runs (one moved out into another chunk) keeps its
  // longest run; the others join the run before them (the one after, at the top).
  const longest = new Map<string, RunOf>();
  for (const r of runs) {
    const best = longest.get(r.key);
    if (!best || r.end - r.start > best.end - best.start) longest.set(r.key, r);
  }
  const merged: RunOf[] = [];
  // Runs at the top whose chunk kept a run further down: they join the first run that keeps its own.
  let orphan: number | undefined;
  for (const r of runs) {
    const last = merged[merged.length - 1];
    if (longest.get(r.key) === r) {
      merged.push({ key: r.key, start: orphan ?? r.start, end: r.end });
      orphan = undefined;
    } else if (last) last.end = r.end;
    else orphan ??= r.start;
  }
  const chunks: FrameChunk[] = [];
  for (const r of merged) {
    // A run over MAX_CHUNK (inserts, a pasted block) is cut in equal parts, none over it, so the
    // same keys give the same chunks next time; the first part keeps the chunk (and its frames).
    const parts = Math.ceil((r.end - r.start) / MAX_CHUNK);
    const size = Math.ceil((r.end - r.start) / parts);
    for (let start = r.start, part = 0; start < r.end; start += size, part++) {
      const key = part === 0 ? r.key : fresh();
      chunks.push({ key, start, end: Math.min(r.end, start + size) });
    }
  }
  const chunkOf = new Map<string, string>();
  for (const c of chunks) for (let i = c.start; i < c.end; i++) chunkOf.set(keys[i] as string, c.key);
  return { chunks, memory: { chunkOf, next } };
}

interface RunOf {
  key: string;
  start: number;
  end: number;
}

/** Maximal runs of equal chunk keys. */
function runsOf(of: readonly (string | undefined)[]): RunOf[] {
  const runs: RunOf[] = [];
  for (let i = 0; i < of.length; i++) {
    const key = of[i] ?? "";
    const last = runs[runs.length - 1];
    if (last && last.key === key) last.end = i + 1;
    else runs.push({ key, start: i, end: i + 1 });
  }
  return runs;
}
