import { expect, test } from "@playwright/test";
import { openEditor, paletteItem, rowLabels } from "./helpers";

// Ctrl+Z on a row undoes the add that made it: the row goes, and focus must stay in the list.
test("undoing an add from its own row keeps focus in the list, not on the page", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Score").click();
  const row = page.getByRole("button", { name: "Score, widget 1", exact: true });
  await row.focus();
  await page.keyboard.press("Control+z");
  await expect.poll(() => rowLabels(page)).toEqual([]);
  // The empty list itself has it (as after deleting the last widget).
  await expect(page.locator("#field\\:widgets")).toBeFocused();

  // With a widget left, its row takes focus when it is the one selected, else the list.
  await paletteItem(page, "Title").click();
  await paletteItem(page, "Score").click();
  await page.getByRole("button", { name: "Score, widget 2", exact: true }).focus();
  await page.keyboard.press("Control+z");
  await expect.poll(() => rowLabels(page)).toEqual(["Title"]);
  const inList = await page.evaluate(
    () => document.activeElement !== document.body && !!document.activeElement?.closest(".list-panel"),
  );
  expect(inList).toBe(true);
});
