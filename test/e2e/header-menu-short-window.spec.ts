import { expect, test } from "@playwright/test";
import { openEditor } from "./helpers";

// At 200% zoom a 1440×900 window is 720×450 CSS pixels: the Templates menu (434 px) ran below the
// window, and the whole page scrolled to reach its last template, the workspace cut short above.
test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });

test("in a short window the Templates menu fits it and scrolls inside itself", async ({ page }) => {
  await openEditor(page);
  await page.getByRole("button", { name: "Templates" }).click();
  const last = page.getByRole("button", { name: "Use template: Seller rating" });
  await expect(last).toBeAttached();
  const menu = page.locator("#templates-menu");
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(450);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(450);
  // The last template is reached inside the menu.
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await last.click();
  await expect(page.getByLabel("Open draft")).toHaveValue(/.+/);
  await expect(page.locator("#draft-select option:checked")).toHaveText("Seller rating");
});
