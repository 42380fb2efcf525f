// The editor's entry, imported by the built page's inline script (early-shell.ts) rather than by a
// module script of its own, so that the page decides when it is evaluated (docs/decisions.md,
// "the editor's code is evaluated after a first-paint click is drawn").

/**
 * The attribute of the built page's `<link rel="modulepreload">` of the editor's entry: the inline
 * script imports it once the page is parsed, and on the empty editor's first paint only after any
 * palette click has been drawn (scripts/prerender-page.mjs writes it in place of the entry's
 * `<script type="module">`).
 */
export const ENTRY_ATTR = "data-editor-entry";

/**
 * Imports the editor's entry named by the page (`ENTRY_ATTR`) once the page is parsed, after
 * `ready`; `failed` is told when it cannot be loaded. A page without the attribute (Vite's
 * development server) starts the editor with its own module script.
 */
export function loadEditor(
  doc: Document,
  ready: () => Promise<void>,
  failed: (error: unknown) => void,
): void {
  const start = async () => {
    const link = doc.querySelector<HTMLLinkElement>(`link[${ENTRY_ATTR}]`);
    if (!link) return;
    await ready();
    await import(/* @vite-ignore */ link.href).catch(failed);
  };
  if (doc.readyState === "loading")
    doc.addEventListener("DOMContentLoaded", () => void start(), { once: true });
  else void start();
}
