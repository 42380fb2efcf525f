import { expect, test } from "@playwright/test";
import { openEditor, paletteItem } from "./helpers";

// At 200% zoom (a 1440×900 window is 720×450 CSS pixels) the inspector is ~260 px wide: the
// picker's hint, "822 icons; Enter picks KEYBOARD_ARROW_LEFT, …", ran past the panel's edge.
test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });

test("at 200% zoom the icon picker's hint stays inside the inspector", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Score").click();
  const inspector = page.getByRole("region", { name: "Inspector" });
  await inspector.getByRole("button", { name: "Browse icons" }).click();
  await inspector.getByLabel("Search icons").fill("keyboard");
  const hint = inspector.getByText(/icons; Enter picks/);
  await expect(hint).toBeVisible();
  const fits = await hint.evaluate((el) => {
    const picker = el.closest(".icon-picker");
    if (!picker) throw new Error("the hint is not in the picker");
    const inner = picker.getBoundingClientRect();
    return {
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
      edge: inner.right,
    };
  });
  expect(fits.scroll).toBeLessThanOrEqual(fits.client);
  expect(fits.right).toBeLessThanOrEqual(fits.edge);
});
