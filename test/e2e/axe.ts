import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Runs axe-core on the page (or the part `include` selects); returns the serious and critical
 * violations, one line per element. Colour contrast inside the phone preview and the chat bubble
 * preview is left out: they reproduce the platform app's own colours (platform facts), which the studio must show as they
 * are; every other rule still covers the preview. The page must come from browser.newContext().
 */
export async function seriousViolations(p: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page: p });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const lines: string[] = [];
  for (const v of results.violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    for (const n of v.nodes) {
      const selector = n.target.map(String).join(" ");
      if (v.id === "color-contrast") {
        const inPreview = await p.evaluate(
          (sel) => document.querySelector(sel)?.closest(".pv-phone, .pv-chat") != null,
          selector,
        );
        if (inPreview) continue;
      }
      lines.push(`${v.impact} ${v.id} (${v.help}) at ${selector}: ${n.failureSummary ?? ""}`);
    }
  }
  return lines;
}
