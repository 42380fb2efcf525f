import { useEffect } from "react";

/** The key that moves focus into the inspector from anywhere in the editor (aria-keyshortcuts form). */
export const INSPECTOR_SHORTCUT = "Alt+Shift+I";

const FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * Alt+Shift+I focuses the inspector's first field (its selected tab when the form has none), so a
 * keyboard user goes from a list row to the form in one key instead of tabbing past the row's
 * actions. `event.code` is read, so the key works on layouts where Alt+Shift+I types a character.
 */
export function useInspectorShortcut(panelId: string, tabId: () => string) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === "KeyI")) return;
      const panel = document.getElementById(panelId);
      if (!panel) return;
      e.preventDefault();
      const field = panel.querySelector<HTMLElement>(FIELD);
      (field ?? document.getElementById(tabId()))?.focus();
      field?.scrollIntoView?.({ block: "nearest" });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [panelId, tabId]);
}
