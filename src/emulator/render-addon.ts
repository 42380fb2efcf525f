import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { validateBody } from "../platform/index";
import { AddonPreview } from "../preview/addon-preview";
import { symbolFileOf } from "../preview/icon-index";
import { ALL_SYMBOL_PATHS } from "../preview/icon-symbols/all-paths";
import { provideIconDrawings } from "../preview/preview-icons";
import { readPreviewCss } from "../preview/stylesheet";
import { escapeHtml } from "./html";

// The preview's icon drawings are a lazily loaded chunk in the browser; pages drawn on the server
// are drawn once, so the emulator hands them over before its first page (same icons as the studio).
provideIconDrawings(symbolFileOf, ALL_SYMBOL_PATHS);

/** The stylesheet inlined by the package build (tsdown.config.ts); absent when run from source. */
declare const __ADDON_STUDIO_PREVIEW_CSS__: string | undefined;

let css: string | undefined;

/**
 * The preview's stylesheet, inlined into the post page. Read from the source tree because Node cannot
 * import CSS; missing CSS only makes the page plainer, so it is not an error.
 */
export function previewCss(): string {
  if (css === undefined && typeof __ADDON_STUDIO_PREVIEW_CSS__ === "string")
    css = __ADDON_STUDIO_PREVIEW_CSS__;
  if (css === undefined) {
    try {
      css = readPreviewCss(new URL("../", import.meta.url));
    } catch {
      css = "";
    }
  }
  return css;
}

/**
 * Renders a published add-on body as a buyer sees it, with the studio's own preview components
 * (`AddonPreview` through react-dom/server), so the emulator and the editor draw add-ons alike.
 */
export function renderAddonBody(
  kind: "post" | "user",
  body: unknown,
  theme: "light" | "dark" = "light",
): string {
  // Bodies were validated on the way in, as their kind; parsing again gives typed widgets without a cast.
  const parsed = validateBody(kind, body);
  if (!parsed.ok || !parsed.value) return `<p class="note">This add-on could not be drawn.</p>`;
  const widgets = parsed.value.widgets ?? [];
  // The preview's empty state speaks to the editor's user ("add one from the palette"); a buyer sees nothing.
  if (widgets.length === 0)
    return `<p class="note">This add-on has no widgets: the app shows nothing for it.</p>`;
  try {
    return renderToStaticMarkup(createElement(AddonPreview, { widgets, theme }));
  } catch (e) {
    return `<p class="note">This add-on could not be drawn (${escapeHtml(e instanceof Error ? e.name : "error")}).</p>`;
  }
}
