import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import {
  openEditor,
  preview,
  previewWidgets,
  publishPanel,
  publishToDemoPost,
  rowButton,
  showPanel,
} from "./helpers";

/**
 * The README's screenshots at the three window sizes the studio is laid out for, and the layout
 * facts a user relies on at each: the phone stays on screen while a widget is selected and the
 * output or publish panel is open, the header keeps the product name, the draft picker shows a
 * whole name; and axe finds no serious or critical violation there, light or dark.
 */
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

test.describe.configure({ mode: "serial" });

let page: Page;
test.beforeAll(async ({ browser }) => {
  // axe needs a page of a context made with newContext (it opens frames through it).
  const context = await browser.newContext({ viewport: SIZES[1] });
  page = await context.newPage();
});
test.afterAll(async () => {
  await page.context().close();
});

/** `el`'s box, failing when it is not drawn. */
async function box(el: Locator) {
  const b = await el.boundingBox();
  if (!b) throw new Error(`${el} is not drawn`);
  return b;
}

/** Fails unless `el` lies wholly inside the window (with `name` in the message). */
async function expectInWindow(p: Page, el: Locator, name: string): Promise<void> {
  const b = await box(el);
  const view = p.viewportSize();
  if (!view) throw new Error("no viewport");
  const where = `${name} at x ${Math.round(b.x)}, y ${Math.round(b.y)}, ${Math.round(b.width)}x${Math.round(b.height)} in ${view.width}x${view.height}`;
  expect(b.x, where).toBeGreaterThanOrEqual(0);
  expect(b.y, where).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, where).toBeLessThanOrEqual(view.width + 0.5);
  expect(b.y + b.height, where).toBeLessThanOrEqual(view.height + 0.5);
}

/** The phone is on screen, tall enough to read, and shows the selected widget inside its screen. */
async function expectPhoneInView(p: Page, what: string): Promise<void> {
  const phone = preview(p);
  await expectInWindow(p, phone, `the phone (${what})`);
  const frame = await box(phone);
  expect(frame.height, `the phone's height (${what})`).toBeGreaterThanOrEqual(220);
  const selected = await box(phone.locator('article[aria-current="true"]'));
  expect(selected.y, `the selected widget is inside the phone (${what})`).toBeGreaterThanOrEqual(frame.y);
  expect(selected.y, `the selected widget is inside the phone (${what})`).toBeLessThan(
    frame.y + frame.height - 24,
  );
}

/** The header shows the product name whole, on one line with the other controls. */
async function expectHeader(p: Page): Promise<void> {
  const name = p.getByRole("heading", { name: "Addon Studio", level: 1 });
  await expectInWindow(p, name, "the product name");
  const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.clientWidth < 60);
  expect(cut, "the product name is drawn whole").toBe(false);
}

/** The width the draft picker's current name needs, and the room the picker gives it. */
function draftPickerFit(p: Page): Promise<{ text: string; needs: number; room: number }> {
  return p.locator("#draft-select").evaluate((el) => {
    const select = el as HTMLSelectElement;
    const css = getComputedStyle(select);
    const probe = document.createElement("span");
    probe.style.font = css.font;
    probe.style.whiteSpace = "pre";
    probe.style.position = "absolute";
    probe.textContent = select.selectedOptions[0]?.text ?? "";
    document.body.append(probe);
    const needs = probe.getBoundingClientRect().width;
    probe.remove();
    // The native arrow takes about 20 px of the content box.
    const room =
      select.clientWidth - Number.parseFloat(css.paddingLeft) - Number.parseFloat(css.paddingRight) - 20;
    return { text: probe.textContent ?? "", needs, room };
  });
}

async function renameDraft(p: Page, name: string): Promise<void> {
  const field = p.getByLabel("Draft name");
  await field.fill(name);
  await field.press("Enter");
  await expect(p.locator("#draft-select option:checked")).toHaveText(name);
}

async function setTheme(p: Page, dark: boolean): Promise<void> {
  const toggle = p.getByRole("button", { name: "Dark theme" });
  if ((await toggle.getAttribute("aria-pressed")) !== String(dark)) await toggle.click();
  await expect(p.locator("html")).toHaveAttribute("data-theme", dark ? "dark" : "light");
}

test("setup: a template with several widgets, published once to the emulator's demo post", async () => {
  test.setTimeout(60_000);
  await openEditor(page);
  await setTheme(page, false);
  await page.getByRole("button", { name: "Templates" }).click();
  await page.getByRole("button", { name: "Use template: Car inspection report" }).click();
  await expect(previewWidgets(page)).toHaveCount(13);
  await publishToDemoPost(page);
});

for (const size of SIZES) {
  test(`${size.width}x${size.height}: the phone stays in view, the header is whole, no serious axe finding`, async () => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await setTheme(page, false);
    await showPanel(page, "Problems");

    await renameDraft(page, "Untitled add-on 2");
    const fit = await draftPickerFit(page);
    expect(fit.needs, `"${fit.text}" fits the draft picker (${Math.round(fit.room)} px)`).toBeLessThanOrEqual(
      fit.room,
    );
    await renameDraft(page, "Car inspection report");
    await expectHeader(page);

    // The add-on editor: a widget selected, the JSON open under the preview.
    await rowButton(page, 2).click();
    await showPanel(page, "JSON");
    await expect(page.getByRole("region", { name: "Export body (JSON)" })).toBeVisible();
    await expectPhoneInView(page, "JSON open");
    await expectInWindow(page, page.locator("#bottom-panel"), "the JSON panel");
    await page.screenshot({ path: `docs/screenshots/editor-${size.width}.png` });

    // The publish flow, its history showing the publish above.
    await showPanel(page, "Publish");
    await expect(publishPanel(page).getByRole("list", { name: /history/i })).toContainText("published");
    await expectPhoneInView(page, "Publish open");
    await expectInWindow(page, page.locator("#bottom-panel"), "the publish panel");
    await page.screenshot({ path: `docs/screenshots/publish-${size.width}.png` });

    const found: string[] = [];
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      const theme = dark ? "dark" : "light";
      found.push(...(await seriousViolations(page)).map((l) => `[${theme}, publish] ${l}`));
      await showPanel(page, "JSON");
      found.push(...(await seriousViolations(page)).map((l) => `[${theme}, JSON] ${l}`));
      await showPanel(page, "Publish");
    }
    await setTheme(page, false);

    // The chat composer.
    await page.getByRole("tab", { name: "Chat message" }).click();
    await expect(page.getByRole("heading", { name: "Chat message", level: 2 })).toBeVisible();
    await expectHeader(page);
    await page.screenshot({ path: `docs/screenshots/chat-${size.width}.png` });
    found.push(...(await seriousViolations(page)).map((l) => `[light, chat] ${l}`));
    await setTheme(page, true);
    found.push(...(await seriousViolations(page)).map((l) => `[dark, chat] ${l}`));
    await setTheme(page, false);
    await page.getByRole("tab", { name: "Add-on", exact: true }).click();
    await expect(page.getByRole("button", { name: "Add Title" })).toBeVisible();
    expect(found).toEqual([]);
  });
}
