import { type RefObject, useEffect } from "react";

/**
 * Closes a popover when the pointer goes down outside it, or when focus moves outside it (Tab past
 * its last control): left open, it would cover the control a keyboard user moved on to.
 */
export function useOutsideClose(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) close();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [ref, open, close]);
}
