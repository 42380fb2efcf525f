import { expect, test } from "@playwright/test";
import { importPasted, openEditor, showPanel } from "./helpers";

// A widget with no widget key ({}) or two has no field: choosing its problem focuses its heading in
// the inspector, as for a misspelt key. Far down a 2,000-widget list, focus went to the widget list.

test("choosing the problem of a widget with no widget key focuses its heading in the inspector", async ({
  page,
}) => {
  const widgets: Record<string, unknown>[] = Array.from({ length: 2000 }, (_, i) => ({
    title_row: { text: `Row ${i}` },
  }));
  widgets[1996] = {};
  widgets[1997] = { title_row: { text: "a" }, subtitle_row: { text: "b" } };
  await openEditor(page);
  await importPasted(page, { widgets });
  await expect(page.locator(".import-outcome")).toContainText("It came with 2 errors");
  await showPanel(page, "Problems");
  const problems = page.getByRole("region", { name: "Problems" });
  for (const [index, name] of [
    [1996, /widget 1997\)\s*a widget needs exactly one widget key/],
    [1997, /widget 1998\)\s*holds title_row and subtitle_row/],
  ] as const) {
    await problems.getByRole("button", { name }).click();
    const focused = page.locator(":focus");
    await expect(focused).toHaveId(`field:widgets/${index}`);
    await expect(focused).toHaveText(`Unknown widget widget ${index + 1}`);
    await expect(focused).toBeInViewport();
  }
});
