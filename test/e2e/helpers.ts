import { spawnSync } from "node:child_process";
import { expect, type Locator, type Page, type Route } from "@playwright/test";
import { EMULATOR_PORT } from "./ports";

/** The emulator's origin as the proxy names it (config: http://localhost:EMULATOR_PORT). */
export const EMULATOR = `http://localhost:${EMULATOR_PORT}`;
/** The emulator's demo post and conversation (src/emulator/state.ts). */
export const DEMO_POST_TOKEN = "gZ3kQx9aB1cD";
export const DEMO_CONVERSATION_ID = "3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c";

/** The palette's ten widget labels, in palette order (src/widgets/models.ts). */
export const WIDGET_LABELS = [
  "Title",
  "Subtitle",
  "Description",
  "Group info",
  "Score",
  "Evaluation",
  "Selector",
  "Event",
  "Image carousel",
  "Button",
] as const;

/** dnd-kit's keyboard sensor needs a moment between key presses in a real browser (CONVENTIONS). */
export const DND_PAUSE_MS = 60;

/** Opens the editor on a clean draft and waits until the palette is there and drag is on. */
export async function openEditor(page: Page, path = "/"): Promise<void> {
  await page.goto(path);
  await expect(palette(page).getByRole("button", { name: "Add Title" })).toBeVisible();
  await dragReady(page);
}

/** Waits for the drag code (dnd-kit), which the editor fetches right after its first paint. */
export async function dragReady(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-drag", "ready");
}

/** Holds back the files whose URL matches `pattern` (a lazily loaded chunk, the entry) until the returned function is called. */
export async function holdChunk(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The palette panel ("Widgets"). */
export function palette(page: Page): Locator {
  return page.getByRole("region", { name: "Widgets" });
}

/** The palette button that adds a widget of this label. */
export function paletteItem(page: Page, label: string): Locator {
  return palette(page).getByRole("button", { name: `Add ${label}`, exact: true });
}

/** The ordered list of the add-on's widgets. */
export function widgetList(page: Page): Locator {
  return page.getByRole("list", { name: "Add-on widgets" });
}

/** The list's rows (each named "<label>, widget <n>"). */
export function rows(page: Page): Locator {
  return widgetList(page).locator(":scope > li");
}

/** The row's select button at 0-based position `i`. */
export function rowButton(page: Page, i: number): Locator {
  return rows(page).nth(i).locator("button.row-main");
}

/**
 * Selects row `i` and waits, as a person does, until the inspector shows its form: the form follows
 * the selection a render later, and a field found before that would be the previous widget's.
 */
export async function selectRow(page: Page, i: number): Promise<void> {
  await rowButton(page, i).click();
  await expect(page.locator("h2.inspector-title")).toHaveText(new RegExp(`widget ${i + 1}$`));
}

/** The labels of the list's rows, in order, as a screen reader names them. */
export async function rowLabels(page: Page): Promise<string[]> {
  const names = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
  return names.map((n) => n.replace(/, widget \d+$/, ""));
}

/** The phone-frame preview of the add-on. */
export function preview(page: Page): Locator {
  return page.getByRole("region", { name: "Add-on preview" });
}

/** The preview's widgets (articles named "<n>. <label>: <first text>"). */
export function previewWidgets(page: Page): Locator {
  return preview(page).getByRole("article");
}

/** The accessible names of the preview's widgets, in order. */
export async function previewNames(page: Page): Promise<string[]> {
  return previewWidgets(page).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
}

/** The text of dnd-kit's screen-reader live region (its announcements). */
export function dndAnnouncement(page: Page): Locator {
  return page.locator('[id^="DndLiveRegion"]');
}

/**
 * Starts recording every text dnd-kit puts in its live region (each one is read out in turn);
 * returns a function that reads the record so far.
 */
export async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const region = document.querySelector('[id^="DndLiveRegion"]');
    if (!region) throw new Error("dnd-kit's live region is missing");
    const heard: string[] = [];
    Object.assign(window, { __heard: heard });
    new MutationObserver(() => {
      const text = region.textContent ?? "";
      if (text && heard[heard.length - 1] !== text) heard.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => ((window as unknown as { __heard: string[] }).__heard ?? []).slice());
}

/** Presses keys one by one with the pause dnd-kit's keyboard sensor needs. */
export async function pressSlowly(page: Page, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(DND_PAUSE_MS);
  }
}

/**
 * Drags `source` by pointer to the point (x, y): press, move past the activation distance, glide to
 * the target in steps (dnd-kit measures collisions on pointer moves), release.
 */
export async function pointerDrag(page: Page, source: Locator, x: number, y: number): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const box = await source.boundingBox();
  if (!box) throw new Error("drag source is not visible");
  const sx = box.x + box.width / 2;
  const sy = box.y + box.height / 2;
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  await page.mouse.move(sx + 12, sy + 12, { steps: 4 });
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.move(x, y + 1);
  await page.mouse.up();
}

/** The centre of an element (dropping a palette item over a row inserts it at that row's place). */
export async function centerPoint(target: Locator): Promise<{ x: number; y: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error("drop target is not visible");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Changes the emulator's and the proxy's clock (test server only; see e2e-server.ts). */
export async function advanceServerClock(page: Page, ms: number): Promise<void> {
  const res = await page.request.post(`${EMULATOR}/_e2e/clock`, { data: { advanceMs: ms } });
  expect(res.ok()).toBe(true);
}

/** Shows one of the editor's tabbed panels (JSON, Problems, Publish, ...) when it sits behind a tab. */
export async function showPanel(page: Page, name: string): Promise<void> {
  const tab = page.getByRole("tab", { name: new RegExp(`^${name}\\b`) });
  if ((await tab.count()) > 0 && (await tab.first().getAttribute("aria-selected")) !== "true")
    await tab.first().click();
}

/** Imports `body` through the JSON tab's paste box, as a user pastes a file's text. */
export async function importPasted(page: Page, body: unknown): Promise<void> {
  await showPanel(page, "JSON");
  await page.getByLabel(/^Paste JSON to import/).fill(typeof body === "string" ? body : JSON.stringify(body));
  await page.getByRole("button", { name: "Import JSON", exact: true }).click();
}

/**
 * Moves keyboard focus with Tab (or Shift+Tab) until `target` has it, as a keyboard user would;
 * fails when it is not reachable within `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  opts: { back?: boolean; max?: number } = {},
): Promise<void> {
  const key = opts.back ? "Shift+Tab" : "Tab";
  for (let i = 0; i < (opts.max ?? 120); i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`not reachable with ${key}: ${target}`);
}

/** Runs `addon-studio validate --kind <kind> <file>`; returns its exit status and everything it printed. */
export function validateWithCli(kind: string, file: string): { status: number | null; output: string } {
  const res = spawnSync("node", ["bin/addon-studio.mjs", "validate", "--kind", kind, file], {
    cwd: new URL("../../", import.meta.url),
    encoding: "utf8",
  });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

/** The output panel's Publish region. */
export function publishPanel(page: Page): Locator {
  return page.getByRole("region", { name: "Publish", exact: true });
}

/** Publishes the open add-on to the emulator's demo post, choosing Allow on the consent page. */
export async function publishToDemoPost(page: Page): Promise<void> {
  await showPanel(page, "Publish");
  await publishPanel(page).getByLabel("Post token").fill(DEMO_POST_TOKEN);
  await publishPanel(page).getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/oauth2\/auth/);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("button", { name: "Add Title" })).toBeVisible();
  await showPanel(page, "Publish");
  await expect(publishPanel(page).getByText(`Published to post ${DEMO_POST_TOKEN}.`)).toBeVisible();
}
