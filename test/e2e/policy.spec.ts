import { expect, test } from "@playwright/test";
import { openEditor, paletteItem, previewWidgets } from "./helpers";

/**
 * The studio runs under its strict Content-Security-Policy (issue 11): the built page's only inline
 * script and stylesheet are allowed by their hashes (issue 14's first paint), and using the editor (adding widgets, the preview's lazily loaded icons and fonts, the JSON
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
  expect(csp).not.toContain("unsafe-inline");
  const html = (await response?.text()) ?? "";
  // The page's one inline script (the first paint's early clicks) and its inline stylesheet are
  // allowed by their own hashes, and by nothing broader; every other script is a file of the origin.
  // (The second stylesheet hides the first paint when JavaScript is off, inside <noscript>.)
  const inline = [...html.matchAll(/<(script|style)>([\s\S]*?)<\/\1>/g)];
  expect(inline.map((m) => m[1]).sort()).toEqual(["script", "style", "style"]);
  const directive = (name: string) =>
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? "";
  for (const [, tag, body] of inline) {
    const hash = await page.evaluate(async (text) => {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
      return btoa(String.fromCharCode(...new Uint8Array(digest)));
    }, body ?? "");
    expect(directive(`${tag}-src`).split(" ")).toEqual(
      expect.arrayContaining(["'self'", `'sha256-${hash}'`]),
    );
  }
  // The directive's name, 'self' and the hashes of the page's own inline parts: nothing broader.
  expect(directive("script-src").split(" ")).toHaveLength(3);
  expect(directive("style-src").split(" ")).toHaveLength(4);
  expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toHaveLength(1);
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
