import { expect, type Page, test } from "@playwright/test";
import { openEditor, paletteItem } from "./helpers";

// In a 1024-px window (the smallest supported) the output panel is ~410 px wide: a problem's
// message was squeezed beside its place into ~100 px, a word or two a line. It goes under the
// place, across the row.

/** The width of each problem's message, and of the list it is in. */
async function widths(page: Page): Promise<{ messages: number[]; list: number }> {
  return page.locator(".problem-list").evaluate((list) => ({
    messages: [...list.querySelectorAll(".problem-message")].map((m) => m.getBoundingClientRect().width),
    list: list.getBoundingClientRect().width,
  }));
}

test.use({ viewport: { width: 1024, height: 768 } });

test("in a narrow window a problem's message takes the row's width", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Selector").click();
  const inspector = page.getByRole("region", { name: "Inspector" });
  await inspector.getByLabel("Address (URL)").fill("javascript:alert(1)");
  await inspector.getByLabel("Title").fill("");
  const problems = page.getByRole("region", { name: "Problems" });
  await expect(problems.getByRole("button", { name: /not allowed/ })).toBeVisible();
  await expect(problems.getByRole("button", { name: /must not be empty/ })).toBeVisible();
  // The tab's badge is for the eye; its name says the count in words, with no stray space
  // (a word then a hidden span read "Problems , 2 errors" in Chrome).
  await expect(page.getByRole("tab", { name: /^Problems/ })).toHaveAccessibleName("Problems, 2 errors");
  const { messages, list } = await widths(page);
  expect(messages).toHaveLength(2);
  // Beside the place it had a quarter of the list; under it, all but the severity's column.
  for (const w of messages) expect(w).toBeGreaterThan(list * 0.6);
});
