import { expect, type Route, test } from "@playwright/test";
import {
  dragReady,
  holdChunk,
  palette,
  paletteItem,
  pressSlowly,
  rowLabels,
  rows,
  selectRow,
} from "./helpers";

/** The drag code's chunk (dnd-kit). */
const DRAG_KIT_CHUNK = /\/assets\/drag-kit-[^/]+\.js$/;
/** The contract's chunk: contract-<hash>.js, not contract-gate-<hash>.js (which is in the first load). */
const CONTRACT_CHUNK = /\/assets\/contract-[A-Za-z0-9_-]{8}\.js$/;

// Issue 14: dnd-kit is not in the first load; the editor fetches it right after its first paint.
test("before the drag code arrives the list works by click and move buttons, and drag clearly does not start", async ({
  page,
}) => {
  const release = await holdChunk(page, DRAG_KIT_CHUNK);
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

test("a click pressed while the drag code arrives is not lost: the drag parts are drawn anew after it", async ({
  page,
}) => {
  const release = await holdChunk(page, DRAG_KIT_CHUNK);
  await page.goto("/");
  const add = paletteItem(page, "Title");
  await expect(add).toBeVisible();
  // The first paint's button is replaced by the editor's own when it first renders: between the two
  // the button may have no box for a moment.
  const box = await (async () => {
    for (let i = 0; i < 100; i++) {
      const b = await add.boundingBox();
      if (b) return b;
      await page.waitForTimeout(20);
    }
    throw new Error("Add Title has no box");
  })();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const arrived = page.waitForResponse(DRAG_KIT_CHUNK);
  release();
  const url = (await arrived).url();
  // The page's own import of the chunk has run once the same module is evaluated here, and a task later.
  await page.evaluate(async (u) => {
    await import(u);
    await new Promise((r) => setTimeout(r, 0));
  }, url);
  await expect(page.locator("html")).not.toHaveAttribute("data-drag", "ready");
  await page.mouse.up();
  await expect.poll(() => rowLabels(page)).toEqual(["Title"]);
  await dragReady(page);
});

// Issue 14: the contract (zod and every schema) is not in the first load either; it follows the
// first paint. Until it is here a widget can be added, and validation says it is still checking.
test("before the contract arrives a widget can be added, and Problems says it is checking, never 'no problems'", async ({
  page,
}) => {
  const release = await holdChunk(page, CONTRACT_CHUNK);
  await page.goto("/");
  await paletteItem(page, "Title").click();
  await expect.poll(() => rowLabels(page)).toEqual(["Title"]);
  const summary = page.locator("section.problems .problems-summary");
  await expect(summary).toHaveText("Checking the add-on against the platform's contract…");
  await expect(page.getByRole("tab", { name: /^Problems\s*, checking$/ })).toBeVisible();

  release();
  await expect(summary).not.toHaveText(/Checking/);
  await expect(summary).toHaveText(/^(No problems: this add-on is valid\.|\d+ errors?, \d+ warnings?\.)/);
  await expect(page.getByRole("tab", { name: /^Problems\s*, checking$/ })).toHaveCount(0);
});

test("when the contract cannot be fetched, the editor still adds widgets and says validation is unavailable", async ({
  page,
}) => {
  await page.route(CONTRACT_CHUNK, (route: Route) => route.abort());
  await page.goto("/");
  await paletteItem(page, "Title").click();
  await expect.poll(() => rowLabels(page)).toEqual(["Title"]);
  await expect(page.getByText(/Could not load the studio's validation code/)).toBeVisible();
  await expect(page.locator("section.problems .problems-summary")).not.toHaveText(/No problems/);
  // The inspector, which needs the contract too, says so and offers to try again, which works
  // once the file can be fetched.
  const inspector = page.getByRole("region", { name: "Inspector" });
  await expect(inspector.getByRole("alert")).toContainText("could not be loaded");
  await page.unroute(CONTRACT_CHUNK);
  await inspector.getByRole("button", { name: "Try again" }).click();
  // A browser that keeps a failed module fetch for the page's life (Chromium before ~156) fails the
  // retry too, and then offers to reload the page, which keeps the draft.
  const form = inspector.getByLabel(/^Text/);
  const reload = inspector.getByRole("button", { name: "Reload the page" });
  await expect(form.or(reload)).toBeVisible();
  if (await reload.isVisible()) {
    await expect(inspector.getByRole("alert")).toContainText("your draft is kept");
    // The pressed "Try again" left the page while the retry ran: focus is on the way forward.
    await expect(reload).toBeFocused();
    await reload.click();
    await expect.poll(() => rowLabels(page)).toEqual(["Title"]);
    await selectRow(page, 0);
  }
  await expect(form).toBeVisible();
});
