import type { Browser } from "playwright-core";
import { listen } from "../test/helpers/servers";
import { KEYSTROKES, type KeystrokeFigures, newPage, timeKeystrokes } from "./browser";
import {
  type ColdLoadFigures,
  measureColdInteractive,
  STRUCTURAL_ROUNDS,
  type StepFigures,
  StepTimes,
  timedStep,
} from "./browser-scale";
import { attempt, type NotMeasured, pressAt } from "./page-steps";

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
  /**
   * The editor's cold-load probe (`measureColdInteractive`) on a page that is only its palette
   * button and list, served over HTTP on 127.0.0.1 by the same server library as the studio's:
   * a fresh context's navigation, first frame and one click drawn (absent before the eleventh session).
   */
  coldLoad?: ColdLoadFigures | NotMeasured;
}

/** The cold-load floor's page: what the cold-load probe looks for, and nothing else. */
const COLD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cold load floor</title></head>
<body>
<h2>Add-on widgets (0)</h2>
<button type="button" aria-label="Add Title">Add Title</button>
<ol aria-label="Add-on widgets"></ol>
<script>
  document.querySelector("button").addEventListener("click", () => {
    const row = document.createElement("li");
    row.textContent = "Title";
    document.querySelector("ol").append(row);
  });
</script>
</body></html>`;

/** As many cold loads as the editor's (`runs`) of the cold-load floor's page. */
async function measureColdFloor(browser: Browser, runs: number): Promise<ColdLoadFigures> {
  const server = await listen(
    () => new Response(COLD_PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
  try {
    return await measureColdInteractive(browser, server.url, runs);
  } finally {
    await server.close();
  }
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
export async function measureFloor(browser: Browser, base: string, coldRuns: number): Promise<FloorFigures> {
  const coldLoad = await attempt("cold loads of the floor's page", () => measureColdFloor(browser, coldRuns));
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
      clicks.note(await timedStep(page, "click", { count: n + 1 }, () => pressAt(page, add)));
      await page.waitForTimeout(60);
    }
    return { keystroke, click: clicks.figures("click"), coldLoad };
  } finally {
    await context.close();
  }
}
