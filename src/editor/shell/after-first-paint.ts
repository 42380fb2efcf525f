// The parts kept out of the first load (the contract, the inspector's forms, dnd-kit, the preview's
// icon drawings) are fetched once the editor's first frame is painted and the page has had an idle
// moment, not in the frames right after it: a click on the palette at once (the bench's "editor
// interactive") then draws its row without waiting behind their fetch, compile and evaluation.
// Measured: BENCHMARKS.md, issue 14.

import { whenIdle } from "../../preview/when-idle";

const queue: (() => void)[] = [];
let armed = false;
let painted = false;

function run(): void {
  painted = true;
  for (const task of queue.splice(0)) task();
}

function arm(): void {
  if (armed) return;
  armed = true;
  // After the frame (a timer after its animation-frame callback), then at the next idle moment;
  // the timeout bounds the wait on a page that is never idle.
  const afterFrame = () => setTimeout(() => whenIdle(run, 500), 0);
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(afterFrame);
  else afterFrame();
}

/** Runs `task` after the first paint and an idle moment (at once when that moment has passed). */
export function afterFirstPaint(task: () => void): void {
  if (painted) {
    task();
    return;
  }
  queue.push(task);
  arm();
}
