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

/** The frames of the phone `phone`, in order. */
export function framesOf(phone: Element | null): HTMLElement[] {
  return phone ? [...phone.querySelectorAll<HTMLElement>(":scope > .pv-frame")] : [];
}

/** The frame at `index` under `phone` (the frames are the phone's only children when there are any). */
export function frameAt(phone: Element | null, index: number): HTMLElement | undefined {
  const el = phone?.children.item(index);
  return el instanceof HTMLElement && el.classList.contains("pv-frame") ? el : undefined;
}

interface Labelled {
  widgets: readonly Widget[];
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
  const frames = phone?.children;
  if (!frames || !labelled) return;
  const { widgets } = labelled;
  const skip = frames.length - widgets.length;
  for (let i = 0; i < widgets.length; i++) {
    const widget = widgets[i];
    const el = frames.item(skip + i);
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
    const frames = phone.current?.children;
    if (!enabled || !frames) {
      last.current = null;
      return;
    }
    const prev = last.current;
    // Anything before the frames (the empty-list note) is not a frame.
    const skip = frames.length - widgets.length;
    const els = widgets.map((_, i) => frames.item(skip + i));
    const now: Labelled = { widgets, keys: widgets.map((_, i) => keys?.[i] ?? i), els };
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
