import { useEffect } from "react";
import { preloadDeferred } from "../../preview/deferred";
import { afterFirstPaint } from "./after-first-paint";

/**
 * Starts loading the preview's deferred parts (icon drawings) by the same rule as the editor's own
 * chunks: after the first paint and an idle moment, so they are mostly in before they are shown. A
 * failed fetch is retried when the part is shown.
 */
export function usePreloadDeferred(): void {
  useEffect(() => afterFirstPaint(() => void preloadDeferred().catch(() => {})), []);
}
