import { escapeHtml } from "./html";

/**
 * Renders a published add-on's widgets as HTML for the emulator's post page.
 *
 * INTEGRATION POINT: once `src/editor/preview/addon-preview.tsx` exports `AddonPreview`, replace this
 * plain rendering with `renderToStaticMarkup(<AddonPreview widgets={widgets} theme={theme} />)` from
 * `react-dom/server`, so the page draws add-ons with the studio's own preview components.
 */
export function renderAddonWidgets(widgets: unknown, _theme: "light" | "dark" = "light"): string {
  if (!Array.isArray(widgets)) return `<p class="note">No widgets.</p>`;
  const items = widgets.map((w) => {
    if (typeof w !== "object" || w === null) return "<li>(not a widget)</li>";
    const [kind, fields] = Object.entries(w).find(([k]) => k !== "semantic_paths") ?? ["?", {}];
    const parts: string[] = [];
    if (typeof fields === "object" && fields !== null) {
      for (const [k, v] of Object.entries(fields)) {
        if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
          parts.push(`<span><b>${escapeHtml(k)}</b>: ${escapeHtml(String(v))}</span>`);
        } else if (k === "action" && typeof v === "object" && v !== null) {
          const link =
            "open_direct_link" in v && typeof v.open_direct_link === "string" ? v.open_direct_link : "";
          if (link) parts.push(`<a href="${escapeHtml(link)}" rel="noopener">${escapeHtml(link)}</a>`);
        }
      }
    }
    return `<li data-widget="${escapeHtml(kind)}"><code>${escapeHtml(kind)}</code> ${parts.join(" · ")}</li>`;
  });
  return `<ul class="addon">${items.join("")}</ul>`;
}
