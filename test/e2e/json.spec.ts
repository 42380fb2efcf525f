import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
  importPasted,
  openEditor,
  paletteItem,
  previewWidgets,
  rowLabels,
  selectRow,
  showPanel,
  validateWithCli,
} from "./helpers";

const ROOT = new URL("../../", import.meta.url);
const V1_BEFORE = new URL("test/fixtures/v1/title_row.before.json", ROOT);
const V1_AFTER = new URL("test/fixtures/v1/title_row.after.json", ROOT);

// One page: export first, then the imports act on the exported document.
test.describe.configure({ mode: "serial" });

let page: Page;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  page = await context.newPage();
  await openEditor(page);
  await paletteItem(page, "Title").click();
  await page.getByLabel(/^Text/).first().fill("گزارش کارشناسی تیبا");
  await paletteItem(page, "Score").click();
  await expect(previewWidgets(page)).toHaveCount(2);
  await showPanel(page, "JSON");
});
test.afterAll(async () => {
  await page.context().close();
});

function exportBody(p: Page) {
  return p.getByLabel("Export body (JSON)");
}
function importOutcome(p: Page) {
  return p.locator(".import-outcome");
}

let exported = "";

test("journey 3: copy the JSON to the clipboard", async () => {
  exported = (await exportBody(page).textContent()) ?? "";
  expect(JSON.parse(exported).widgets).toHaveLength(2);
  expect(exported).not.toMatch(/"id"/);
  await page.getByRole("button", { name: "Copy JSON" }).click();
  await expect(page.getByText("JSON copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(exported);
});

test("journey 3: download the JSON, and the file passes addon-studio validate", async () => {
  const testInfo = test.info();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("post-addon.json");
  const file = testInfo.outputPath("post-addon.json");
  await download.saveAs(file);
  expect(readFileSync(file, "utf8").trim()).toBe(exported.trim());
  const cli = validateWithCli("post", file);
  expect(cli.output).toContain("valid post body");
  expect(cli.status, cli.output).toBe(0);
});

test("journey 3: a draft with a name of its own downloads under that name", async () => {
  // Several add-ons downloaded from the studio are told apart; a slash cannot be in a file's name.
  await page.getByLabel("Draft name").fill("بازدید خودرو / Tiba");
  await page.getByLabel("Draft name").press("Enter");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("بازدید خودرو - Tiba.post-addon.json");
  await expect(page.getByText("Downloaded بازدید خودرو - Tiba.post-addon.json.")).toBeVisible();
});

test("journey 3: a v2 file imported back round-trips unchanged", async () => {
  await importPasted(page, exported);
  await expect(importOutcome(page)).toContainText("Loaded a v2 post add-on");
  await expect(exportBody(page)).toHaveText(exported);
});

test("journey 3: the JSON tab offers one file button to a screen reader, not two", async () => {
  const panel = page.locator(".json-panel");
  await expect(panel.getByRole("button", { name: "Open a JSON file…" })).toHaveCount(1);
  // The file input the button opens is not a second control in the accessibility tree.
  await expect(panel.getByRole("button", { name: "JSON file to import" })).toHaveCount(0);
  expect(await panel.ariaSnapshot()).not.toContain("JSON file to import");
});

test("journey 3: a v1 file is migrated, with its report", async () => {
  await page.getByLabel("JSON file to import").setInputFiles(V1_BEFORE.pathname);
  await expect(importOutcome(page)).toContainText(
    "Migrated a v1 post add-on from title_row.before.json to v2",
  );
  await expect(importOutcome(page).getByText("Migration report")).toBeVisible();
  await expect(importOutcome(page).locator(".report li").first()).toBeVisible();
  const after = JSON.parse(readFileSync(V1_AFTER, "utf8"));
  expect(JSON.parse((await exportBody(page).textContent()) ?? "")).toEqual(after);
  expect(await rowLabels(page)).toEqual(["Title"]);
});

test("journey 3: garbage is refused and the document is untouched", async () => {
  const before = await exportBody(page).textContent();
  await importPasted(page, '{"widgets": [ {"title_row": ');
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("This is not valid JSON");
  await expect(alert).toContainText("your document was not changed");
  await expect(exportBody(page)).toHaveText(before ?? "");

  await importPasted(page, '{"hello": "world"}');
  await expect(page.getByRole("alert")).toContainText("Your document was not changed.");
  await expect(exportBody(page)).toHaveText(before ?? "");
});

test("journey 3: a misspelt key in a pasted add-on is renamed by the offered fix, its text kept", async () => {
  await importPasted(
    page,
    JSON.stringify({
      widgets: [
        { title_rows: { text: "آپارتمان ۱۲۰ متری در ونک" } },
        { description_row: { text: "نورگیر و بازسازی‌شده", has_dividr: true } },
      ],
    }),
  );
  await expect(importOutcome(page)).toContainText("It came with 2 errors");
  const inspector = page.getByRole("region", { name: "Inspector" });
  const panel = await inspector.boundingBox();
  // Every fix is whole inside the inspector column, however long the key's path.
  const inside = async (name: string | RegExp) => {
    const box = await inspector.getByRole("button", { name }).boundingBox();
    expect(box && panel && box.x >= panel.x && box.x + box.width <= panel.x + panel.width).toBe(true);
  };
  await selectRow(page, 0);
  await expect(inspector).toContainText("did you mean title_row?");
  await inside("Remove title_rows");
  await inside("Rename title_rows to title_row");
  await inspector.getByRole("button", { name: "Rename title_rows to title_row" }).click();
  await expect(previewWidgets(page).first()).toContainText("آپارتمان ۱۲۰ متری در ونک");
  expect(await rowLabels(page)).toEqual(["Title", "Description"]);

  await selectRow(page, 1);
  const field = "Rename has_dividr to has_divider";
  await inside(field);
  await inside("Remove has_dividr");
  await inspector.getByRole("button", { name: field }).click();
  await expect(inspector.getByRole("checkbox", { name: "Divider below" })).toBeChecked();
  await expect(page.getByRole("tab", { name: /Problems/ })).not.toContainText(/\d/);
});

test("journey 3: long problem messages and paths wrap inside the Problems panel; a row's name ends before its marker", async () => {
  await showPanel(page, "JSON");
  await importPasted(
    page,
    JSON.stringify({
      widgets: [
        { title_row: { text: "عنوان" } },
        { description_row: { text: "متن", expandable: "no" } },
        { score_row: { title: "امتیاز", percentage_score: 50 } },
        { selector_row: { title: "لینک", action: { open_direct_link: "javascript:alert(1)" } } },
      ],
    }),
  );
  await expect(importOutcome(page)).toContainText("It came with");
  await showPanel(page, "Problems");
  const panel = page.getByRole("region", { name: "Problems" });
  const long = panel.locator(".problem", { hasText: "javascript: links are not allowed" });
  await expect(long).toBeVisible();
  const right = await panel.evaluate((el) => el.getBoundingClientRect().right);
  // Each part of the row (severity, where, message, path) ends inside the panel.
  const ends = await long.evaluate((el) => [...el.children].map((c) => c.getBoundingClientRect().right));
  for (const end of ends) expect(end).toBeLessThanOrEqual(right + 0.5);
  // In the list, a name squeezed by its problem marker (and the selected row's buttons) ends before it.
  await selectRow(page, 1);
  const overlaps = await page.locator(".row-main").evaluateAll((rows) =>
    rows.flatMap((row) => {
      const label = row.querySelector(".row-label");
      const marker = row.querySelector(".row-marker");
      if (!label || !marker) return [];
      // Where the name's text is drawn: its own extent, or its box when the box clips it.
      const text = document.createRange();
      text.selectNodeContents(label);
      const clips = getComputedStyle(label).overflowX !== "visible";
      const drawn = clips ? label.getBoundingClientRect().right : text.getBoundingClientRect().right;
      return drawn > marker.getBoundingClientRect().left ? [label.textContent] : [];
    }),
  );
  expect(overlaps).toEqual([]);
});
