import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { openEditor, previewWidgets } from "./helpers";

test.describe.configure({ mode: "serial" });

let page: Page;
test.beforeAll(async ({ browser }) => {
  // axe needs a page of a context made with newContext (it opens frames through it).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await openEditor(page);
  // A realistic add-on, so the audit sees filled lists, the inspector and the preview.
  await page.getByRole("button", { name: "Templates" }).click();
  await page
    .getByRole("button", { name: /^Use template: / })
    .first()
    .click();
  await expect(previewWidgets(page).first()).toBeVisible();
  await page.getByRole("list", { name: "Add-on widgets" }).locator("button.row-main").first().click();
});
test.afterAll(async () => {
  await page.context().close();
});

test("journey 8: the editor in the light theme has no serious or critical axe violations", async () => {
  await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "false");
  await page.screenshot({ path: "docs/screenshots/editor-light.png" });
  expect(await seriousViolations(page)).toEqual([]);
});

test("journey 8: the editor in the dark theme has no serious or critical axe violations", async () => {
  const toggle = page.getByRole("button", { name: "Dark theme" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.screenshot({ path: "docs/screenshots/editor-dark.png" });
  expect(await seriousViolations(page)).toEqual([]);
});

/** The panels the first view does not show: the output tabs and the chat composer, in one theme. */
async function auditHiddenPanels(p: Page): Promise<string[]> {
  const found: string[] = [];
  for (const tab of ["JSON", "Publish", "Inbox"]) {
    await p.getByRole("tab", { name: new RegExp(`^${tab}`) }).click();
    await expect(p.getByRole("tabpanel", { name: new RegExp(`^${tab}`) })).not.toContainText("Loading…");
    found.push(...(await seriousViolations(p, "#bottom-panel")).map((l) => `[${tab} tab] ${l}`));
  }
  await p.getByRole("tab", { name: "Chat message" }).click();
  await expect(p.getByRole("heading", { name: "Chat message", level: 2 })).toBeVisible();
  found.push(...(await seriousViolations(p, "main")).map((l) => `[chat] ${l}`));
  await p.getByRole("tab", { name: "Add-on", exact: true }).click();
  await p.getByRole("tab", { name: /^Problems/ }).click();
  return found;
}

/** Runs `audit` in the light theme, then the dark one; its findings, each led by its theme. */
async function inBothThemes(p: Page, audit: (p: Page) => Promise<string[]>): Promise<string[]> {
  const toggle = p.getByRole("button", { name: "Dark theme" });
  const found: string[] = [];
  for (const dark of [false, true]) {
    if ((await toggle.getAttribute("aria-pressed")) !== String(dark)) await toggle.click();
    found.push(...(await audit(p)).map((l) => `${dark ? "dark" : "light"} ${l}`));
  }
  return found;
}

test("journey 8: the output panels and the chat composer, light and dark, have none either", async () => {
  expect(await inBothThemes(page, auditHiddenPanels)).toEqual([]);
});

test("journey 8: warnings (field, widget row, Problems tab) are legible in both themes", async () => {
  // A name not in the icon list is a warning, not an error: it shows under the field, on the row and
  // in the Problems tab, in the warning colour axe checks against each background.
  await page.getByRole("button", { name: "Add Score" }).click();
  await page.getByRole("region", { name: "Inspector" }).getByLabel(/^Icon/).fill("HOUSE_INSPECT");
  await expect(page.getByRole("group", { name: "Icons near HOUSE_INSPECT" })).toBeVisible();
  await page.getByRole("tab", { name: /^Problems/ }).click();
  await expect(page.getByRole("tabpanel", { name: /^Problems/ })).toContainText("HOUSE_INSPECT");
  expect(await inBothThemes(page, seriousViolations)).toEqual([]);
});
