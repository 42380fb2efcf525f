import type { Browser, Page } from "playwright-core";
import { MAX_WIDGETS } from "../src/editor/store/document";
import { type EditFigures, KEYSTROKES, measureEdit, newPage, openWith } from "./browser";
import { v2PostBody } from "./fixtures";
import {
  attempt,
  dragDown,
  firstDragHandle,
  heapAfterGc,
  isNotMeasured,
  type NotMeasured,
  NotThere,
  pageChannel,
  pressAt,
  selectWidget,
  startCpuProfile,
  startFrames,
  stopFrames,
  waitUsable,
} from "./page-steps";
import { round, type Summary, summarise } from "./stats";

/**
 * The figures of issue 14 ("ten times the size") at one document size: structural edits by button,
 * drags with the drop, import until usable and the heap a document adds. Every action is a user's:
 * Playwright clicks buttons found by role and name, drags the row's handle by pointer or keyboard,
 * and the checks read the page by ARIA (the list's row labels, the preview's frames and their
 * `aria-current`), so they hold for a virtualised list as for today's.
 */

/** One kind of structural edit: click → the frame that shows it. */
export interface StepFigures {
  /** Click (capture phase) to the first frame that shows the change, drawn (style, layout, paint done). */
  toFrame: Summary;
  /** The same to that frame's animation-frame callback, before it is drawn (the figure until the ninth session). */
  toCallback: Summary;
  timeouts: number;
}

/** Collects the probe's results of one kind of step (`note`) into `StepFigures` (`figures`). */
export class StepTimes {
  private readonly frame: number[] = [];
  private readonly callback: number[] = [];
  private timeouts = 0;
  /** How many were seen. */
  get seen(): number {
    return this.frame.length;
  }
  note(r: Probed): void {
    if (r.ms < 0) this.timeouts += 1;
    else {
      this.frame.push(r.ms);
      this.callback.push(r.callbackMs);
    }
  }
  /** The figures, or why there are none (`what` names the step). */
  figures(what: string): StepFigures | NotMeasured {
    if (this.frame.length === 0) return { notMeasured: `no ${what} was seen in the page within 5 s` };
    return { toFrame: summarise(this.frame), toCallback: summarise(this.callback), timeouts: this.timeouts };
  }
}

/** Frame gaps during a drag, and the drop. */
export interface DragScaleFigures {
  frames: Summary;
  /** Pointer up (or the dropping Space) to the first frame where list and preview show the new order: the median of `drops`. */
  dropMs: number;
  /** Each drop's time (absent in results before the tenth session, which dragged once). */
  drops?: number[];
  moved: boolean;
  /** Where the dragged widget landed (1-based). */
  landedAt: number;
}

/** A body becoming usable in an editor. */
export interface ImportUsableFigures {
  /** "Import JSON" click (pasted body, JSON tab open) to the frame showing every widget: median and all runs. */
  pasteMs: number;
  pasteRuns: number[];
  /** Navigation to a share link → every widget shown, minus the same for an empty editor (median). */
  shareAddedMs: number;
  shareMs: number;
  emptyMs: number;
}

/** JS heap after garbage collection: the document's widgets over an empty editor. */
export interface HeapAddedFigures {
  emptyMB: number;
  loadedMB: number;
  addedMB: number;
  domNodes: number;
}

/** All figures at one size. */
export interface ScaleFigures {
  widgets: number;
  keystroke: EditFigures | NotMeasured;
  structural: {
    add: StepFigures | NotMeasured;
    duplicate: StepFigures | NotMeasured;
    delete: StepFigures | NotMeasured;
    move: StepFigures | NotMeasured;
  };
  drag: { pointer: DragScaleFigures | NotMeasured; keyboard: DragScaleFigures | NotMeasured };
  import: ImportUsableFigures | NotMeasured;
  heap: HeapAddedFigures | NotMeasured;
}

/** What the page must show for a step to count as done (checked once per animation frame). */
interface Expect {
  /** Widgets in the preview and in the list's heading "Add-on widgets (n)". */
  count?: number;
  /** 0-based index of the selected widget, in the preview (`aria-current`) and the list (`aria-pressed`). */
  selected?: number;
  /** The widget whose preview frame's label holds this text is no longer first, in list and preview. */
  movedText?: string;
}

/**
 * In-page probe: on the next `trigger` event (capture phase) it stamps the time, then checks `expect`
 * at every animation frame; resolves with the time to the first frame that shows it, or -1 after 5 s.
 * Returns where the moved widget is (1-based) in `landed`.
 */
function armProbe(arg: { trigger: string; expect: Expect }): void {
  const w = window as unknown as {
    __bench: { afterThisFrame(then: () => void): void };
  };
  const { trigger, expect } = arg;
  const frames = () => [...document.querySelectorAll('section[aria-label="Add-on preview"] [data-kind]')];
  const heading = () => {
    for (const h of document.querySelectorAll("h2")) {
      const m = /^Add-on widgets\s*\((\d+)\)/.exec(h.textContent ?? "");
      if (m) return Number(m[1]);
    }
    return -1;
  };
  const listRows = () => [...document.querySelectorAll('[aria-label="Add-on widgets"] li[aria-label]')];
  let landed = 0;
  const holds = (): boolean => {
    if (expect.count !== undefined && (frames().length !== expect.count || heading() !== expect.count))
      return false;
    if (expect.selected !== undefined) {
      const n = expect.selected + 1;
      const cur = document.querySelector('section[aria-label="Add-on preview"] [aria-current="true"]');
      if (!cur?.getAttribute("aria-label")?.startsWith(`${n}. `)) return false;
      const pressed = document.querySelector('[aria-label="Add-on widgets"] [aria-pressed="true"]');
      if (!pressed?.getAttribute("aria-label")?.endsWith(`, widget ${n}`)) return false;
    }
    if (expect.movedText !== undefined) {
      const text = expect.movedText;
      const frame = frames().find((f) => f.getAttribute("aria-label")?.includes(text));
      const m = /^(\d+)\. /.exec(frame?.getAttribute("aria-label") ?? "");
      const at = m ? Number(m[1]) : 0;
      if (at <= 1) return false;
      // The list commits the order when its row carries the new position in its label.
      const row = listRows().find((r) => (r.textContent ?? "").includes(text));
      if (!row?.getAttribute("aria-label")?.endsWith(`, widget ${at}`)) return false;
      landed = at;
    }
    return true;
  };
  const report = (r: Probed) => {
    const send = (window as unknown as Record<string, unknown>).__benchProbe; // PROBE_BINDING
    if (typeof send === "function") send(JSON.stringify(r));
  };
  new Promise<Probed>((resolve) => {
    const started = performance.now();
    let t0 = 0;
    const onTrigger = () => {
      if (t0 === 0) t0 = performance.now();
    };
    window.addEventListener(trigger, onTrigger, { capture: true });
    const tick = () => {
      const now = performance.now();
      if (t0 !== 0 && holds()) {
        // The check's own time (it reads every preview frame) is the probe's, not the page's.
        const own = performance.now() - now;
        window.removeEventListener(trigger, onTrigger, { capture: true });
        // Stamped once this frame is drawn (`afterThisFrame` in browser.ts's instruments).
        w.__bench.afterThisFrame(() =>
          resolve({ ms: performance.now() - t0 - own, callbackMs: now - t0, landed }),
        );
      } else if (now - (t0 || started) > 5000) {
        window.removeEventListener(trigger, onTrigger, { capture: true });
        resolve({ ms: -1, callbackMs: -1, landed: 0 });
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }).then(report);
}

/** What the probe saw: the frame drawn, its callback, and where a moved widget landed. */
export interface Probed {
  ms: number;
  callbackMs: number;
  landed: number;
}

/** The binding the probe reports through (no `page.evaluate` runs in the page while a step is timed). */
const PROBE_BINDING = "__benchProbe";

/** Arms the probe, runs `act`, and returns the time to the frame showing `expect` (-1 if not seen). */
export async function timedStep(page: Page, trigger: string, expect: Expect, act: () => Promise<void>) {
  const channel = await pageChannel(page, PROBE_BINDING);
  channel.drain();
  await page.evaluate(armProbe, { trigger, expect });
  await act();
  return JSON.parse(await channel.next(30_000)) as Probed;
}

/**
 * Rounds of structural edits per size: each gives one add and one duplicate, two deletes and two
 * moves. With 12 (until the fifth session) the p95 of add and duplicate was their slowest click;
 * with 30 (until the ninth) their second slowest, so one late frame on this shared machine moved it.
 */
export const STRUCTURAL_ROUNDS = 45;

/** Duplicate, move up, move down, delete and palette add, `rounds` times each, on the selected widget. */
async function measureStructural(
  browser: Browser,
  base: string,
  size: number,
  rounds: number,
): Promise<ScaleFigures["structural"]> {
  // Each round adds a widget and deletes it again: at the editor's maximum (2,000 widgets, where
  // adding stops since the eighteenth session) the rounds go from one below it to it and back.
  const count = Math.min(size, MAX_WIDGETS - 1);
  const { context, page } = await openWith(browser, base, count);
  try {
    let k = Math.floor(count / 2 / 10) * 10;
    await selectWidget(page, k, `Row ${k} title`).catch((e) => {
      throw new NotThere(
        `selecting widget ${k + 1} in the preview: ${e instanceof Error ? e.message.split("\n")[0] : e}`,
      );
    });
    // By ARIA attributes in CSS: Playwright's role queries compute every button's name, which on a
    // 2,000-widget page (8,000 buttons) takes seconds on this shared machine.
    const button = (name: string) =>
      page.locator(`[aria-label="Widget actions"] button[aria-label="${name}"]`);
    let step = "selecting";
    const click = (name: string) => () => {
      step = name;
      return pressAt(page, button(name));
    };
    const times = {
      add: new StepTimes(),
      duplicate: new StepTimes(),
      delete: new StepTimes(),
      move: new StepTimes(),
    };
    const note = (kind: keyof typeof times, r: Probed) => times[kind].note(r);
    if ((await button("Duplicate").count()) === 0)
      throw new NotThere('the selected widget shows no "Duplicate" button in a "Widget actions" group');
    const run = async () => {
      // BENCH_PROFILE=<dir>: a CPU profile of the page over every round.
      const stopProfile = await startCpuProfile(context, page, process.env.BENCH_PROFILE);
      for (let r = 0; r < rounds; r++) await round1();
      await stopProfile(`structural-${count}`);
    };
    const round1 = async () => {
      // The copy goes after the original and is selected.
      note(
        "duplicate",
        await timedStep(page, "click", { count: count + 1, selected: k + 1 }, click("Duplicate")),
      );
      await page.waitForTimeout(60);
      note("move", await timedStep(page, "click", { selected: k }, click("Move up")));
      await page.waitForTimeout(60);
      note("move", await timedStep(page, "click", { selected: k + 1 }, click("Move down")));
      await page.waitForTimeout(60);
      // Deleting the selected copy selects the widget that takes its place.
      note("delete", await timedStep(page, "click", { count, selected: k + 1 }, click("Delete")));
      await page.waitForTimeout(60);
      k += 1;
      // The palette adds after the selected widget and selects the new one.
      const add = page.locator('button[aria-label="Add Title"]');
      step = "Add Title";
      note(
        "add",
        await timedStep(page, "click", { count: count + 1, selected: k + 1 }, () => pressAt(page, add)),
      );
      await page.waitForTimeout(60);
      note("delete", await timedStep(page, "click", { count, selected: k + 1 }, click("Delete")));
      await page.waitForTimeout(60);
      k += 1;
    };
    await run().catch((e) => {
      const msg = e instanceof Error ? (e.message.split("\n")[0] ?? e.message) : String(e);
      throw new NotThere(`${step}, after ${times.delete.seen} deletes: ${msg}`);
    });
    return {
      add: times.add.figures("add"),
      duplicate: times.duplicate.figures("duplicate"),
      delete: times.delete.figures("delete"),
      move: times.move.figures("move"),
    };
  } finally {
    await context.close();
  }
}

/**
 * Drops per size and way of dragging. One (until the tenth session) moved by 20-25 ms between runs
 * of one build on this machine.
 */
const DROPS = 5;

/**
 * Drags widget 1 by its handle (pointer or keyboard) `DROPS` times, undoing each move (Ctrl+Z)
 * before the next, and times the frames of each drag and each drop.
 */
async function measureDragScale(
  browser: Browser,
  base: string,
  count: number,
  by: "pointer" | "keyboard",
): Promise<DragScaleFigures> {
  const { context, page } = await openWith(browser, base, count);
  try {
    const moved: Expect = { movedText: "Row 0 title" };
    const frames: number[] = [];
    const drops: number[] = [];
    let landedAt = 0;
    for (let i = 0; i < DROPS; i++) {
      const handle = await firstDragHandle(page);
      await startFrames(page);
      // The drop: pointer up or the dropping Space, to the frame showing the new order.
      const drop = await dragDown(page, handle, by, (release) =>
        timedStep(page, by === "pointer" ? "pointerup" : "keydown", moved, release),
      );
      await page.waitForTimeout(300);
      frames.push(...(await stopFrames(page)));
      if (drop.ms < 0) break;
      drops.push(drop.ms);
      landedAt = drop.landed;
      // Back to the first place for the next drag (not timed).
      await page.keyboard.press("Control+z");
      await page.waitForFunction(
        () =>
          document
            .querySelector('section[aria-label="Add-on preview"] [data-kind]')
            ?.getAttribute("aria-label")
            ?.includes("Row 0 title") === true,
        undefined,
        { timeout: 5000 },
      );
      // The drag scrolled the list: the first row back in full view for the next press.
      await page.evaluate(() => document.querySelector(".list-body")?.scrollTo({ top: 0 }));
      await page.waitForTimeout(300);
    }
    const d = summarise(drops);
    return {
      frames: summarise(frames),
      dropMs: d.p50,
      drops: drops.map((x) => round(x)),
      moved: drops.length === DROPS,
      landedAt,
    };
  } finally {
    await context.close();
  }
}

function median(xs: readonly number[]): number {
  return summarise(xs).p50;
}

/** Pastes a `count`-widget body into the JSON tab and imports it, `runs` times in fresh pages; and the share link. */
async function measureImportUsable(
  browser: Browser,
  base: string,
  count: number,
  runs: number,
): Promise<ImportUsableFigures> {
  const text = JSON.stringify(v2PostBody(count));
  const paste: number[] = [];
  for (let r = 0; r < runs; r++) {
    const { context, page } = await openWith(browser, base, 0);
    try {
      const tab = page.getByRole("tab", { name: /^JSON\b/ });
      if ((await tab.count()) > 0) await tab.first().click();
      await page.getByLabel(/^Paste JSON to import/).fill(text);
      const res = await timedStep(page, "click", { count }, () =>
        pressAt(page, page.getByRole("button", { name: "Import JSON", exact: true })),
      );
      if (res.ms < 0) throw new NotThere(`importing ${count} pasted widgets showed them not within 5 s`);
      paste.push(res.ms);
    } finally {
      await context.close();
    }
  }
  const share: number[] = [];
  const empty: number[] = [];
  for (let r = 0; r < runs; r++) {
    const e = await openWith(browser, base, 0);
    empty.push(e.shownMs);
    await e.context.close();
    const s = await openWith(browser, base, count);
    share.push(s.shownMs);
    await s.context.close();
  }
  return {
    pasteMs: median(paste),
    pasteRuns: paste.map((x) => round(x)),
    shareAddedMs: round(median(share) - median(empty)),
    shareMs: median(share),
    emptyMs: median(empty),
  };
}

async function heapOf(browser: Browser, base: string, count: number) {
  const { context, page } = await openWith(browser, base, count);
  try {
    await page.waitForTimeout(1000);
    return await heapAfterGc(context, page);
  } finally {
    await context.close();
  }
}

async function measureHeapAdded(browser: Browser, base: string, count: number): Promise<HeapAddedFigures> {
  const empty = await heapOf(browser, base, 0);
  const loaded = await heapOf(browser, base, count);
  return {
    emptyMB: round(empty.usedMB),
    loadedMB: round(loaded.usedMB),
    addedMB: round(loaded.usedMB - empty.usedMB),
    domNodes: loaded.domNodes,
  };
}

/** Cold loads of the editor, each in a fresh context: navigation → palette shown, and → first add shown. */
export async function measureColdInteractive(
  browser: Browser,
  base: string,
  runs: number,
): Promise<ColdLoadFigures> {
  const shown: number[] = [];
  const usable: number[] = [];
  const found: number[] = [];
  const rowFound: number[] = [];
  for (let r = 0; r < runs; r++) {
    const { context, page } = await newPage(browser, { probeUsable: true });
    try {
      await page.goto(`${base}/`, { waitUntil: "commit" });
      const t = await waitUsable(page, 20_000);
      shown.push(t.paletteShownAt ?? 0);
      usable.push(t.usableAt);
      found.push(t.paletteFoundAt ?? 0);
      rowFound.push(t.rowFoundAt ?? 0);
    } finally {
      await context.close();
    }
  }
  return {
    shown: summarise(shown),
    usable: summarise(usable),
    inPage: { palette: summarise(found), row: summarise(rowFound) },
    runs,
  };
}

/** Cold loads: navigation to the palette drawn and to the first add's row drawn (page clock). */
export interface ColdLoadFigures {
  shown: Summary;
  usable: Summary;
  /** The same moments before their frame was drawn: what the probe measured until the ninth session. */
  inPage: { palette: Summary; row: Summary };
  runs: number;
}

/**
 * Every figure of issue 14's table at `count` widgets. `which` (from BENCH_SCALE_PARTS) picks a
 * subset: keystroke, structural, drag, import, heap.
 */
export async function measureScale(
  browser: Browser,
  base: string,
  count: number,
  which: ReadonlySet<string>,
): Promise<ScaleFigures> {
  const skip = async (): Promise<NotMeasured> => ({ notMeasured: "skipped (BENCH_SCALE_PARTS)" });
  const on = (part: string) => which.has(part);
  const at = `${count} widgets`;
  const keystroke = on("keystroke")
    ? await attempt(`keystroke → preview, ${at}`, () => measureEdit(browser, base, count, KEYSTROKES, false))
    : await skip();
  const structural = on("structural")
    ? await attempt(`structural edits, ${at}`, () =>
        measureStructural(browser, base, count, STRUCTURAL_ROUNDS),
      )
    : await skip();
  const s = isNotMeasured(structural)
    ? { add: structural, duplicate: structural, delete: structural, move: structural }
    : structural;
  const pointer = on("drag")
    ? await attempt(`drag by pointer, ${at}`, () => measureDragScale(browser, base, count, "pointer"))
    : await skip();
  const keyboard = on("drag")
    ? await attempt(`drag by keyboard, ${at}`, () => measureDragScale(browser, base, count, "keyboard"))
    : await skip();
  const imported = on("import")
    ? await attempt(`import → usable, ${at}`, () => measureImportUsable(browser, base, count, 3))
    : await skip();
  const heap = on("heap")
    ? await attempt(`heap added, ${at}`, () => measureHeapAdded(browser, base, count))
    : await skip();
  return { widgets: count, keystroke, structural: s, drag: { pointer, keyboard }, import: imported, heap };
}
