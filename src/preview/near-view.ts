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

/** How far beyond the scrolled view a frame still draws its widget (px). */
const MARGIN = 1200;

/** The box that scrolls the frames: the phone itself in the editor (it scrolls its own screen), else an ancestor. */
function scrollParent(el: Element | null): Element | null {
  for (let p = el; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if (y === "auto" || y === "scroll") return p;
  }
  return null;
}

/**
 * One IntersectionObserver for the frames of the preview under `anchor`, rooted at its scrolling
 * ancestor so the margin applies there (with the viewport as root, the column's clip would hide
 * frames just below it before the margin counts). Null until mounted, or where the browser has none.
 */
export function useNearWatcher(anchor: RefObject<Element | null>, enabled: boolean): NearWatcher | null {
  const [watcher, setWatcher] = useState<NearWatcher | null>(null);
  useEffect(() => {
    if (!enabled || typeof IntersectionObserver !== "function") return;
    const callbacks = new Map<Element, (near: boolean, height: number) => void>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) callbacks.get(e.target)?.(e.isIntersecting, e.boundingClientRect.height);
      },
      { root: scrollParent(anchor.current), rootMargin: `${MARGIN}px 0px` },
    );
    setWatcher({
      watch(el, onChange) {
        callbacks.set(el, onChange);
        io.observe(el);
        return () => {
          callbacks.delete(el);
          io.unobserve(el);
        };
      },
    });
    return () => {
      io.disconnect();
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
    if (!windowed || typeof IntersectionObserver !== "function") {
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
