import { type ReactNode, useEffect, useLayoutEffect } from "react";
import { afterFirstPaint } from "../shell/after-first-paint";
import { lazyModule } from "./lazy-module";

/** The drag-and-drop chunk (dnd-kit, our pointer sensor). */
export type DragKit = typeof import("./drag-kit");

/** What had focus when the chunk arrived: the parts that gain drag are drawn anew and lose it. */
let focusBefore: { el: Element; id: string; label: string | null } | null = null;

/** Whether a pointer button is down now (a press must not see its target drawn anew). */
let pressed = false;
if (typeof document !== "undefined") {
  const opts = { capture: true, passive: true };
  const set = (down: boolean) => () => {
    pressed = down;
  };
  document.addEventListener("pointerdown", set(true), opts);
  document.addEventListener("pointerup", set(false), opts);
  document.addEventListener("pointercancel", set(false), opts);
}

/** Runs `f` now, or after the press under way has ended and its click has been delivered. */
function whenReleased(f: () => void): void {
  if (!pressed) {
    f();
    return;
  }
  const done = () => {
    document.removeEventListener("pointerup", done, true);
    document.removeEventListener("pointercancel", done, true);
    // The click follows pointerup in the same input task; a timer runs after it.
    setTimeout(f, 0);
  };
  document.addEventListener("pointerup", done, true);
  document.addEventListener("pointercancel", done, true);
}

/**
 * The drag chunk. A click under way when it arrives is let through first: the switch would draw its
 * target anew and lose it; what has focus then is noted, so it gets it back.
 */
const dragKit = lazyModule<DragKit>(
  () => import("./drag-kit"),
  (_, publish) =>
    whenReleased(() => {
      const el = document.activeElement;
      focusBefore =
        el instanceof HTMLElement && el !== document.body
          ? { el, id: el.id, label: el.getAttribute("aria-label") }
          : null;
      publish();
      // Tests (and the bench) wait on this before they drag.
      document.documentElement.dataset.drag = "ready";
      // Only the redraw this arrival causes may move focus; a later mount must not.
      setTimeout(() => {
        focusBefore = null;
      }, 0);
    }),
);

/** Loads the drag chunk (once; a failed fetch is tried again at the next call). */
export const loadDragKit = dragKit.load;

/** The drag chunk once it has arrived, else null (drag is off; click and keys still work). */
export const useDragKit = dragKit.use;

/**
 * Draws `children` plain until the drag chunk has arrived (fetched right after the first paint), then
 * inside `withKit` (a dnd-kit context). The switch draws `children` anew once, early; the element that
 * had focus then gets it back (found by id or accessible name).
 */
export function DragArea(props: {
  children: ReactNode;
  withKit: (kit: DragKit, children: ReactNode) => ReactNode;
}) {
  const k = useDragKit();
  useEffect(() => {
    afterFirstPaint(() =>
      loadDragKit().catch(() => {
        // Without the chunk the editor still works by click and keys; a later mount tries again.
      }),
    );
  }, []);
  useLayoutEffect(() => {
    const was = focusBefore;
    if (!k || !was || was.el.isConnected) return;
    focusBefore = null;
    const again =
      (was.id ? document.getElementById(was.id) : null) ??
      (was.label ? document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(was.label)}"]`) : null);
    if (again instanceof HTMLElement) again.focus({ preventScroll: true });
  }, [k]);
  return k ? props.withKit(k, props.children) : props.children;
}
