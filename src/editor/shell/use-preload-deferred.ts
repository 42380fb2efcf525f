import { useEffect } from "react";
import { preloadDeferred } from "../../preview/deferred";

/** Starts loading the deferred parts (icon drawings) soon after the editor is usable. */
export function usePreloadDeferred(): void {
  useEffect(() => {
    // Fetch the deferred parts (the preview's icon drawings) at the user's first press or a
    // second after the editor is drawn, whichever comes first: not before the editor is usable, yet
    // mostly in before they are shown. A failed fetch is retried when the part is shown.
    const start = () => {
      stop();
      void preloadDeferred().catch(() => {});
    };
    const t = setTimeout(start, 1000);
    const stop = () => {
      clearTimeout(t);
      window.removeEventListener("pointerdown", start, true);
      window.removeEventListener("keydown", start, true);
    };
    window.addEventListener("pointerdown", start, true);
    window.addEventListener("keydown", start, true);
    return stop;
  }, []);
}
