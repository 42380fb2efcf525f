import type { Range } from "@tanstack/react-virtual";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from "react";
import type { EditorWidget } from "../store/document";
import { lazyModule } from "../ui/lazy-module";
import { scrollIntoContainer } from "../ui/scroll-into-container";
import { rowButtonId } from "./list-ids";
import { WidgetRow } from "./widget-row";

/** TanStack Virtual, loaded only when a list first grows past `PLAIN_LIMIT` rows. */
export type VirtualLib = typeof import("./virtual-kit");

/** Up to this many rows the list renders every row; beyond it, only those in view (TanStack Virtual). */
export const PLAIN_LIMIT = 100;
/**
 * Rows drawn while TanStack Virtual is on its way for a list that just grew long (an import, a share
 * link): a screenful, not `PLAIN_LIMIT` rows that would all be drawn and dropped a moment later.
 */
export const WAITING_ROWS = 24;
/** A row's height before it is measured (a row with its one-line summary, as the CSS draws it). */
const ROW_ESTIMATE = 55;
/** The space between rows (the plain list's `gap` in widget-list.css). */
const ROW_GAP = 6;
/** The height assumed when the list has no layout yet (a test DOM, a hidden panel). */
const NO_LAYOUT_HEIGHT = 1200;

const virtual = lazyModule<VirtualLib>(() => import("./virtual-kit"));

/**
 * TanStack Virtual once `wanted` has been true (it stays loaded); null until it has arrived, or
 * "failed" when it could not be fetched (the list then draws every row rather than hide any).
 */
export function useVirtualLib(wanted: boolean): VirtualLib | null | "failed" {
  const lib = virtual.use();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || lib) return;
    let live = true;
    // The next mount (a reload of the draft, another editor) tries again.
    virtual.load().catch(() => {
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [wanted, lib]);
  return lib ?? (failed ? "failed" : null);
}

/** What both ways of drawing the rows need. */
export interface RowsProps {
  widgets: readonly EditorWidget[];
  ids: readonly string[];
  selectedIndex: number;
  focusIndex: number;
  dragIndex: number;
  body: RefObject<HTMLDivElement | null>;
  list: RefObject<HTMLOListElement | null>;
  /** How many rows PlainRows draws at most. */
  limit?: number;
}

const noMeasure = () => {};

/**
 * Every row, in the normal flow: a short list (or a long one for the moment before TanStack
 * Virtual has arrived, then only its first `PLAIN_LIMIT` rows).
 */
export function PlainRows(props: RowsProps) {
  const { widgets, selectedIndex, focusIndex, body } = props;
  const count = widgets.length;
  const selectedId = widgets[selectedIndex]?.id;
  // The selected row is brought into view, whoever selected it (palette, preview, problems, undo).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count: a widget added at the same selection moves rows
  useEffect(() => {
    const box = body.current;
    if (!selectedId || !box) return;
    // In the frame that paints the change: measuring now would lay the page out in the middle of it.
    const frame = requestAnimationFrame(() => {
      const row = document.getElementById(rowButtonId(selectedId))?.closest("li");
      if (row) scrollIntoContainer(row, box);
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, count]);
  return (
    <ol className="widget-list" aria-label="Add-on widgets" ref={props.list}>
      {widgets.slice(0, props.limit ?? PLAIN_LIMIT).map((w, i) => (
        <WidgetRow
          key={w.id}
          item={w}
          index={i}
          selected={i === selectedIndex}
          tabbable={i === focusIndex}
          top={undefined}
          measure={noMeasure}
        />
      ))}
    </ol>
  );
}

/**
 * Only the rows in view (and a few around them) are in the page, so dnd-kit measures only those;
 * the selected row and the row being dragged stay rendered wherever the list is scrolled (focus and
 * the drag live there). Rows are placed absolutely at the offsets TanStack Virtual measures.
 */
export function VirtualRows(props: RowsProps & { lib: VirtualLib }) {
  const { lib, widgets, ids, selectedIndex, focusIndex, dragIndex, body, list } = props;
  const count = widgets.length;
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => setScrollMargin(list.current?.offsetTop ?? 0), [list]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const out = lib.defaultRangeExtractor(range);
      let added = false;
      for (const i of [focusIndex, dragIndex])
        if (i >= 0 && i < range.count && !out.includes(i)) {
          out.push(i);
          added = true;
        }
      return added ? out.sort((a, b) => a - b) : out;
    },
    [lib, focusIndex, dragIndex],
  );
  const getItemKey = useCallback((i: number) => ids[i] ?? i, [ids]);
  const observeElementRect = useCallback<VirtualLib["observeElementRect"]>(
    (instance, cb) =>
      lib.observeElementRect(instance, (rect) =>
        cb(rect.height > 0 ? rect : { width: rect.width, height: NO_LAYOUT_HEIGHT }),
      ),
    [lib],
  );
  const measureElement = useCallback<VirtualLib["measureElement"]>((el, entry, instance) => {
    const box = entry?.borderBoxSize?.[0];
    if (box) return Math.round(box.blockSize);
    // A row just mounted: its known size or the estimate, without reading the page's layout (that
    // would force one in the middle of an edit); its ResizeObserver reports the drawn size before
    // the frame is painted.
    const key = instance.options.getItemKey(instance.indexFromElement(el));
    return instance.itemSizeCache.get(key) ?? ROW_ESTIMATE;
  }, []);
  const virtualizer = lib.useVirtualizer({
    count,
    getScrollElement: () => body.current,
    estimateSize: () => ROW_ESTIMATE,
    gap: ROW_GAP,
    overscan: 6,
    // A scroll re-renders the rows in React's next task, not inside the scroll event: the frame
    // after an edit that scrolled the list (to keep the new selection in view) otherwise spent
    // ~3-10 ms at 2,000 widgets mounting one overscan row before it could be drawn.
    useFlushSync: false,
    getItemKey,
    rangeExtractor,
    scrollMargin,
    observeElementRect,
    measureElement,
  });
  const selectedId = widgets[selectedIndex]?.id;
  // The selected row is brought into view, whoever selected it (palette, preview, problems, undo).
  // biome-ignore lint/correctness/useExhaustiveDependencies: count: a widget added at the same selection moves rows
  useEffect(() => {
    if (selectedIndex < 0) return;
    let frame = 0;
    const bring = (tries: number) => {
      // From the virtualizer's own record of the view (kept by its observers): reading the page's
      // layout here would force one in the middle of every edit, and the row is usually in view.
      const view = virtualizer.scrollRect?.height ?? 0;
      if (!body.current) return;
      // The list has just appeared and its observer has not reported its size yet (a selection in
      // the preview right after a share link opened): look again in the next frames.
      if (view === 0) {
        if (tries > 0) frame = requestAnimationFrame(() => bring(tries - 1));
        return;
      }
      const top = virtualizer.scrollOffset ?? 0;
      const item = virtualizer.getVirtualItems().find((v) => v.index === selectedIndex);
      if (item && item.start >= top && item.end <= top + view) return;
      // A row near the view (an edit moved the selection just past an edge) is scrolled to by its
      // place, at once: setting scrollTop lays the page out now, which Chrome does right after this
      // task anyway (a click's release runs style, layout and pre-paint; a key's frame does). From
      // the next frame's callback it made that frame lay out and pre-paint the page a second time
      // (~3-5 ms at 2,000 widgets in a trace). The rows follow the scroll in React's next task
      // (useFlushSync: false above). A row just added has its estimated height until its observer
      // reports the drawn one, in the layout of the next frame (after that frame's callbacks), so
      // the frame after it looks again. The virtualizer's own scroll would re-read the list's
      // height for two more frames (~2-4 ms of each).
      const near = item && item.index < count - 1 && item.end > top - view && item.start < top + 2 * view;
      if (near) {
        body.current.scrollTop = item.start < top ? item.start : item.end - view;
        if (tries > 0)
          frame = requestAnimationFrame(() => {
            frame = requestAnimationFrame(() => bring(tries - 1));
          });
        return;
      }
      // A row far off (its place an estimate) and the last one (the drop zone below it comes along)
      // go by the virtualizer, in the frame that draws the edit.
      frame = requestAnimationFrame(() => virtualizer.scrollToIndex(selectedIndex, { align: "auto" }));
    };
    bring(3);
    return () => cancelAnimationFrame(frame);
  }, [selectedId, count]);
  return (
    <ol
      className="widget-list is-virtual"
      aria-label="Add-on widgets"
      ref={list}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((v) => {
        const w = widgets[v.index];
        if (!w) return null;
        return (
          <WidgetRow
            key={w.id}
            item={w}
            index={v.index}
            selected={v.index === selectedIndex}
            tabbable={v.index === focusIndex}
            top={v.start - scrollMargin}
            measure={virtualizer.measureElement}
          />
        );
      })}
    </ol>
  );
}
