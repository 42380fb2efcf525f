import { expect, type Page, test } from "@playwright/test";
import {
  centerPoint,
  openEditor,
  paletteItem,
  pointerDrag,
  pressSlowly,
  preview,
  previewNames,
  previewWidgets,
  recordAnnouncements,
  rowButton,
  rowLabels,
  rows,
  selectRow,
  WIDGET_LABELS,
  widgetList,
} from "./helpers";

// One page for the whole file: each journey continues from the document the previous one left.
test.describe.configure({ mode: "serial" });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await openEditor(page);
});
test.afterAll(async () => {
  await page.close();
});

/** A point on the first row, `part` of its height down (the upper half drops before it, the lower after). */
async function rowPoint(part: number): Promise<{ x: number; y: number }> {
  const box = await rows(page).nth(0).boundingBox();
  if (!box) throw new Error("the first row is not visible");
  return { x: box.x + box.width / 2, y: box.y + box.height * part };
}

/** The "drop here to add at the end" zone under the list. */
function listEnd(p: Page) {
  return p.locator(".list-end");
}

test("journey 1: each widget kind dragged by pointer from the palette to a chosen position", async () => {
  const expected: string[] = [];
  const heard = await recordAnnouncements(page);
  for (const [i, label] of WIDGET_LABELS.entries()) {
    // Alternate the drop position: at the end, then on the first row's upper half (before it), then
    // on its lower half (after it).
    const where = i === 0 ? "end" : (["end", "first", "second"] as const)[i % 3];
    const point =
      where === "end" ? await centerPoint(listEnd(page)) : await rowPoint(where === "first" ? 0.25 : 0.75);
    await pointerDrag(page, paletteItem(page, label), point.x, point.y);
    const at = where === "end" ? expected.length : where === "first" ? 0 : 1;
    expected.splice(at, 0, label);
    await expect
      .poll(() => rowLabels(page), { message: `after dropping ${label} (${where})` })
      .toEqual(expected);
    await expect.poll(async () => (await heard()).at(-1)).toBe(`Added ${label} at position ${at + 1}.`);
  }
  // Every kind is drawn in the preview, in the same order.
  await expect(previewWidgets(page)).toHaveCount(WIDGET_LABELS.length);
  const names = await previewNames(page);
  expect(names.map((n) => n.replace(/^\d+\. /, "").replace(/:.*$/, ""))).toEqual(expected);
});

test("journey 1: reorder by pointer drag", async () => {
  const before = await rowLabels(page);
  // Drag the third row by its handle to before the first.
  const handle = rows(page)
    .nth(2)
    .getByRole("button", { name: /^Reorder / });
  const point = await centerPoint(rows(page).nth(0));
  await pointerDrag(page, handle, point.x, point.y);
  const expected = [before[2], before[0], before[1], ...before.slice(3)];
  await expect.poll(() => rowLabels(page)).toEqual(expected);
});

test("journey 1: reorder by keyboard alone, with the announcement read out", async () => {
  const before = await rowLabels(page);
  const first = before[0] ?? "";
  const handle = rows(page)
    .nth(0)
    .getByRole("button", { name: /^Reorder / });
  const heard = await recordAnnouncements(page);
  await handle.focus();
  await pressSlowly(page, ["Space", "ArrowDown", "ArrowDown", "Space"]);
  const expected = [before[1], before[2], first, ...before.slice(3)];
  await expect.poll(() => rowLabels(page)).toEqual(expected);
  // The screen reader hears the pick-up, each move, and where the widget went.
  const n = before.length;
  await expect
    .poll(heard)
    .toEqual(
      expect.arrayContaining([
        `Picked up ${first}, widget 1 of ${n}.`,
        `${first} moved to position 2 of ${n}.`,
        `${first} moved to position 3 of ${n}.`,
        `Dropped ${first} at position 3 of ${n}.`,
      ]),
    );
  expect((await heard()).at(-1)).toBe(`Dropped ${first} at position 3 of ${n}.`);
  // Focus stays on the moved widget's handle, so the user can go on.
  await expect(page.getByRole("button", { name: `Reorder ${first}, widget 3` })).toBeFocused();
});

test("journey 2: editing a field changes the preview; a problem leads to its field and is fixed", async () => {
  const titleAt = (await rowLabels(page)).indexOf("Title");
  await selectRow(page, titleAt);
  const text = page.getByLabel(/^Text/).first();
  await text.fill("گزارش کارشناسی سمند");
  await expect(previewWidgets(page).nth(titleAt)).toContainText("گزارش کارشناسی سمند");
  // The preview is drawn as the app draws it: right to left, in Vazirmatn, inside a phone frame.
  await expect(preview(page)).toHaveAttribute("dir", "rtl");
  await expect(preview(page)).toHaveCSS("font-family", /Vazirmatn/);
  await expect(preview(page)).toHaveCSS("border-top-style", "solid");
  expect((await preview(page).boundingBox())?.width).toBeLessThan(480);

  // Make an error: the title's text is required.
  await text.fill("");
  const problems = page.getByRole("region", { name: /problems/i });
  const problem = problems.getByRole("button", {
    name: new RegExp(`widgets\\[${titleAt}\\]\\.title_row\\.text`),
  });
  await expect(problem).toBeVisible();
  await expect(rows(page).nth(titleAt)).toHaveClass(/has-error/);

  // Follow it: the widget is selected and its field focused, elsewhere in the page.
  await rowButton(page, 0).click();
  await problem.click();
  const field = page.getByLabel(/^Text/).first();
  await expect(field).toBeFocused();
  await page.keyboard.type("گزارش کارشناسی سمند");
  await expect(problem).toHaveCount(0);
  await expect(rows(page).nth(titleAt)).not.toHaveClass(/has-error/);
  await expect(previewWidgets(page).nth(titleAt)).toContainText("گزارش کارشناسی سمند");
});

test("journey 4: undo and redo by keyboard", async () => {
  // Typing in one field is one step, undone from inside the field.
  await selectRow(page, 0);
  const field = page.getByRole("region", { name: "Inspector" }).getByRole("textbox").first();
  const original = await field.inputValue();
  await field.fill("");
  await field.pressSequentially("یک دو سه");
  await page.keyboard.press("Control+z");
  await expect(field).toHaveValue(original);
  await page.keyboard.press("Control+Shift+z");
  await expect(field).toHaveValue("یک دو سه");
  await page.keyboard.press("Control+z");
  await expect(field).toHaveValue(original);

  const before = await rowLabels(page);
  await paletteItem(page, "Subtitle").click();
  await expect(rows(page)).toHaveCount(before.length + 1);
  // Outside text fields, Ctrl+Z is the editor's undo.
  await page.getByRole("heading", { name: /Add-on widgets/ }).click();
  await page.keyboard.press("Control+z");
  await expect.poll(() => rowLabels(page)).toEqual(before);
  await page.keyboard.press("Control+Shift+z");
  await expect(rows(page)).toHaveCount(before.length + 1);
  await page.keyboard.press("Control+z");
  await expect.poll(() => rowLabels(page)).toEqual(before);
});

test("journey 4: a reload restores the draft", async () => {
  const labels = await rowLabels(page);
  const names = await previewNames(page);
  await page.reload();
  await expect(widgetList(page)).toBeVisible();
  await expect.poll(() => rowLabels(page)).toEqual(labels);
  expect(await previewNames(page)).toEqual(names);
});

test("journey 4: a share link opens the same document in a fresh browser context", async ({ browser }) => {
  const names = await previewNames(page);
  const context = page.context();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText("Share link copied.")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#doc=/);
  // It is also shown, for browsers that refuse the clipboard.
  await expect(page.getByRole("textbox", { name: "Share link" })).toHaveValue(link);

  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(link);
  await expect(previewWidgets(fresh)).toHaveCount(names.length);
  expect(await previewNames(fresh)).toEqual(names);
  await other.close();
});
