import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";

const STEP = 24;

/**
 * The draggable top edge of a bottom panel: pointer drag or arrow keys change the height, Home and
 * End jump to the least and the most, a double click (or Enter) gives the height back to the
 * panel's default.
 */
export function PanelResizer(props: {
  label: string;
  controls: string;
  height: number | null;
  /** The panel body's height right now, used when no height was chosen yet. */
  measure: () => number;
  min: number;
  max: () => number;
  onHeight: (height: number | null) => void;
}) {
  const start = useRef<{ y: number; h: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const clamp = (h: number) => Math.round(Math.min(props.max(), Math.max(props.min, h)));
  const current = () => props.height ?? props.measure();
  // The panel's height as measured when the separator took focus: what a screen reader reads out
  // (a measure made while rendering is the previous layout's).
  const [measured, setMeasured] = useState<number | null>(null);
  const shown = Math.round(props.height ?? measured ?? props.measure());

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { y: e.clientY, h: current() };
    setDragging(true);
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (!start.current) return;
    // The edge is on top: moving up makes the panel taller.
    props.onHeight(clamp(start.current.h + start.current.y - e.clientY));
  }
  function onPointerUp() {
    start.current = null;
    setDragging(false);
  }
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // A panel drawn shorter than the least height (a short list of problems) grows from that least
    // height: Up always makes it taller.
    const h = Math.max(props.min, current());
    // As the WAI-ARIA window splitter: Home gives the panel its least height, End its most.
    const next =
      e.key === "ArrowUp"
        ? h + STEP
        : e.key === "ArrowDown"
          ? h - STEP
          : e.key === "Home"
            ? props.min
            : e.key === "End"
              ? props.max()
              : null;
    if (e.key === "Enter") {
      e.preventDefault();
      props.onHeight(null);
      return;
    }
    if (next === null) return;
    e.preventDefault();
    props.onHeight(clamp(next));
  }
  return (
    // A focusable separator is the ARIA pattern for a splitter (WAI-ARIA "window splitter").
    // biome-ignore lint/a11y/useSemanticElements: <hr> cannot take focus or pointer drags.
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label={props.label}
      aria-controls={props.controls}
      // A focusable separator must state its value: the chosen height, or the one the panel has now.
      aria-valuenow={shown}
      aria-valuemin={Math.min(props.min, shown)}
      aria-valuemax={Math.round(props.max())}
      tabIndex={0}
      title="Drag (or Up and Down arrows) to resize; double-click (or Enter) to reset"
      className={`panel-resizer ${dragging ? "is-dragging" : ""}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => props.onHeight(null)}
      onFocus={() => setMeasured(props.measure())}
      onKeyDown={onKeyDown}
    />
  );
}
