import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_POST_TOKEN, openEditor, paletteItem } from "./helpers";

// Keyboard review: a control that disappears once pressed (or once it scrolls into view) must not
// drop focus to the page's <body>, where a keyboard or screen-reader user loses their place.

function inspector(page: Page): Locator {
  return page.getByRole("region", { name: "Inspector" });
}

/** Presses `button` with the keyboard (focus, Enter). */
async function pressWithKeyboard(page: Page, button: Locator): Promise<void> {
  await button.focus();
  await page.keyboard.press("Enter");
}

test("the icon picker's Show more keeps focus when Tab brings it into view", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Selector").click();
  await pressWithKeyboard(page, inspector(page).getByRole("button", { name: "Browse icons" }));
  const search = inspector(page).getByRole("searchbox", { name: "Search icons" });
  await expect(search).toBeFocused();
  // "car" matches more than one page of options but less than two: the second page is the last.
  await page.keyboard.type("car");
  const more = inspector(page).getByRole("button", { name: /^Show more/ });
  await expect(more).toBeVisible();
  await page.keyboard.press("Tab"); // the grid's one Tab stop
  await expect(inspector(page).locator("button.icon-option").first()).toBeFocused();
  await page.keyboard.press("Tab"); // Show more, scrolled into view
  await expect(more).toBeFocused();
  // The observer that shows more as the list's end scrolls into view must not take it away.
  await page.waitForTimeout(300);
  await expect(more).toBeFocused();
  // Pressed, it shows the rest and focuses the first new option.
  await page.keyboard.press("Enter");
  await expect(more).toHaveCount(0);
  await expect(page.locator("button.icon-option:focus")).toHaveCount(1);
});

test("Clear on a percentage puts focus on its number box", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Score").click();
  const clear = inspector(page).getByRole("button", { name: "Clear Percentage score" });
  await pressWithKeyboard(page, clear);
  await expect(clear).toHaveCount(0);
  await expect(inspector(page).getByRole("spinbutton", { name: "Percentage score" })).toBeFocused();
});

test("Use logo puts focus on the image id it filled in", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Selector").click();
  const useLogo = inspector(page).getByRole("button", { name: "Use logo" });
  await pressWithKeyboard(page, useLogo);
  await expect(useLogo).toHaveCount(0);
  const imageId = inspector(page).getByRole("textbox", { name: "Image id" });
  await expect(imageId).toHaveValue("logo");
  await expect(imageId).toBeFocused();
});

test("Use <post token> in an action puts focus on the post token it filled in", async ({ page }) => {
  // The post the studio was opened for (as the platform's start link opens it).
  await openEditor(page, `/?post_token=${DEMO_POST_TOKEN}`);
  await paletteItem(page, "Selector").click();
  await inspector(page).getByRole("combobox", { name: "Kind" }).selectOption({ label: "Open a post" });
  // The kind starts with that post; another typed in, the button offers it back.
  const token = inspector(page).getByRole("textbox", { name: /^Post token/ });
  await token.fill("otherPost123");
  const use = inspector(page).getByRole("button", { name: `Use ${DEMO_POST_TOKEN}` });
  await pressWithKeyboard(page, use);
  await expect(use).toHaveCount(0);
  await expect(token).toHaveValue(DEMO_POST_TOKEN);
  await expect(token).toBeFocused();
});
