import { type RefObject, useLayoutEffect, useRef } from "react";
import type { Widget } from "../platform/widgets";
import { widgetKindOf, widgetLabel, widgetSummary } from "../widgets/catalog";
import { whenIdle } from "./when-idle";

/**
 * The preview's frame labels ("12. Title: ..."). A frame does not render its own label: its
 * position would make every frame below an inserted widget re-render, which at 2,000 widgets is most
 * of an edit's time. One pass after each render of the widgets writes the labels that changed.
 */

const names = new WeakMap<Widget, string>();

/** A few words naming a widget for screen readers: its kind and its own text (memoised per widget). */
export function widgetName(widget: Widget): string {
  let name = names.get(widget);
  if (name === undefined) {
    const summary = widgetSummary(widget);
    name = widgetKindOf(widget) && summary ? `${widgetLabel(widget)}: ${summary}` : widgetLabel(widget);
    names.set(widget, name);
  }
  return name;
}

/** The class of the box around each chunk of frames (addon-preview.tsx's `FrameRun`). */
export const RUN_CLASS = "pv-run";

/**
 * The frames of the phone `phone`, in order. They sit in runs of a few dozen (one box per chunk,
 * frame-chunks.ts), not straight in the phone: a widget whose height changes then lays out its run
 * and the runs' boxes, not 2,000 siblings (3-5 ms of every keystroke at 2,000 widgets otherwise).
 */
export function framesOf(phone: Element | null): HTMLElement[] {
  const out: HTMLElement[] = [];
  // By sibling links: at 2,000 frames, iterating the live child lists cost ~1 ms per call.
  for (let run = phone?.firstElementChild ?? null; run; run = run.nextElementSibling) {
    if (!run.classList.contains(RUN_CLASS)) continue;
    for (let el = run.firstElementChild; el; el = el.nextElementSibling)
      if (el instanceof HTMLElement) out.push(el);
  }
  return out;
}

/** The frame at `index` under `phone`, found run by run (without listing every frame). */
export function frameAt(phone: Element | null, index: number): HTMLElement | undefined {
  if (index < 0) return undefined;
  let skipped = 0;
  for (let run = phone?.firstElementChild ?? null; run; run = run.nextElementSibling) {
    if (!run.classList.contains(RUN_CLASS)) continue;
    const n = run.childElementCount;
    if (index < skipped + n) {
      const el = run.children.item(index - skipped);
      return el instanceof HTMLElement ? el : undefined;
    }
    skipped += n;
  }
  return undefined;
}

/** The phone a frame is in. */
export function phoneOf(frame: Element): Element | null {
  return frame.parentElement?.parentElement ?? null;
}

interface Labelled {
  widgets: readonly Widget[];
  /** The `keys` given (the same list while no widget is added, removed or moved), if any. */
  given: readonly string[] | undefined;
  keys: readonly (string | number)[];
  /** The frame elements labelled, by position: a frame drawn anew (its chunk split) has none yet. */
  els: readonly (Element | null)[];
}

/** A frame's label: its position (1-based) and its widget's name. */
function frameLabel(index: number, widget: Widget): string {
  return `${index + 1}. ${widgetName(widget)}`;
}

/** Writes the label of each frame under `phone` that differs from its widget's position and name. */
function labelAll(phone: Element | null, labelled: Labelled | null): void {
  if (!phone || !labelled) return;
  const frames = framesOf(phone);
  const { widgets } = labelled;
  for (let i = 0; i < widgets.length; i++) {
    const widget = widgets[i];
    const el = frames[i];
    if (!widget || !el) continue;
    const label = frameLabel(i, widget);
    if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
  }
}

/**
 * Keeps the labels of the frames under `phone` (one per widget, in order, keyed by `keys`) equal to
 * their position and name. Only a frame whose key, widget or element changed at its position is
 * written: a keystroke writes one label, a delete the labels below it, a chunk drawn anew its frames
 * (frame-chunks.ts). Frames drawn (near the view, and the
 * selected one) are labelled in the same frame as the edit; the empty boxes far from the view, at
 * the next idle moment (a delete near the top of 2,000 widgets relabels ~2,000 frames, ~1.5 ms of
 * the edit otherwise; measured in BENCHMARKS.md, issue 14).
 */
export function useFrameLabels(
  phone: RefObject<Element | null>,
  widgets: readonly Widget[],
  keys: readonly string[] | undefined,
  enabled: boolean,
): void {
  const last = useRef<Labelled | null>(null);
  const pending = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    if (!enabled || !phone.current) {
      last.current = null;
      return;
    }
    const prev = last.current;
    // The same keys (a keystroke, a change of one widget): the same frames, chunks and elements
    // (frame-chunks.ts), so the page is not walked again (~0.35 ms of each keystroke at 2,000).
    const same =
      prev !== null && keys !== undefined && prev.given === keys && prev.els.length === widgets.length;
    let now: Labelled;
    if (same) now = { ...prev, widgets };
    else {
      const frames = framesOf(phone.current);
      const els = widgets.map((_, i) => frames[i] ?? null);
      now = { widgets, given: keys, keys: widgets.map((_, i) => keys?.[i] ?? i), els };
    }
    const { els } = now;
    let later = false;
    for (let i = 0; i < widgets.length; i++) {
      const el = els[i];
      if (prev && prev.keys[i] === now.keys[i] && prev.widgets[i] === widgets[i] && prev.els[i] === el)
        continue;
      const widget = widgets[i];
      if (!widget || !el) continue;
      // An empty box (a windowed frame far from the view) has no children.
      if (el.firstChild === null && prev) later = true;
      else el.setAttribute("aria-label", frameLabel(i, widget));
    }
    last.current = now;
    if (later && !pending.current)
      pending.current = whenIdle(() => {
        pending.current = null;
        labelAll(phone.current, last.current);
      }, 300);
  }, [phone, widgets, keys, enabled]);
  useLayoutEffect(
    () => () => {
      pending.current?.();
      pending.current = null;
    },
    [],
  );
}
