import { type RefObject, useLayoutEffect, useRef } from "react";
import type { Widget } from "../platform/widgets";
import { widgetKindOf, widgetLabel, widgetSummary } from "../widgets/catalog";

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

interface Labelled {
  widgets: readonly Widget[];
  keys: readonly (string | number)[];
}

/**
 * Keeps the labels of the frames under `phone` (one per widget, in order, keyed by `keys`) equal to
 * their position and name. Only a frame whose key or widget changed at its position is written: a
 * keystroke writes one label, a delete the labels below it.
 */
export function useFrameLabels(
  phone: RefObject<Element | null>,
  widgets: readonly Widget[],
  keys: readonly string[] | undefined,
  enabled: boolean,
): void {
  const last = useRef<Labelled | null>(null);
  useLayoutEffect(() => {
    const frames = phone.current?.children;
    if (!enabled || !frames) {
      last.current = null;
      return;
    }
    const prev = last.current;
    // Anything before the frames (the empty-list note) is not a frame.
    const skip = frames.length - widgets.length;
    const now: Labelled = { widgets, keys: widgets.map((_, i) => keys?.[i] ?? i) };
    for (let i = 0; i < widgets.length; i++) {
      if (prev && prev.keys[i] === now.keys[i] && prev.widgets[i] === widgets[i]) continue;
      const widget = widgets[i];
      const el = frames.item(skip + i);
      if (widget && el) el.setAttribute("aria-label", `${i + 1}. ${widgetName(widget)}`);
    }
    last.current = now;
  }, [phone, widgets, keys, enabled]);
}
