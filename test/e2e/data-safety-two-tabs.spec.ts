import { expect, test } from "@playwright/test";
import { openEditor, paletteItem, rows } from "./helpers";

test("an edit in one tab shows in another tab with the same draft, so neither tab's edit is lost", async ({
  context,
}) => {
  const a = await context.newPage();
  await openEditor(a);
  await paletteItem(a, "Title").click();
  await expect
    .poll(() => a.evaluate(() => Object.values(localStorage).some((v) => v.includes("title_row"))))
    .toBe(true);
  const b = await context.newPage();
  await openEditor(b);
  await expect(rows(b)).toHaveCount(1);
  await expect(b.getByText("This draft is also open in another tab")).toBeVisible();

  await paletteItem(a, "Score").click();
  // Before the fix tab B kept showing one row, and its next edit saved over tab A's Score.
  await expect(rows(b)).toHaveCount(2);
  await rows(b).nth(1).locator("button.row-main").click();
  await paletteItem(b, "Button").click();
  await expect(rows(a)).toHaveCount(3);
  await b.close();
  await a.reload();
  await expect(rows(a)).toHaveCount(3);
  await expect(rows(a).nth(1)).toHaveAttribute("aria-label", /^Score/);
  await expect(rows(a).nth(2)).toHaveAttribute("aria-label", /^Button/);
});
