import { type ReactElement, useEffect, useSyncExternalStore } from "react";
import { registerDeferred } from "./deferred";

// The drawings are a separate chunk (they are not needed before the editor is usable); the app
// fetches them right after its first render, and icons drawn before then appear once they arrive.
type Drawings = typeof import("./preview-icon-shapes");
let drawings: Drawings | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function loadDrawings(): Promise<void> {
  loading ??= import("./preview-icon-shapes").then(
    (m) => {
      drawings = m;
      for (const l of listeners) l();
    },
    () => {
      // Forget the failure, so the next icon shown tries again.
      loading = undefined;
    },
  );
  return loading;
}
registerDeferred(loadDrawings);

/**
 * Hands the drawings over up front, for server rendering: a page drawn by react-dom/server is drawn
 * once, so icons waiting for the lazy chunk would stay empty boxes.
 */
export function provideIconDrawings(module: Drawings): void {
  drawings = module;
  loading = Promise.resolve();
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isLoaded = () => drawings !== undefined;

/** The drawn shape for an icon name, or undefined when the preview has no drawing of it. */
export function iconShape(name: string): ReactElement | undefined {
  if (!drawings) return undefined;
  return drawings.SHAPES[name] ?? drawings.SHAPES[drawings.ALIASES[name] ?? ""];
}

/** An icon by platform name: drawn when known, else a neutral glyph with the name as tooltip. */
export function PreviewIcon(props: { name: string; color?: string | undefined; size?: number }) {
  const { name, color, size = 20 } = props;
  const ready = useSyncExternalStore(subscribe, isLoaded, isLoaded);
  useEffect(() => {
    if (!ready) void loadDrawings();
  }, [ready]);
  const shape = iconShape(name);
  // While the drawings load the box and name stay the same, so nothing moves when they arrive.
  const fallback = ready && !shape;
  return (
    <svg
      className={fallback ? "pv-icon pv-icon-fallback" : "pv-icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role="img"
      aria-label={`Icon ${name}`}
      style={color ? { color } : undefined}
      data-icon={name}
    >
      <title>{fallback ? `${name} (drawn as a placeholder here; the app shows its own icon)` : name}</title>
      {!ready
        ? null
        : (shape ?? (
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
          ))}
    </svg>
  );
}
