import { expect, type Page, test } from "@playwright/test";
import { openEditor, paletteItem, rowButton } from "./helpers";

// Selecting another widget kept the inspector's scroll: the new form opened part-way down, its
// heading and first fields out of sight. A jump from the Problems tab must still land on its field.

const scrollTop = (page: Page) => page.locator("#inspector-panel").evaluate((el) => el.scrollTop);

test("another widget's form opens at its top; a Problems jump still scrolls to its field", async ({
  page,
}) => {
  await openEditor(page);
  await paletteItem(page, "Evaluation").click();
  await paletteItem(page, "Score").click();
  await paletteItem(page, "Selector").click();
  const inspector = page.getByRole("region", { name: "Inspector" });

  await rowButton(page, 0).click();
  await expect(inspector.getByRole("heading", { name: /Evaluation/ })).toBeVisible();
  await page.locator("#inspector-panel").evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  expect(await scrollTop(page)).toBeGreaterThan(100);

  await rowButton(page, 1).click();
  await expect(inspector.getByRole("heading", { name: /Score/ })).toBeVisible();
  await expect.poll(() => scrollTop(page)).toBe(0);
  await expect(inspector.getByRole("heading", { name: /Score/ })).toBeInViewport();

  // The Selector's address, low in its form, made wrong; then back to the Evaluation, scrolled down.
  await rowButton(page, 2).click();
  await inspector.getByLabel("Address (URL)").fill("not a link");
  await rowButton(page, 0).click();
  await expect(inspector.getByRole("heading", { name: /Evaluation/ })).toBeVisible();
  await page.locator("#inspector-panel").evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await page
    .getByRole("region", { name: "Problems" })
    .getByRole("button", { name: /is not a URL/ })
    .click();
  const address = inspector.getByLabel("Address (URL)");
  await expect(address).toBeFocused();
  await expect(address).toBeInViewport();
});
