const ANNOUNCER_ID = "editor-announcer";

/**
 * The page's polite live region for what a button did out of sight (a widget added from the
 * palette, deleted, moved, an undo), so screen-reader users hear it without hunting for it.
 */
export function Announcer() {
  return <div id={ANNOUNCER_ID} className="visually-hidden" role="status" aria-live="polite" />;
}

let clear: ReturnType<typeof setTimeout> | undefined;

/** Says `text` through the announcer (the same text twice in a row is said twice). */
export function announce(text: string): void {
  const el = typeof document === "undefined" ? null : document.getElementById(ANNOUNCER_ID);
  if (!el) return;
  // Screen readers speak a change of content: empty it first so a repeated message is a change.
  el.textContent = "";
  el.textContent = text;
  if (clear) clearTimeout(clear);
  // Left in place, old text would be read again when the user browses to the end of the page.
  clear = setTimeout(() => {
    el.textContent = "";
  }, 5000);
}
