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
