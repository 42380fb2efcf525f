import { expect, type Page, test } from "@playwright/test";
import { openEditor, paletteItem, rows } from "./helpers";

/** Fills the origin's localStorage to the last byte, as another app on the same origin (or old drafts) can. */
async function fillStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    let i = 0;
    for (const size of [256 * 1024, 4 * 1024, 64, 1])
      try {
        for (;;) localStorage.setItem(`other-app:${i++}`, "x".repeat(size));
      } catch {
        // Full at this size: the next, smaller one fills the gaps.
      }
  });
}

async function freeStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith("other-app:")) localStorage.removeItem(key);
  });
}

test.afterEach(async ({ page }) => {
  await freeStorage(page);
});

test("a full browser storage still opens the saved drafts and says edits cannot be saved", async ({
  page,
}) => {
  await openEditor(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await paletteItem(page, "Title").click();
  await paletteItem(page, "Score").click();
  await expect(rows(page)).toHaveCount(2);
  // Saved (300 ms after the edit), then storage fills up before the next visit.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(":draft:")).length))
    .toBe(1);
  await expect
    .poll(() => page.evaluate(() => Object.values(localStorage).some((v) => v.includes("score_row"))))
    .toBe(true);
  await fillStorage(page);
  await page.reload();
  await expect(paletteItem(page, "Title")).toBeVisible();
  // Before the fix: an empty editor over an in-memory storage, "drafts will not survive a reload".
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole("alert").filter({ hasText: "Browser storage is full" })).toBeVisible();
  await expect(page.getByText("does not let the studio use its storage")).toHaveCount(0);
});

test("switching drafts while storage is full keeps the edits that could not be saved", async ({ page }) => {
  await openEditor(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await paletteItem(page, "Title").click();
  await page.getByRole("button", { name: "New draft" }).click();
  await page.getByRole("menuitem", { name: /^Post add-on/ }).click();
  await paletteItem(page, "Score").click();
  await expect
    .poll(() => page.evaluate(() => Object.values(localStorage).some((v) => v.includes("score_row"))))
    .toBe(true);
  await fillStorage(page);
  await paletteItem(page, "Description").click();
  await paletteItem(page, "Button").click();
  await expect(page.getByRole("alert").filter({ hasText: "Could not save the draft" })).toBeVisible();
  const picker = page.getByLabel("Open draft");
  await picker.selectOption({ label: "Untitled add-on" });
  await expect(rows(page)).toHaveCount(1);
  await picker.selectOption({ label: "Untitled add-on 2" });
  // Before the fix the two widgets storage refused were gone: one row instead of three.
  await expect(rows(page)).toHaveCount(3);
  // Making room (here: the other app's data goes) and the next save keeps them for good.
  await freeStorage(page);
  await paletteItem(page, "Title").click();
  await expect(page.getByRole("alert").filter({ hasText: "Could not save the draft" })).toHaveCount(0);
  await page.reload();
  await expect(rows(page)).toHaveCount(4);
});
