import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { openEditor, paletteItem, previewWidgets, rowLabels, tabTo, validateWithCli } from "./helpers";

test("journey 7: build and export an add-on with the keyboard alone", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await openEditor(page);
  // From here on, no clicks: only Tab, arrows, Enter, Space and typing.

  // Add a title and a description from the palette with Enter.
  await tabTo(page, paletteItem(page, "Title"));
  await page.keyboard.press("Enter");
  await tabTo(page, paletteItem(page, "Description"));
  await page.keyboard.press("Enter");
  await expect.poll(() => rowLabels(page)).toEqual(["Title", "Description"]);

  // The description is selected: write its text.
  const text = page.getByLabel(/^Text/).first();
  await tabTo(page, text);
  await page.keyboard.press("Control+a");
  await page.keyboard.type("بدنه بدون رنگ‌شدگی است.");
  await expect(previewWidgets(page).nth(1)).toContainText("بدنه بدون رنگ‌شدگی است.");

  // Select the title with the arrow keys in the list, and edit it.
  const firstRow = page.getByRole("button", { name: "Title, widget 1", exact: true });
  const secondRow = page.getByRole("button", { name: "Description, widget 2", exact: true });
  await tabTo(page, secondRow, { back: true });
  await page.keyboard.press("ArrowUp");
  await expect(firstRow).toBeFocused();
  await expect(firstRow).toHaveAttribute("aria-pressed", "true");
  await tabTo(page, text);
  await page.keyboard.press("Control+a");
  await page.keyboard.type("گزارش با صفحه‌کلید");
  await expect(previewWidgets(page).nth(0)).toContainText("گزارش با صفحه‌کلید");

  // Export: the output's tab row is one Tab stop (its selected tab); the arrows reach JSON.
  const tab = page.getByRole("tab", { name: /^JSON\b/ });
  if ((await tab.count()) > 0) {
    await tabTo(page, page.getByRole("tablist", { name: "Output" }).getByRole("tab", { selected: true }));
    for (let i = 0; i < 4 && !(await tab.first().evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("ArrowRight");
    await expect(tab.first()).toBeFocused();
    await expect(tab.first()).toHaveAttribute("aria-selected", "true");
  }
  const download = page.getByRole("button", { name: "Download JSON" });
  await tabTo(page, download);
  const [file] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const path = testInfo.outputPath("keyboard-addon.json");
  await file.saveAs(path);
  const body = JSON.parse(readFileSync(path, "utf8"));
  expect(body.widgets).toEqual([
    { title_row: expect.objectContaining({ text: "گزارش با صفحه‌کلید" }) },
    { description_row: expect.objectContaining({ text: "بدنه بدون رنگ‌شدگی است." }) },
  ]);
  const cli = validateWithCli("post", path);
  expect(cli.status, cli.output).toBe(0);
  await context.close();
});

test("issue 13.18: the skip link's target shows a focus ring, tab rows are one Tab stop, Alt+Shift+I reaches the inspector", async ({
  page,
}) => {
  await openEditor(page);
  // The skip link is the first Tab stop; Enter moves focus to the workspace, which shows a ring.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the editor" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  const main = page.locator("main#workspace");
  await expect(main).toBeFocused();
  const ring = await main.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) };
  });
  expect(ring.style).not.toBe("none");
  expect(ring.width).toBeGreaterThanOrEqual(2);

  // One Tab from the mode tab row's selected tab leaves the row (it does not visit "Chat message").
  const modes = page.getByRole("tablist", { name: "Mode" });
  await modes.getByRole("tab", { name: "Add-on" }).focus();
  await page.keyboard.press("Tab");
  await expect(modes.getByRole("tab", { name: "Chat message" })).not.toBeFocused();
  await modes.getByRole("tab", { name: "Add-on" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(modes.getByRole("tab", { name: "Chat message" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(modes.getByRole("tab", { name: "Add-on" })).toBeFocused();

  // From a list row, one key reaches the inspector's first field.
  await paletteItem(page, "Title").click();
  await page.getByRole("button", { name: "Title, widget 1", exact: true }).focus();
  await page.keyboard.press("Alt+Shift+KeyI");
  await expect(page.getByRole("region", { name: "Inspector" }).getByLabel(/^Text/)).toBeFocused();
});
