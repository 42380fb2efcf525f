import { expect, type Locator, type Page, test } from "@playwright/test";
import { openEditor, paletteItem, preview } from "./helpers";

// A number box the browser cannot read ("-", "5e") must not empty the widget's value behind the
// user's back: the widget keeps its percentage, and the field says why.

function inspector(page: Page): Locator {
  return page.getByRole("region", { name: "Inspector" });
}

test("text a percentage box cannot read keeps the widget's value and says so", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Score").click();
  const box = inspector(page).getByRole("spinbutton", { name: "Percentage score" });
  await box.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("50");
  const meter = preview(page).getByRole("meter", { name: "Percentage score" });
  await expect(meter).toHaveAttribute("aria-valuenow", "50");

  // "-" alone, as when starting a negative number: the box cannot read it.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("-");
  await expect(inspector(page).getByText(/is not a number yet: the widget keeps 50%/)).toBeVisible();
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(meter).toHaveAttribute("aria-valuenow", "50");
  // What was typed stays in the box: the rest of a negative number can follow.
  await page.keyboard.type("5");
  await expect(box).toHaveValue("-5");
  await expect(inspector(page).getByText(/is not a number yet/)).toHaveCount(0);
  // Undone to the text alone: leaving the field keeps the widget's value and the message.
  await page.keyboard.press("Backspace");
  await expect(inspector(page).getByText(/is not a number yet: the widget keeps -5%/)).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(box).toHaveValue("");

  // "5e": the 5 is read as typed, the "e" is not.
  await box.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("5e");
  await expect(inspector(page).getByText(/is not a number yet: the widget keeps 5%/)).toBeVisible();
  await expect(meter).toHaveAttribute("aria-valuenow", "5");

  // A number again: the message goes, the value follows.
  await box.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("70");
  await expect(meter).toHaveAttribute("aria-valuenow", "70");
  await expect(inspector(page).getByText(/is not a number yet/)).toHaveCount(0);
});
