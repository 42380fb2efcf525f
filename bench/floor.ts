import type { Browser } from "playwright-core";
import { KEYSTROKES, type KeystrokeFigures, newPage, timeKeystrokes } from "./browser";
import { STRUCTURAL_ROUNDS, type StepFigures, StepTimes, timedStep } from "./browser-scale";
import type { NotMeasured } from "./page-steps";

/**
 * The probes' floor: the same keystroke and click probes on a page that does nothing but show the
 * change (one text, one list), in the same browser. What they measure there is what no page can go
 * under on this machine: the wait for the next frame (input arrives at any moment of the 16.7 ms
 * between two) and the cheapest frame. Until the tenth session the bench had no such reference.
 */
export interface FloorFigures {
  keystroke: KeystrokeFigures;
  /** Click on a button that appends one element, to the frame that draws it. */
  click: StepFigures | NotMeasured;
}

/**
 * What the probes look for, and nothing else: a title frame in a section named "Add-on preview"
 * showing the field's text, and a heading "Add-on widgets (n)" with the preview's frame count.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Probe floor</title></head>
<body>
<h2>Add-on widgets (1)</h2>
<input aria-label="Title" value="Row 0 title">
<button type="button" aria-label="Add Title">Add Title</button>
<section aria-label="Add-on preview"><div data-kind="title_row"><span>Row 0 title</span></div></section>
<script>
  const section = document.querySelector("section");
  const text = section.querySelector("span");
  document.querySelector("input").addEventListener("input", (e) => { text.textContent = e.target.value; });
  document.querySelector("button").addEventListener("click", () => {
    const frame = document.createElement("div");
    frame.dataset.kind = "title_row";
    frame.textContent = "Title";
    section.append(frame);
    document.querySelector("h2").textContent = "Add-on widgets (" + section.children.length + ")";
  });
</script>
</body></html>`;

/** As many keystrokes and clicks as each size's runs (`KEYSTROKES`, `STRUCTURAL_ROUNDS`), on the floor page. */
export async function measureFloor(browser: Browser, base: string): Promise<FloorFigures> {
  const { context, page } = await newPage(browser);
  try {
    // On the editor's own origin (the instruments use its session storage), never reaching its server.
    const url = `${base}/__bench/floor`;
    await page.route(url, (route) => route.fulfill({ contentType: "text/html", body: PAGE }));
    await page.goto(url);
    await page.locator("input").focus();
    await page.keyboard.press("End");
    const keystroke = await timeKeystrokes(page, 0, KEYSTROKES, false);
    const clicks = new StepTimes();
    const add = page.locator('button[aria-label="Add Title"]');
    for (let n = 1; n <= STRUCTURAL_ROUNDS; n++) {
      clicks.note(await timedStep(page, "click", { count: n + 1 }, () => add.click({ timeout: 10_000 })));
      await page.waitForTimeout(60);
    }
    return { keystroke, click: clicks.figures("click") };
  } finally {
    await context.close();
  }
}
