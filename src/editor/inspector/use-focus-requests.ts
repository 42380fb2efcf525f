import { useEffect } from "react";
import { useEditorStore } from "../store/editor-store-context";
import { fieldId } from "../store/selectors";

/** Frames to wait for the requested control before settling for a shorter path. */
const WAIT_FRAMES = 6;

/** Moves focus to the control for a requested path, trying shorter paths when no control matches. */
export function useFocusRequests() {
  const request = useEditorStore((s) => s.focusRequest);
  useEffect(() => {
    if (!request) return;
    // The newly selected widget's form arrives a render after the selection (widget-inspector.tsx):
    // wait a few frames for the exact control, then take the nearest one that exists.
    let raf = 0;
    let frames = 0;
    const attempt = () => {
      frames += 1;
      const exact = document.getElementById(fieldId(request.path));
      const shortest = frames >= WAIT_FRAMES ? 0 : request.path.length;
      for (let n = request.path.length; n >= shortest; n--) {
        const el =
          n === request.path.length ? exact : document.getElementById(fieldId(request.path.slice(0, n)));
        if (el) {
          el.focus();
          el.scrollIntoView?.({ block: "center" });
          return;
        }
      }
      if (frames < WAIT_FRAMES) raf = requestAnimationFrame(attempt);
    };
    raf = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(raf);
  }, [request]);
}
