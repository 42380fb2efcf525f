import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_POST_TOKEN, EMULATOR, openEditor, paletteItem, preview, publishToDemoPost } from "./helpers";

// Issue 13.9: icons are drawn from Material Symbols in the studio's preview, on the emulator's
// server-drawn post page, and in the inspector's icon picker; names without a drawing keep the
// labelled placeholder.

function inspector(page: Page): Locator {
  return page.getByRole("region", { name: "Inspector" });
}

/** Each icon in `scope` as `NAME: d` (its drawing's path data, "" when it has none yet or is a placeholder). */
function drawings(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((svgs) =>
    svgs.map(
      (svg) => `${svg.getAttribute("data-icon")}: ${svg.querySelector("path")?.getAttribute("d") ?? ""}`,
    ),
  );
}

/** Adds a Selector and gives it `title`; it is then the selected widget, shown in the inspector. */
async function addSelector(page: Page, title: string): Promise<void> {
  await paletteItem(page, "Selector").click();
  await inspector(page)
    .getByLabel(/^Title/)
    .first()
    .fill(title);
}

test("mapped icons are drawn in the picker, the preview and the emulator's post page", async ({ page }) => {
  await openEditor(page);

  // 1. The picker draws its options (those in view), and picking one sets the field.
  await addSelector(page, "روند قیمت");
  await inspector(page).getByRole("button", { name: "Browse icons" }).click();
  const grid = inspector(page).getByRole("list", { name: /^Icons for/ });
  await expect
    .poll(async () => (await drawings(grid.locator("svg.pv-icon"))).filter((d) => /: [Mm]\d/.test(d)).length)
    .toBeGreaterThan(5);
  // Not all 822 at once: a page of options, more as the list scrolls to its end.
  const first = await grid.locator("svg.pv-icon").count();
  expect(first).toBeLessThan(100);
  await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect.poll(() => grid.locator("svg.pv-icon").count()).toBeGreaterThan(first);
  // By keyboard: "Show more" adds options and moves focus to the first new one.
  await grid.getByRole("button", { name: /^Show more/ }).focus();
  const before = await grid.locator("button.icon-option").count();
  await page.keyboard.press("Enter");
  await expect(grid.locator("button.icon-option:focus")).toHaveCount(1);
  const focusedAt = await grid
    .locator("button.icon-option")
    .evaluateAll((els) => els.findIndex((e) => e.matches(":focus")));
  // (The list may have grown by scrolling the button into view before Enter: at least `before`.)
  expect(focusedAt).toBeGreaterThanOrEqual(before);
  await inspector(page).getByLabel("Search icons").fill("trending up");
  const option = grid.getByRole("button", { name: "TRENDING_UP", exact: true });
  await expect
    .poll(async () => (await drawings(option.locator("svg.pv-icon")))[0])
    .toMatch(/^TRENDING_UP: [Mm]\d/);
  await option.click();
  await expect(inspector(page).getByLabel(/^Icon/).first()).toHaveValue("TRENDING_UP");

  // 2. Typed names: one mapped by the hand table, one without a drawing (the placeholder stays).
  await addSelector(page, "خودرو");
  await inspector(page).getByLabel(/^Icon/).first().fill("CAT_VEHICLES");
  await addSelector(page, "پژو");
  await inspector(page).getByLabel(/^Icon/).first().fill("BRAND_PEUGEOT");

  const studioIcons = preview(page).locator("svg.pv-icon");
  await expect
    .poll(async () => (await drawings(studioIcons)).filter((d) => /: [Mm]\d/.test(d)).length)
    .toBe(2);
  const studio = await drawings(studioIcons);
  expect(studio.map((d) => d.split(":")[0])).toEqual(["TRENDING_UP", "CAT_VEHICLES", "BRAND_PEUGEOT"]);
  expect(studio[2]).toBe("BRAND_PEUGEOT: ");
  await expect(preview(page).locator('svg.pv-icon-fallback[data-icon="BRAND_PEUGEOT"]')).toHaveCount(1);

  // 3. Publish (consent: Allow) and open the emulator's post page: the same drawings, drawn by the server.
  await publishToDemoPost(page);

  await page.goto(`${EMULATOR}/posts/${DEMO_POST_TOKEN}`);
  const card = page.getByRole("region", { name: "Add-on of addon-studio-demo" }).last();
  await expect(card).toContainText("روند قیمت", { timeout: 10_000 });
  expect(await drawings(card.locator("svg.pv-icon"))).toEqual(studio);
});

test("the icon grid is one Tab stop, and the arrow keys, Home and End move between icons", async ({
  page,
}) => {
  await openEditor(page);
  await addSelector(page, "روند قیمت");
  await inspector(page).getByRole("button", { name: "Browse icons" }).click();
  const grid = inspector(page).getByRole("list", { name: /^Icons for/ });
  const options = grid.locator("button.icon-option");
  const focusedIndex = () => options.evaluateAll((els) => els.findIndex((e) => e.matches(":focus")));
  const box = async (i: number) => (await options.nth(i).boundingBox()) ?? { x: -1, y: -1 };

  // From the search box, Tab enters the grid once; another Tab leaves it ("Show more").
  await expect(inspector(page).getByLabel("Search icons")).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await focusedIndex()).toBe(0);
  await page.keyboard.press("Tab");
  await expect(grid.getByRole("button", { name: /^Show more/ })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  expect(await focusedIndex()).toBe(0);

  // Right moves along the row, Down to the option below in the next row.
  await page.keyboard.press("ArrowRight");
  expect(await focusedIndex()).toBe(1);
  await page.keyboard.press("ArrowDown");
  const below = await focusedIndex();
  expect(below).toBeGreaterThan(1);
  expect((await box(below)).x).toBeCloseTo((await box(1)).x, 0);
  expect((await box(below)).y).toBeGreaterThan((await box(1)).y);
  await page.keyboard.press("ArrowUp");
  expect(await focusedIndex()).toBe(1);

  // End goes to the last option shown; Down from the last row shows more and keeps going.
  const shown = await options.count();
  await page.keyboard.press("End");
  expect(await focusedIndex()).toBe(shown - 1);
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => options.count()).toBeGreaterThan(shown);
  expect(await focusedIndex()).toBeGreaterThan(shown - 1);
  await page.keyboard.press("Home");
  expect(await focusedIndex()).toBe(0);

  // Enter picks the focused icon; reopened, the grid's Tab stop is the chosen icon.
  await page.keyboard.press("ArrowRight");
  const name = (await options.nth(1).textContent()) ?? "";
  await page.keyboard.press("Enter");
  await expect(inspector(page).getByRole("list", { name: /^Icons for/ })).toHaveCount(0);
  await inspector(page).getByRole("button", { name: "Browse icons" }).click();
  await page.keyboard.press("Tab");
  await expect(options.nth(1)).toBeFocused();
  await expect(options.nth(1)).toHaveText(name);
});
