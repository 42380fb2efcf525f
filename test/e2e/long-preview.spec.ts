import { expect, test } from "@playwright/test";
import { importPasted, openEditor, preview, previewWidgets } from "./helpers";

// A long add-on (300 widgets): the preview draws only the widgets near its view (issue 14), yet
// every widget stays in it, selectable by click and keyboard, and the selected one is scrolled in.
const COUNT = 300;
const text = (i: number) => `عنوان شماره ${i}`;

test("a 300-widget preview: every widget is there, drawn when scrolled to, selectable, right to left", async ({
  page,
}) => {
  await openEditor(page);
  const body = { widgets: Array.from({ length: COUNT }, (_, i) => ({ title_row: { text: text(i + 1) } })) };
  await importPasted(page, body);

  const frames = previewWidgets(page);
  await expect(frames).toHaveCount(COUNT);
  await expect(preview(page)).toHaveAttribute("dir", "rtl");
  // Every widget is named in order, drawn or not.
  await expect(frames.nth(COUNT - 1)).toHaveAttribute("aria-label", `${COUNT}. Title: ${text(COUNT)}`);

  // Scrolling the preview draws the widgets that come into view; a click selects one.
  const middle = frames.nth(149);
  await middle.scrollIntoViewIfNeeded();
  await expect(middle).toContainText(text(150));
  await middle.click();
  await expect(middle).toHaveAttribute("aria-current", "true");
  await expect(page.getByLabel(/^Text/).first()).toHaveValue(text(150));

  // End selects the last widget from the keyboard: it is scrolled into the preview's view and drawn.
  await page.keyboard.press("End");
  const last = frames.nth(COUNT - 1);
  await expect(last).toHaveAttribute("aria-current", "true");
  await expect(last).toBeFocused();
  await expect(last).toContainText(text(COUNT));
  await expect(last).toBeInViewport();

  // Selecting from the inspector side (typing) updates the drawn widget in place.
  const field = page.getByLabel(/^Text/).first();
  await field.fill("عنوان آخر");
  await expect(last).toContainText("عنوان آخر");

  // Deleting the first widget renumbers every frame, the empty ones far from the view included
  // (their labels are written at the next idle moment, frame-labels.ts).
  await frames.first().click();
  await expect(page.getByLabel(/^Text/).first()).toHaveValue(text(1));
  await page.locator('[aria-label="Widget actions"]').getByRole("button", { name: "Delete" }).click();
  await expect(frames).toHaveCount(COUNT - 1);
  await expect(frames.first()).toHaveAttribute("aria-label", `1. Title: ${text(2)}`);
  await expect(frames.nth(149)).toHaveAttribute("aria-label", `150. Title: ${text(151)}`);
  await expect(frames.nth(COUNT - 2)).toHaveAttribute("aria-label", `${COUNT - 1}. Title: عنوان آخر`);
});
