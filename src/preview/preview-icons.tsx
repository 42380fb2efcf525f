import { useEffect, useSyncExternalStore } from "react";
import { registerDeferred } from "./deferred";

// Icons are drawn from Material Symbols (src/preview/icon-symbols, written by scripts/extract-icons.mjs).
// Nothing of it is in the first-load chunk: the name -> drawing index is a small chunk fetched right
// after the editor is usable, and each drawing is its own chunk, fetched when an icon first shows it.

/** What the preview draws icons from: the name -> drawing index, and a way to fetch one drawing. */
export interface IconCatalogue {
  /** The drawing's file name for an icon name, or undefined for the labelled placeholder. */
  symbolFileOf(name: string): string | undefined;
  /** Fetches a drawing's SVG path data; undefined when there is no such drawing. */
  loadSymbolPath(file: string): Promise<string> | undefined;
}

let catalogue: IconCatalogue | undefined;
let loading: Promise<void> | undefined;
const paths = new Map<string, string>();
const pending = new Set<string>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const l of listeners) l();
}

/** Defined (true) only in the CLI's server bundle (tsdown.config.ts), which never loads icons lazily. */
declare const __ADDON_STUDIO_SERVER_BUNDLE__: boolean | undefined;

function loadCatalogue(): Promise<void> {
  // The bundler drops this branch from the server bundle, and with it the per-drawing chunks.
  if (typeof __ADDON_STUDIO_SERVER_BUNDLE__ !== "undefined") return Promise.resolve();
  loading ??= Promise.all([import("./icon-index"), import("./icon-loaders")]).then(
    ([index, loaders]) => {
      catalogue ??= { symbolFileOf: index.symbolFileOf, loadSymbolPath: loaders.loadSymbolPath };
      changed();
    },
    () => {
      // Forget the failure, so the next icon shown tries again.
      loading = undefined;
    },
  );
  return loading;
}
registerDeferred(loadCatalogue);

function requestPath(file: string): void {
  if (!catalogue || paths.has(file) || pending.has(file)) return;
  const load = catalogue.loadSymbolPath(file);
  if (!load) return;
  pending.add(file);
  load.then(
    (d) => {
      pending.delete(file);
      paths.set(file, d);
      changed();
    },
    // A failed fetch leaves the icon empty; the next render of it tries again.
    () => pending.delete(file),
  );
}

/**
 * Hands every drawing over up front, for server rendering: a page drawn by react-dom/server is drawn
 * once, so icons waiting for a lazy chunk would stay empty boxes.
 */
export function provideIconDrawings(
  symbolFileOf: (name: string) => string | undefined,
  allPaths: Readonly<Record<string, string>>,
): void {
  for (const [file, d] of Object.entries(allPaths)) paths.set(file, d);
  // Every drawing is in `paths` already: none is ever fetched.
  catalogue = { symbolFileOf, loadSymbolPath: () => undefined };
  loading = Promise.resolve();
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const PLACEHOLDER = "placeholder";

/**
 * What an icon name shows now, as one string (so an icon re-renders only when its own state changes,
 * not at every drawing's arrival): null while the index loads, "" while its drawing loads, the
 * drawing's path data, or PLACEHOLDER when there is no drawing for the name.
 */
function drawingOf(name: string): string | null {
  if (!catalogue) return null;
  const file = catalogue.symbolFileOf(name);
  if (file === undefined) return PLACEHOLDER;
  return paths.get(file) ?? "";
}

/**
 * How the preview draws an icon name right now: `pending` until the index (or the drawing) arrives,
 * `drawn` with its path data, or `placeholder` when there is no drawing for the name.
 */
export function useIconDrawing(
  name: string,
): { state: "pending" } | { state: "drawn"; d: string } | { state: "placeholder" } {
  const read = () => drawingOf(name);
  const d = useSyncExternalStore(subscribe, read, read);
  useEffect(() => {
    if (d === null) void loadCatalogue();
    else if (d === "") {
      const file = catalogue?.symbolFileOf(name);
      if (file !== undefined) requestPath(file);
    }
  });
  if (d === null || d === "") return { state: "pending" };
  if (d === PLACEHOLDER) return { state: "placeholder" };
  return { state: "drawn", d };
}

/** An icon by platform name: its Material Symbols drawing when mapped, else a neutral glyph with the name. */
export function PreviewIcon(props: { name: string; color?: string | undefined; size?: number }) {
  const { name, color, size = 20 } = props;
  const drawing = useIconDrawing(name);
  const fallback = drawing.state === "placeholder";
  // While a drawing loads the box and name stay the same, so nothing moves when it arrives.
  return (
    <svg
      className={fallback ? "pv-icon pv-icon-fallback" : "pv-icon"}
      width={size}
      height={size}
      viewBox={drawing.state === "drawn" ? "0 -960 960 960" : "0 0 24 24"}
      role="img"
      aria-label={`Icon ${name}`}
      style={color ? { color } : undefined}
      data-icon={name}
    >
      <title>{fallback ? `${name} (drawn as a placeholder here; the app shows its own icon)` : name}</title>
      {drawing.state === "drawn" ? (
        <path d={drawing.d} fill="currentColor" />
      ) : fallback ? (
        <>
          <rect
            x="3"
            y="3"
            width="18"
            height="18"
            rx="5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeDasharray="3 2"
          />
          <circle cx="12" cy="12" r="2.5" fill="currentColor" />
        </>
      ) : null}
    </svg>
  );
}
