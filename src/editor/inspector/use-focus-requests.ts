import { useEffect } from "react";
import { useEditorStore } from "../store/editor-store-context";
import { fieldId } from "../store/selectors";

/** Moves focus to the control for a requested path, trying shorter paths when no control matches. */
export function useFocusRequests() {
  const request = useEditorStore((s) => s.focusRequest);
  useEffect(() => {
    if (!request) return;
    // Wait a frame so the newly selected widget's form is in the document.
    const raf = requestAnimationFrame(() => {
      for (let n = request.path.length; n >= 0; n--) {
        const el = document.getElementById(fieldId(request.path.slice(0, n)));
        if (el) {
          el.focus();
          el.scrollIntoView?.({ block: "center" });
          return;
        }
      }
    });
    return () => cancelAnimationFrame(raf);
  }, [request]);
}
