import {
  type ComponentType,
  type KeyboardEvent,
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
} from "react";
import type { Widget } from "../platform/widgets";
import { widgetKindOf } from "../widgets/catalog";
import type { WidgetKind } from "../widgets/registry";
import { WIDGET_VIEWS } from "../widgets/views";
import { type ChunkMemory, type FrameChunk, keyedChunks, positionChunks } from "./frame-chunks";
import { framesOf, phoneOf, RUN_CLASS, useFrameLabels } from "./frame-labels";
import { type NearWatcher, useNearView, useNearWatcher } from "./near-view";
import { type PreviewTheme, themeVars, type WidgetPreviewProps } from "./preview-kit";
import { PreviewThemeSwitch } from "./preview-theme-switch";

/** Props of the add-on preview. */
export interface AddonPreviewProps {
  widgets: readonly Widget[];
  /** Stable React keys, one per widget (the editor's widget ids); positions are used without them. */
  keys?: readonly string[];
  theme: PreviewTheme;
  selectedIndex?: number;
  /** Makes each widget clickable and focusable; without it (the emulator's buyer view) widgets are inert. */
  onSelect?: (index: number) => void;
  /** Shows the light/dark switch in the frame's header. */
  onThemeChange?: (theme: PreviewTheme) => void;
  /** A widget shown only as the place something would be added (a drag from the editor's palette): faded, not selectable. */
  ghostIndex?: number;
}

/** Renders one widget's own preview; the kind's component is looked up in the registry. */
function renderKind<K extends WidgetKind>(
  kind: K,
  value: WidgetPreviewProps<K>["value"],
  theme: PreviewTheme,
) {
  const Preview = WIDGET_VIEWS[kind].Preview as ComponentType<WidgetPreviewProps<K>>;
  return <Preview value={value} theme={theme} />;
}

interface FrameProps {
  widget: Widget;
  theme: PreviewTheme;
  selected: boolean;
  /** Shown only as a place (see `ghostIndex`). */
  ghost: boolean;
  /** The one frame in the tab order (roving focus): 500 widgets must not be 500 Tab stops. */
  tabbable: boolean;
  interactive: boolean;
  /** Selects the widget at this position. */
  select: (index: number) => void;
  /** Long previews draw a frame's widget only near the view (see near-view.ts). */
  windowed: boolean;
  watcher: NearWatcher | null;
}

/** From this many widgets on, the editor's preview draws only the frames near the view. */
export const WINDOW_FROM = 200;

/**
 * Frames off screen skip style, layout and paint (`content-visibility: auto`), so a 2,000-widget
 * add-on costs the browser only the frames in view; `auto` in the intrinsic size keeps a frame's
 * last drawn height, so the scroll position stays steady once a frame has been seen. From
 * `WINDOW_FROM` widgets on, frames far from the view are also not drawn at all (near-view.ts): they
 * stay in the page as labelled, selectable empty boxes, but their text is not there to search.
 */
const FRAME_STYLE = { contentVisibility: "auto", containIntrinsicSize: "auto 64px" } as const;

/** The height of a windowed frame not yet drawn (a typical row; drawn frames keep their own). */
const EMPTY_HEIGHT = 64;

/**
 * One widget in the preview; memoised on the widget object so a keystroke re-renders only its
 * widget. It does not know its position: a widget inserted at the top would otherwise re-render
 * every frame below it. Its label is written by `useFrameLabels`.
 */
const WidgetFrame = memo(function WidgetFrame({
  widget,
  theme,
  selected,
  ghost,
  tabbable,
  interactive,
  select,
  windowed,
  watcher,
}: FrameProps) {
  const ref = useRef<HTMLElement>(null);
  const view = useNearView(ref, windowed, watcher);
  const kind = widgetKindOf(widget);
  const value = kind ? widget[kind] : undefined;
  // The selected frame is always drawn: it is the one being edited and scrolled to.
  const drawn = view.near || selected || ghost;
  const body = !drawn ? null : kind && value && typeof value === "object" ? (
    renderKind(kind, value, theme)
  ) : (
    <div className="pv-widget pv-invalid" dir="ltr">
      {/* An English note inside the right-to-left phone: its own direction keeps the full stop at its end. */}
      This entry is not a widget the app can show.
    </div>
  );
  if (ghost)
    return (
      <div className="pv-frame pv-ghost" data-kind={kind} aria-hidden="true">
        {body}
      </div>
    );
  if (!interactive)
    return (
      <div className="pv-frame" data-kind={kind} style={FRAME_STYLE}>
        {body}
      </div>
    );
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    // A frame does not know its position (see above): it reads it from the page when asked.
    const frames = framesOf(phoneOf(e.currentTarget));
    const index = frames.indexOf(e.currentTarget);
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      select(index);
      return;
    }
    // Arrows, Home and End move between widgets (and select them), as in the widget list.
    const to =
      e.key === "ArrowDown"
        ? index + 1
        : e.key === "ArrowUp"
          ? index - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? frames.length - 1
              : -1;
    const target = frames[to];
    if (to < 0 || !target) return;
    e.preventDefault();
    select(to);
    target.focus();
  };
  return (
    // A widget holds its own controls (the description's "more"), so it cannot be a button; it is a
    // focusable article that selects on click, Enter or Space.
    <article
      ref={ref}
      className={selected ? "pv-frame pv-selected" : "pv-frame"}
      data-kind={kind}
      style={drawn ? FRAME_STYLE : { height: view.height || EMPTY_HEIGHT }}
      tabIndex={tabbable ? 0 : -1}
      aria-keyshortcuts="ArrowUp ArrowDown Home End"
      aria-current={selected ? "true" : undefined}
      onClick={(e) => select(framesOf(phoneOf(e.currentTarget)).indexOf(e.currentTarget))}
      onKeyDown={onKeyDown}
    >
      {body}
    </article>
  );
});

/** A chunk of consecutive frames (frame-chunks.ts), drawn in a box of its own (`RUN_CLASS`). */
interface FrameRunProps extends Omit<FrameProps, "widget" | "selected" | "tabbable" | "ghost"> {
  widgets: readonly Widget[];
  keys: readonly string[] | undefined;
  start: number;
  end: number;
  /** Index of the selected widget and of the one frame in the tab order, in the whole preview. */
  selected: number;
  tabbable: number;
  ghost: number;
}

const FrameRun = memo(function FrameRun(props: FrameRunProps) {
  const { widgets, keys, start, end, selected, tabbable, ghost, ...shared } = props;
  const frames = [];
  for (let i = start; i < end; i++) {
    const w = widgets[i];
    if (w === undefined) continue;
    frames.push(
      <WidgetFrame
        key={keys?.[i] ?? i}
        widget={w}
        selected={i === selected}
        ghost={i === ghost}
        tabbable={i === tabbable}
        {...shared}
      />,
    );
  }
  // One box per chunk (see `framesOf`); it has no role, so the frames are the phone's items.
  return <div className={RUN_CLASS}>{frames}</div>;
}, sameRun);

/** Whether a chunk would render the same frames: the same widgets and keys, selection and settings. */
function sameRun(a: FrameRunProps, b: FrameRunProps): boolean {
  const length = a.end - a.start;
  if (length !== b.end - b.start) return false;
  if (a.theme !== b.theme || a.interactive !== b.interactive || a.select !== b.select) return false;
  if (a.windowed !== b.windowed || a.watcher !== b.watcher) return false;
  const inside = (i: number, r: FrameRunProps) => (i >= r.start && i < r.end ? i - r.start : -1);
  if (inside(a.selected, a) !== inside(b.selected, b) || inside(a.tabbable, a) !== inside(b.tabbable, b))
    return false;
  if (inside(a.ghost, a) !== inside(b.ghost, b)) return false;
  for (let j = 0; j < length; j++) {
    if (a.widgets[a.start + j] !== b.widgets[b.start + j]) return false;
    if (a.keys?.[a.start + j] !== b.keys?.[b.start + j]) return false;
  }
  return true;
}

/** The frames' chunks (frame-chunks.ts), each keeping its widgets from one render to the next. */
function useFrameChunks(count: number, keys: readonly string[] | undefined): FrameChunk[] {
  // The chunks of the last render that reached the page: a render React repeats gets the same
  // chunks from it, and one it drops leaves no trace.
  const committed = useRef<ChunkMemory | null>(null);
  const next = useMemo(
    () => (!keys || keys.length !== count ? null : keyedChunks(keys, committed.current)),
    [count, keys],
  );
  useLayoutEffect(() => {
    committed.current = next?.memory ?? null;
  }, [next]);
  return next?.chunks ?? positionChunks(count);
}

/**
 * The add-on as the classifieds app shows it: right to left, in Vazirmatn, in a phone-width frame.
 * Pure (no store, no browser APIs while rendering) so the emulator can render it on the server.
 */
export function AddonPreview(props: AddonPreviewProps) {
  const { widgets, keys, theme, selectedIndex, onSelect, onThemeChange, ghostIndex } = props;
  // The latest onSelect is read through a ref so frames keep a stable callback and stay memoised.
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const phone = useRef<HTMLElement>(null);
  const select = useCallback((i: number) => {
    if (i >= 0) onSelectRef.current?.(i);
  }, []);
  const interactive = onSelect !== undefined;
  const windowed = interactive && widgets.length >= WINDOW_FROM;
  const watcher = useNearWatcher(phone, windowed);
  useFrameLabels(phone, widgets, keys, interactive);
  const chunks = useFrameChunks(widgets.length, keys);
  return (
    <div className="pv-root" data-theme={theme}>
      {onThemeChange ? <PreviewThemeSwitch theme={theme} onChange={onThemeChange} /> : null}
      <section
        ref={phone}
        className="pv-phone"
        dir="rtl"
        lang="fa"
        style={themeVars(theme)}
        aria-label="Add-on preview"
      >
        {widgets.length === 0 ? (
          <p className="pv-empty" dir="ltr" lang="en">
            No widgets yet: add one from the palette.
          </p>
        ) : null}
        {chunks.map((c) => (
          <FrameRun
            key={c.key}
            widgets={widgets}
            keys={keys}
            start={c.start}
            end={c.end}
            selected={selectedIndex ?? -1}
            ghost={ghostIndex ?? -1}
            tabbable={selectedIndex !== undefined && selectedIndex < widgets.length ? selectedIndex : 0}
            theme={theme}
            interactive={interactive}
            select={select}
            windowed={windowed}
            watcher={watcher}
          />
        ))}
      </section>
    </div>
  );
}
