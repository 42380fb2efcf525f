import { expect, type Route, test } from "@playwright/test";
import { dragReady, palette, paletteItem, pressSlowly, rowLabels, rows } from "./helpers";

// Issue 14: dnd-kit is not in the first load; the editor fetches it right after its first paint.
test("before the drag code arrives the list works by click and move buttons, and drag clearly does not start", async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/drag-kit-[^/]+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await expect(palette(page).getByRole("button", { name: "Add Title" })).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-drag", "ready");

  await paletteItem(page, "Title").click();
  await paletteItem(page, "Description").click();
  await expect.poll(() => rowLabels(page)).toEqual(["Title", "Description"]);
  // The move buttons need no drag code.
  await page.getByRole("button", { name: "Move up" }).click();
  await expect.poll(() => rowLabels(page)).toEqual(["Description", "Title"]);

  // The handle says it is not ready, and Space on it picks nothing up.
  const handle = page.getByRole("button", { name: "Reorder Description, widget 1", exact: true });
  await expect(handle).toHaveAttribute("aria-disabled", "true");
  await handle.focus();
  await pressSlowly(page, ["Space", "ArrowDown", "Space"]);
  await expect.poll(() => rowLabels(page)).toEqual(["Description", "Title"]);

  // Once the chunk arrives the focused handle keeps focus and drags by keyboard.
  release();
  await dragReady(page);
  const ready = page.getByRole("button", { name: "Reorder Description, widget 1", exact: true });
  await expect(ready).not.toHaveAttribute("aria-disabled", "true");
  await expect(ready).toBeFocused();
  await pressSlowly(page, ["Space", "ArrowDown", "Space"]);
  await expect.poll(() => rowLabels(page)).toEqual(["Title", "Description"]);
  await expect(rows(page)).toHaveCount(2);
});
