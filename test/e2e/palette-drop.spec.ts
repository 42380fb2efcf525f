import { expect, type Page, test } from "@playwright/test";
import {
  openEditor,
  paletteItem,
  preview,
  previewNames,
  recordAnnouncements,
  rowLabels,
  rows,
  widgetList,
} from "./helpers";

/** Presses the pointer on a palette item and moves it (past the drag's start distance) to `y` over the list. */
async function pickUp(page: Page, label: string, to: { x: number; y: number }): Promise<void> {
  const box = await paletteItem(page, label).boundingBox();
  if (!box) throw new Error(`the palette item ${label} is not visible`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.move(to.x, to.y + 1);
}

/** A point on row `i`, `part` of its height down. */
async function onRow(page: Page, i: number, part: number): Promise<{ x: number; y: number }> {
  const box = await rows(page).nth(i).boundingBox();
  if (!box) throw new Error(`row ${i} is not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height * part };
}

/** The line that shows where a palette item would be added (null when hidden). */
async function dropLine(page: Page): Promise<{ top: number; bottom: number } | null> {
  return page.locator(".drop-line").evaluate((el) => {
    if ((el as HTMLElement).hidden) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });
}

/** The preview's frames in order: the kind each draws, "ghost" for the place a drag would add one. */
async function previewKinds(page: Page): Promise<string[]> {
  return preview(page)
    .locator(".pv-frame")
    .evaluateAll((els) =>
      els.map((e) =>
        e.classList.contains("pv-ghost")
          ? `ghost:${e.getAttribute("data-kind")}`
          : String(e.getAttribute("data-kind")),
      ),
    );
}

test.beforeEach(async ({ page }) => {
  await openEditor(page);
  for (const label of ["Title", "Subtitle", "Description"])
    await page.getByRole("button", { name: `Add ${label}`, exact: true }).click();
  await expect(rows(page)).toHaveCount(3);
});

test("a palette item shows where it will land, in the list and the phone, and lands there", async ({
  page,
}) => {
  const heard = await recordAnnouncements(page);
  // The lower half of the second row: after it.
  await pickUp(page, "Score", await onRow(page, 1, 0.8));
  const second = await rows(page).nth(1).boundingBox();
  const third = await rows(page).nth(2).boundingBox();
  if (!second || !third) throw new Error("rows are not visible");
  await expect.poll(() => dropLine(page)).not.toBeNull();
  const line = await dropLine(page);
  // The line sits in the gap between the second and the third row.
  expect(line?.top).toBeGreaterThanOrEqual(second.y + second.height - 2);
  expect(line?.bottom).toBeLessThanOrEqual(third.y + 2);
  // The phone shows the new widget (faded) in that place before the drop; the list is unchanged.
  await expect
    .poll(() => previewKinds(page))
    .toEqual(["title_row", "subtitle_row", "ghost:score_row", "description_row"]);
  expect(await rowLabels(page)).toEqual(["Title", "Subtitle", "Description"]);
  await expect.poll(async () => (await heard()).at(-1)).toBe("Score will be added at position 3.");

  // The upper half of the same row: before it.
  const upper = await onRow(page, 1, 0.2);
  await page.mouse.move(upper.x, upper.y, { steps: 4 });
  await expect
    .poll(() => previewKinds(page))
    .toEqual(["title_row", "ghost:score_row", "subtitle_row", "description_row"]);
  await expect.poll(async () => (await heard()).at(-1)).toBe("Score will be added at position 2.");
  const moved = await dropLine(page);
  expect(moved?.bottom).toBeLessThanOrEqual(second.y + 2);

  await page.mouse.up();
  await expect.poll(() => rowLabels(page)).toEqual(["Title", "Score", "Subtitle", "Description"]);
  await expect.poll(async () => (await heard()).at(-1)).toBe("Added Score at position 2.");
  // The place is gone with the drag; the added widget is drawn (and selected) in its own place.
  expect(await dropLine(page)).toBeNull();
  expect(await previewKinds(page)).toEqual(["title_row", "score_row", "subtitle_row", "description_row"]);
  await expect(rows(page).nth(1)).toHaveClass(/is-selected/);
  expect((await previewNames(page))[1]).toMatch(/^2\. Score/);
});

test("a palette item let go anywhere but over the list adds nothing", async ({ page }) => {
  const heard = await recordAnnouncements(page);
  const phone = await preview(page).boundingBox();
  if (!phone) throw new Error("the preview is not visible");
  // Over the list first (its place is shown), then on to the phone, and let go there.
  await pickUp(page, "Event", await onRow(page, 0, 0.8));
  await expect.poll(() => previewKinds(page)).toContain("ghost:event_row");
  await page.mouse.move(phone.x + phone.width / 2, phone.y + phone.height / 2, { steps: 8 });
  // Off the list, the place is no longer shown.
  await expect.poll(() => dropLine(page)).toBeNull();
  await expect.poll(() => previewKinds(page)).toEqual(["title_row", "subtitle_row", "description_row"]);
  await page.mouse.up();
  await expect
    .poll(async () => (await heard()).at(-1))
    .toBe("Event was dropped outside the list; nothing changed.");
  expect(await rowLabels(page)).toEqual(["Title", "Subtitle", "Description"]);

  // Back onto the palette: the same.
  const own = await paletteItem(page, "Event").boundingBox();
  if (!own) throw new Error("the palette item is not visible");
  await pickUp(page, "Event", { x: own.x + own.width / 2, y: own.y + own.height * 3 });
  await page.mouse.up();
  await expect(widgetList(page)).toBeVisible();
  expect(await rowLabels(page)).toEqual(["Title", "Subtitle", "Description"]);
  expect(await previewKinds(page)).toEqual(["title_row", "subtitle_row", "description_row"]);
});
