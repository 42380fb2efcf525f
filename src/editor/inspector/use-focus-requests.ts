import { useEffect } from "react";
import { useEditorStore } from "../store/editor-store-context";
import { fieldId } from "../store/selectors";

/** A safety limit (~1 s) on waiting for the requested widget's form. */
const MAX_FRAMES = 60;

/** Moves focus to the control for a requested path, trying shorter paths when no control matches. */
export function useFocusRequests() {
  const request = useEditorStore((s) => s.focusRequest);
  useEffect(() => {
    if (!request) return;
    const { path } = request;
    // A widget's field is in its form, which arrives a render after the selection
    // (widget-inspector.tsx): its heading carries the widget's path ("widgets", index). The widget
    // itself (a problem of one with no widget key, or two) is that heading: waited for too, or the
    // widget list took the focus.
    const form = path[0] === "widgets" && path.length >= 2 ? fieldId(path.slice(0, 2)) : null;
    let raf = 0;
    let frames = 0;
    const attempt = () => {
      frames += 1;
      if (form && !document.getElementById(form) && frames < MAX_FRAMES) {
        raf = requestAnimationFrame(attempt);
        return;
      }
      for (let n = path.length; n >= 0; n--) {
        const el = document.getElementById(fieldId(path.slice(0, n)));
        if (el) {
          el.focus();
          el.scrollIntoView?.({ block: "center" });
          return;
        }
      }
    };
    raf = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(raf);
  }, [request]);
}
