import { type RefObject, useEffect, useState } from "react";

/**
 * Windowing for long previews: a frame draws its widget only while it is within a screen or so of
 * the scrolled view, and is an empty box of its last drawn height otherwise. The frames themselves
 * (labels, click and keyboard selection, order) stay in the page; only their insides come and go.
 */

/** Frames registered with one observer; `watch` returns the function that stops watching. */
export interface NearWatcher {
  watch(el: Element, onChange: (near: boolean, height: number) => void): () => void;
}

/** The index of the first of `items` (boxes stacked top to bottom) whose bottom edge is below `top`. */
function firstBelow(items: HTMLCollection, top: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items.item(mid)?.getBoundingClientRect().bottom ?? 0) <= top) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How far beyond the scrolled view a frame still draws its widget (px). */
const MARGIN = 1200;

/** Whether the page is laid out and watched (not in jsdom or an old browser, where every frame is drawn). */
function canWindow(): boolean {
  return typeof ResizeObserver === "function" && typeof requestAnimationFrame === "function";
}

/**
 * One watcher for the frames of the preview under `anchor` (the phone; its children are runs of
 * frames). It finds the frames within `MARGIN` of the phone's view by a binary search over the runs'
 * and the frames' boxes, in the frame after a scroll, a resize or a frame coming or going. An IntersectionObserver
 * of every frame did the same, but at 2,000 frames it spent 3-4 ms of every rendered frame (a
 * keystroke's included) computing 2,000 intersections. Null until mounted, or where the page is
 * not laid out (`canWindow`).
 */
export function useNearWatcher(anchor: RefObject<Element | null>, enabled: boolean): NearWatcher | null {
  const [watcher, setWatcher] = useState<NearWatcher | null>(null);
  useEffect(() => {
    const phone = anchor.current;
    if (!enabled || !phone || !canWindow()) return;
    const callbacks = new Map<Element, (near: boolean, height: number) => void>();
    let near = new Set<Element>();
    let pending = 0;
    const update = () => {
      pending = 0;
      const view = phone.getBoundingClientRect();
      const top = view.top - MARGIN;
      const bottom = view.bottom + MARGIN;
      // The frames sit in runs (frame-chunks.ts), stacked in order: the first run, then the first
      // frame in it, whose bottom edge is below the top of the window, then every frame from there
      // until one starts below its bottom.
      const runs = phone.children;
      const next = new Set<Element>();
      const from = firstBelow(runs, top);
      scan: for (let r = from; r < runs.length; r++) {
        const frames = runs.item(r)?.children;
        if (!frames) break;
        for (let i = r === from ? firstBelow(frames, top) : 0; i < frames.length; i++) {
          const el = frames.item(i);
          if (!el) break;
          if (el.getBoundingClientRect().top >= bottom) break scan;
          if (callbacks.has(el)) next.add(el);
        }
      }
      let changed = false;
      for (const el of near)
        if (!next.has(el)) {
          changed = true;
          callbacks.get(el)?.(false, el.getBoundingClientRect().height);
        }
      for (const el of next)
        if (!near.has(el)) {
          changed = true;
          callbacks.get(el)?.(true, el.getBoundingClientRect().height);
        }
      near = next;
      // Frames drawn or emptied change height and move the ones below: look again once they have.
      if (changed) schedule();
    };
    const schedule = () => {
      if (!pending) pending = requestAnimationFrame(update);
    };
    phone.addEventListener("scroll", schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    // The phone scrolls its own screen (preview.css).
    resize.observe(phone);
    setWatcher({
      watch(el, onChange) {
        callbacks.set(el, onChange);
        schedule();
        return () => {
          callbacks.delete(el);
          near.delete(el);
          schedule();
        };
      },
    });
    return () => {
      phone.removeEventListener("scroll", schedule);
      resize.disconnect();
      cancelAnimationFrame(pending);
      setWatcher(null);
    };
  }, [anchor, enabled]);
  return watcher;
}

/**
 * Whether the frame `ref` is near the view (always, when not `windowed`), and the height it had when
 * last drawn (for its empty box). A windowed frame starts empty until the watcher has seen it.
 */
export function useNearView(ref: RefObject<Element | null>, windowed: boolean, watcher: NearWatcher | null) {
  const [state, setState] = useState({ near: !windowed, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!windowed || !canWindow()) {
      setState((s) => (s.near ? s : { ...s, near: true }));
      return;
    }
    if (!watcher || !el) return;
    return watcher.watch(el, (near, height) =>
      setState((s) =>
        s.near === near && (near || s.height === height)
          ? s
          : // A drawn frame leaving the view keeps its drawn height for its empty box.
            { near, height: s.near ? height : s.height || height },
      ),
    );
  }, [ref, windowed, watcher]);
  return state;
}
