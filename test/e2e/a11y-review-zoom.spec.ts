import { expect, test } from "@playwright/test";
import { openEditor, paletteItem, rows } from "./helpers";

// 200% zoom: a 1440 × 900 screen at twice the size is a 720 × 450 page of CSS pixels.
test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });

test("at 200% zoom the selected row shows its name and all of its actions", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Title").click();
  await paletteItem(page, "Selector").click();
  const row = rows(page).nth(1);
  await expect(row).toHaveClass(/is-selected/);
  const body = await page.locator(".list-body").boundingBox();
  if (!body) throw new Error("the list is not drawn");
  // Every action is drawn inside the list's visible box, not cut off at its edge.
  for (const name of ["Move up", "Move down", "Duplicate", "Delete"]) {
    const box = await row.getByRole("button", { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    if (!box) continue;
    expect(box.x, name).toBeGreaterThanOrEqual(body.x);
    expect(box.x + box.width, name).toBeLessThanOrEqual(body.x + body.width);
  }
  // The row's name is readable: not squeezed to nothing by the actions beside it.
  const label = row.locator(".row-label");
  const fits = await label.evaluate((el) => el.clientWidth > 0 && el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
});

test("at 200% zoom the chat composer's cards keep their height: the selected button's fields are in view", async ({
  page,
}) => {
  await openEditor(page);
  await page.getByRole("tablist", { name: "Mode" }).getByRole("tab", { name: "Chat message" }).click();
  await page.getByRole("button", { name: "Add a sender button in a new row" }).click();
  const inspector = page.getByRole("region", { name: "Selected button" });
  const caption = inspector.getByRole("textbox", { name: /^Caption/ });
  await caption.focus();
  // Focused, the field is wholly inside every box that could cut it off (no slit of a card).
  const cut = await caption.evaluate((el) => {
    const b = el.getBoundingClientRect();
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const o = p.getBoundingClientRect();
      if (b.top < o.top - 1 || b.bottom > o.bottom + 1 || b.left < o.left - 1 || b.right > o.right + 1)
        return p.className;
    }
    return null;
  });
  expect(cut).toBeNull();
  // The card shows its content, not a line of it.
  const body = await inspector
    .locator(".panel-body")
    .evaluate((el) => el.clientHeight >= el.scrollHeight - 1);
  expect(body).toBe(true);
});

test("at 200% zoom the inspector's slider and add buttons stay inside its column", async ({ page }) => {
  await openEditor(page);
  await paletteItem(page, "Score").click();
  const inspector = page.getByRole("region", { name: "Inspector" });
  for (const control of [
    inspector.getByRole("slider", { name: "Percentage score slider" }),
    inspector.getByRole("button", { name: "Add semantic key" }),
  ]) {
    await control.focus();
    // Wholly inside the inspector's scroll box: nothing cut off at its right edge.
    const cut = await control.evaluate((el) => {
      const b = el.getBoundingClientRect();
      const box = el.closest(".panel-body");
      if (!box) return "no panel";
      const o = box.getBoundingClientRect();
      return b.left < o.left - 1 || b.right > o.right + 1
        ? `${Math.round(b.right)} > ${Math.round(o.right)}`
        : null;
    });
    expect(cut, String(control)).toBeNull();
  }
});
