import { expect, type Page, test } from "@playwright/test";
import {
  dragReady,
  holdChunk,
  palette,
  paletteItem,
  preview,
  previewWidgets,
  rowLabels,
  rows,
} from "./helpers";

// Issue 14: the built page carries the empty editor (rendered by its own components at build time)
// and a small inline script, so the palette works before the editor's code has arrived
// (src/editor/shell/early-shell.ts, scripts/prerender-page.mjs).

/** The editor's entry chunk (index-<hash>.js). */
const ENTRY_CHUNK = /\/assets\/index-[A-Za-z0-9_-]{8}\.js$/;

/** What a screen reader reads of each list row: the row's, its handle's and its button's names. */
async function rowNames(page: Page): Promise<string[][]> {
  return rows(page).evaluateAll((lis) =>
    lis.map((li) => [
      li.getAttribute("aria-label") ?? "",
      li.querySelector(".drag-handle")?.getAttribute("aria-label") ?? "",
      li.querySelector(".row-main")?.getAttribute("aria-label") ?? "",
      li.querySelector(".row-index")?.textContent ?? "",
    ]),
  );
}

test("before the editor's code arrives the page shows the editor, and palette clicks add widgets that the editor keeps", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") violations.push(m.text());
  });
  // The entry's stylesheet is in the page: it is never fetched as a file, not even by lazy chunks.
  const entryCss: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/index-[\w-]+\.css$/.test(r.url())) entryCss.push(r.url());
  });
  const release = await holdChunk(page, ENTRY_CHUNK);
  await page.goto("/", { waitUntil: "commit" });
  // Drawn from the page itself: the editor's code has not run (no React root, no drag code).
  await expect(paletteItem(page, "Title")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add-on widgets (0)" })).toBeVisible();
  await expect(preview(page)).toContainText("No widgets yet");
  // Everything but the palette's add buttons waits for the editor.
  expect(await page.getByRole("tab", { name: "JSON" }).evaluate((el) => (el as HTMLElement).inert)).toBe(
    true,
  );
  expect(
    await palette(page)
      .getByRole("searchbox")
      .evaluate((el) => (el as HTMLElement).inert),
  ).toBe(true);

  const at = async () => (await paletteItem(page, "Score").boundingBox())?.y;
  const before = await at();
  await paletteItem(page, "Title").click();
  await paletteItem(page, "Description").click();
  await expect.poll(() => rowLabels(page)).toEqual(["Title", "Description"]);
  await expect(page.getByRole("heading", { name: "Add-on widgets (2)" })).toBeVisible();
  await expect(previewWidgets(page)).toHaveCount(2);
  await expect(preview(page)).not.toContainText("No widgets yet");
  const early = await rowNames(page);
  expect(early).toEqual([
    ["Title, widget 1", "Reorder Title, widget 1", "Title, widget 1", "1"],
    ["Description, widget 2", "Reorder Description, widget 2", "Description, widget 2", "2"],
  ]);
  // The early rows are the editor's own rows (drawn from its components), waiting for it.
  expect(
    await rows(page)
      .first()
      .locator("button")
      .first()
      .evaluate((el) => (el as HTMLElement).inert),
  ).toBe(true);
  await expect(page.locator("html")).not.toHaveAttribute("data-drag", "ready");

  release();
  await dragReady(page);
  // The editor made both widgets its own: same rows, the last one selected, focus where it was.
  await expect(page.locator("h2.inspector-title")).toHaveText(/^Description\s*widget 2$/);
  expect(await rowNames(page)).toEqual(early);
  await expect(paletteItem(page, "Description")).toBeFocused();
  // The palette did not move under the pointer when the editor took over with a widget selected.
  expect(await at()).toBe(before);
  await expect(page.locator("#editor-announcer")).toHaveText(
    "Added Description as widget 2 of 2; it is selected.",
  );
  const names = await previewWidgets(page).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  expect(names[0]).toMatch(/^1\. Title: /);
  expect(names[1]).toMatch(/^2\. Description: /);
  // They are in the document: one undo takes the last away, and a third add goes after it.
  await page.keyboard.press("Control+z");
  await expect.poll(() => rowLabels(page)).toEqual(["Title"]);
  await paletteItem(page, "Score").click();
  await expect.poll(() => rowLabels(page)).toEqual(["Title", "Score"]);
  // The draft keeps them across a reload.
  await page.waitForTimeout(400);
  await page.reload();
  await dragReady(page);
  await expect.poll(() => rowLabels(page)).toEqual(["Title", "Score"]);
  // The inspector's and the JSON tab's code (and their stylesheets) have come and gone meanwhile.
  await page.getByRole("tab", { name: "JSON" }).first().click();
  await page.waitForLoadState("networkidle");
  expect(entryCss).toEqual([]);
  expect(violations).toEqual([]);
});

test("the first frame drawn holds the whole editor, not the part of the page parsed so far", async ({
  page,
}) => {
  // An animation-frame callback runs before its frame is laid out and drawn: what it finds is what
  // that frame shows. Each cold load, three times (the parser's pauses vary with the machine's load).
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const shell = document.querySelector("[data-shell]");
      Reflect.set(window, "__firstFrame", {
        paletteItems: shell?.querySelectorAll(".palette-item[data-kind]").length ?? 0,
        outputTabs: shell?.querySelectorAll('[role="tab"][id^="bottom-tab-"]').length ?? 0,
      });
    });
  });
  for (let load = 0; load < 3; load++) {
    await page.goto("/", { waitUntil: "commit" });
    await expect
      .poll(() => page.evaluate(() => Reflect.get(window, "__firstFrame")))
      .toEqual({ paletteItems: 10, outputTabs: 4 });
  }
});

test.describe("in the dark theme", () => {
  test.use({ colorScheme: "dark" });
  test("the page's first paint is the dark editor, as the editor's own first render", async ({ page }) => {
    const release = await holdChunk(page, ENTRY_CHUNK);
    await page.goto("/", { waitUntil: "commit" });
    await expect(paletteItem(page, "Title")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    // One shell, the dark one: the light one is gone before it is drawn.
    await expect(page.locator("[data-shell]")).toHaveCount(1);
    await expect(page.locator("#root > [data-shell]")).toHaveAttribute("data-shell", "dark");
    const previewTheme = () =>
      page.getByRole("group", { name: "Preview theme" }).getByRole("radio", { name: "Dark" }).isChecked();
    expect(await previewTheme()).toBe(true);
    release();
    await dragReady(page);
    expect(await previewTheme()).toBe(true);
  });
});

test("when the editor's code cannot be loaded, the first paint says so and takes no clicks", async ({
  page,
}) => {
  await page.route(ENTRY_CHUNK, (route) => route.abort());
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("alert")).toHaveText(/The editor's code could not be loaded/);
  expect(await paletteItem(page, "Title").evaluate((el) => (el as HTMLElement).inert)).toBe(true);
});

/** Opens `url` with the editor's code held back: the built page's empty editor must stay hidden. */
async function opensHidden(page: Page, url: string): Promise<void> {
  const release = await holdChunk(page, ENTRY_CHUNK);
  await page.goto(url, { waitUntil: "commit" });
  await expect(page.locator("html")).toHaveAttribute("data-first-paint", "hidden");
  await expect(paletteItem(page, "Title")).toBeHidden();
  release();
  await dragReady(page);
}

test("an address the editor acts on at once (a chat conversation) does not draw the empty editor first", async ({
  page,
}) => {
  await opensHidden(page, "/?conversation_id=3f1c2a9e");
});

test("a returning user's page never shows the empty editor over their draft", async ({ page }) => {
  await page.goto("/");
  await dragReady(page);
  await paletteItem(page, "Title").click();
  await expect.poll(() => rowLabels(page)).toEqual(["Title"]);
  await page.waitForTimeout(400);

  const release = await holdChunk(page, ENTRY_CHUNK);
  await page.reload({ waitUntil: "commit" });
  // The saved draft is not the empty editor: the page's copy is hidden before it is drawn.
  await expect(page.locator("html")).toHaveAttribute("data-first-paint", "hidden");
  await expect(page.locator("#root > [data-shell]")).toBeHidden();
  await expect(paletteItem(page, "Title")).toBeHidden();
  release();
  await dragReady(page);
  await expect.poll(() => rowLabels(page)).toEqual(["Title"]);
});

test("a first visit by a share link does not draw the empty editor before the shared document", async ({
  page,
}) => {
  await opensHidden(page, "/#doc=not-a-shared-document");
  await expect(page.getByText(/Could not open the shared link/)).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test("the page shows no lifeless copy of the editor, only that it needs JavaScript", async ({ page }) => {
    await page.goto("/");
    // (Playwright's text queries skip <noscript>: it is found as the element it is.)
    const message = page.locator("body > noscript");
    await expect(message).toBeVisible();
    expect(await message.evaluate((n) => n.textContent)).toBe("Addon Studio needs JavaScript to run.");
    await expect(page.locator("#root > [data-shell]").first()).toBeHidden();
    await expect(page.getByRole("button", { name: "Add Title" })).toHaveCount(0);
  });
});

test("the editor starts in a tab that draws no frames (opened in the background)", async ({ page }) => {
  // A background tab: hidden, and its animation-frame callbacks wait until it is shown.
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden", configurable: true });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto("/", { waitUntil: "commit" });
  // The editor's own render replaces the built page's shell.
  await expect(page.locator("[data-shell]")).toHaveCount(0);
  await paletteItem(page, "Title").click();
  await expect(rows(page)).toHaveCount(1);
});
