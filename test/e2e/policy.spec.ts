import { expect, test } from "@playwright/test";
import { openEditor, paletteItem, previewWidgets } from "./helpers";

/**
 * The studio runs under its strict Content-Security-Policy (issue 11): the built page has no inline
 * script, and using the editor (adding widgets, the preview's lazily loaded icons and fonts, the JSON
 * tab) triggers no policy violation. Only a real browser enforces the policy.
 */
test("the editor works under the strict Content-Security-Policy, with no violation", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  // Nothing the page asks for is missing: the console stays free of errors (without a declared icon
  // the browser asks for /favicon.ico, and its 404 is logged there).
  const failed: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") failed.push(m.text());
  });
  const response = await page.goto("/");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("default-src 'self'");
  const html = (await response?.text()) ?? "";
  // Every script of the page is a file of the origin; none is written inline.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  await openEditor(page);
  for (const label of ["Title", "Description", "Score", "Image carousel"])
    await paletteItem(page, label).click();
  await expect(previewWidgets(page)).toHaveCount(4);
  await page.getByRole("tab", { name: "JSON" }).first().click();
  await page.waitForLoadState("networkidle");
  const violations = await page.evaluate(
    () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
  );
  expect(violations).toEqual([]);
  await page.waitForTimeout(500);
  expect(failed).toEqual([]);
});
