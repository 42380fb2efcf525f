import { expect, type Locator, type Page, test } from "@playwright/test";
import { openEditor, paletteItem, preview } from "./helpers";

// A Persian keyboard types ۰-۹. The percentage box is a number box, which takes ASCII digits only:
// the digits were dropped, and typed over a selection they emptied the box and removed the
// widget's percentage. They are read as the digits they stand for, as the cost field reads them.

function inspector(page: Page): Locator {
  return page.getByRole("region", { name: "Inspector" });
}

test("Persian digits typed or pasted into a percentage box are read as numbers", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Score").click();
  const box = inspector(page).getByRole("spinbutton", { name: "Percentage score" });
  const meter = preview(page).getByRole("meter", { name: "Percentage score" });
  await expect(box).toHaveValue("85");

  // Over the whole text, as a user replaces a value: the widget takes the new one.
  await box.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("۷۰");
  await expect(box).toHaveValue("70");
  await expect(meter).toHaveAttribute("aria-valuenow", "70");

  // At the caret: the last digit changed.
  await page.keyboard.press("End");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("۳");
  await expect(box).toHaveValue("73");
  await expect(meter).toHaveAttribute("aria-valuenow", "73");

  // Pasted (Arabic-Indic digits too), over a selection.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText("٤٥");
  await expect(box).toHaveValue("45");
  await expect(meter).toHaveAttribute("aria-valuenow", "45");
  await expect(inspector(page).getByText(/is not a number yet|needs exactly one of/)).toHaveCount(0);
});
