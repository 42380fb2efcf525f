import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";

/** Something the page should have but does not: the figure is reported as not measured, with this. */
export class NotThere extends Error {}

/** A figure that could not be taken, and why. */
export interface NotMeasured {
  notMeasured: string;
}

/** True when `x` is a figure that was not taken. */
export function isNotMeasured<T extends object>(x: T | NotMeasured): x is NotMeasured {
  return "notMeasured" in x;
}

function why(e: unknown): string {
  if (e instanceof NotThere) return e.message;
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0] ?? msg;
}

/** Runs one measurement, printing how long it took; a failure becomes "not measured" with its reason. */
export async function attempt<T>(label: string, fn: () => Promise<T>): Promise<T | NotMeasured> {
  const started = Date.now();
  try {
    const out = await fn();
    console.log(`  ${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return out;
  } catch (e) {
    console.log(`  ${label}: not measured: ${why(e)}`);
    return { notMeasured: why(e) };
  }
}

/** The page's JS heap after a forced garbage collection (MB), and how many elements it holds. */
export async function heapAfterGc(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = await cdp.send("Runtime.getHeapUsage");
  const domNodes = await page.evaluate(() => document.getElementsByTagName("*").length);
  return { usedMB: heap.usedSize / 1024 / 1024, totalMB: heap.totalSize / 1024 / 1024, domNodes };
}

/**
 * Starts a CPU profile of `page` (sampling every `intervalUs` µs); the returned function stops it and
 * writes `<dir>/<name>.cpuprofile`. Without `dir` (BENCH_PROFILE unset) both do nothing.
 */
export async function startCpuProfile(
  context: BrowserContext,
  page: Page,
  dir: string | undefined,
  intervalUs = 200,
): Promise<(name: string) => Promise<void>> {
  if (!dir) return async () => {};
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: intervalUs });
  await cdp.send("Profiler.start");
  return async (name) => {
    const { profile } = await cdp.send("Profiler.stop");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  };
}

/**
 * The probe's stamps on a cold load (page clock, ms): the palette drawn, and the first add's row
 * drawn; and the same two as the probe stamped them until the ninth session, in the page but
 * before the frame that draws them (`instruments` in browser.ts).
 */
export interface UsableStamps {
  usableAt: number;
  paletteShownAt?: number;
  paletteFoundAt?: number;
  rowFoundAt?: number;
}

/**
 * What a page reports through a DevTools binding (`window[name](text)`), in order. Nothing of
 * Playwright's runs in the page to carry it: a `page.evaluate` or `waitForFunction` puts a task (and
 * on its first use Playwright's injected script, 6-9 ms) on the main thread a figure is timed on.
 */
export interface PageChannel {
  /** The next message not taken yet; NotThere after `timeoutMs`. */
  next(timeoutMs: number): Promise<string>;
  /** Drops messages not taken (a step's report arriving after its wait gave up), before a new step. */
  drain(): void;
}

const channels = new WeakMap<Page, Map<string, Promise<PageChannel>>>();

/** The channel `name` of `page` (opened on first use; open it before a navigation to hear the new document). */
export function pageChannel(page: Page, name: string): Promise<PageChannel> {
  const mine = channels.get(page) ?? new Map<string, Promise<PageChannel>>();
  channels.set(page, mine);
  const open = mine.get(name) ?? openChannel(page, name);
  mine.set(name, open);
  return open;
}

async function openChannel(page: Page, name: string): Promise<PageChannel> {
  const cdp = await page.context().newCDPSession(page);
  const heard: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  cdp.on("Runtime.bindingCalled", (e) => {
    if (e.name !== name) return;
    const take = waiting.shift();
    if (take) take(e.payload);
    else heard.push(e.payload);
  });
  await cdp.send("Runtime.enable");
  await cdp.send("Runtime.addBinding", { name });
  return {
    drain() {
      heard.length = 0;
    },
    next(timeoutMs) {
      const ready = heard.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise<string>((resolve, reject) => {
        const take = (text: string) => {
          clearTimeout(timer);
          resolve(text);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new NotThere(`the page sent nothing on ${name} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiting.push(take);
      });
    },
  };
}

/** The binding the usable probe calls with its stamps (`instruments` in browser.ts). */
export const USABLE_BINDING = "__benchUsable";

/**
 * Waits until the usable probe (`newPage(…, { probeUsable: true })`, which opens its channel before
 * the navigation) has reported the first add's row drawn, and returns its stamps. BENCH_PROBE_POLL=1
 * polls with `waitForFunction` instead, every 50 ms, as until the twenty-sixth session.
 */
export async function waitUsable(page: Page, timeoutMs = 30_000): Promise<UsableStamps> {
  if (process.env.BENCH_PROBE_POLL !== "1") {
    const channel = await pageChannel(page, USABLE_BINDING);
    return JSON.parse(await channel.next(timeoutMs)) as UsableStamps;
  }
  const handle = await page.waitForFunction(
    () => {
      const b = (window as unknown as { __bench: Partial<UsableStamps> }).__bench;
      return b.usableAt !== undefined ? { ...b, usableAt: b.usableAt } : null;
    },
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  const stamps = await handle.jsonValue();
  if (!stamps) throw new NotThere("the page reported no usable time");
  return stamps;
}

/**
 * Clicks `target` as a person's pointer does: the mouse moved to its centre, pressed and released
 * there (CDP input events). Finding and scrolling to it happens before. Unlike `locator.click()`,
 * nothing of Playwright's runs in the page during the click: its hit-target check listens on the
 * window for the press and the click and calls `elementsFromPoint` (0.3-0.5 ms a click at 500
 * widgets, inside a timed step until the twenty-sixth session).
 */
export async function pressAt(page: Page, target: Locator, timeoutMs = 10_000): Promise<void> {
  await target.scrollIntoViewIfNeeded({ timeout: timeoutMs });
  const box = await target.boundingBox({ timeout: timeoutMs });
  if (!box) throw new NotThere("the element to click has no box on screen");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Starts the in-page frame recorder (requestAnimationFrame deltas, see `instruments`). */
export async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() =>
    (window as unknown as { __bench: { startFrames(): void } }).__bench.startFrames(),
  );
}

/** Stops the frame recorder and returns the frame gaps it saw (ms). */
export async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    (window as unknown as { __bench: { stopFrames(): number[] } }).__bench.stopFrames(),
  );
}

/** The first row's drag handle, once the drag code has arrived (handles are aria-disabled until then). */
export async function firstDragHandle(page: Page): Promise<Locator> {
  await page.waitForFunction(() => !document.querySelector('.drag-handle[aria-disabled="true"]'));
  const handle = page.locator('button[aria-label="Reorder Title, widget 1"]');
  if ((await handle.count()) === 0)
    throw new NotThere('no drag handle "Reorder Title, widget 1" in the list');
  return handle;
}

/**
 * Presses the pointer on a drag handle and moves it down 600 px, one event a frame: past dnd-kit's
 * activation distance and over the rows below. The pointer stays down.
 */
export async function pointerDragDown(page: Page, handle: Locator): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new NotThere("the drag handle has no box on screen");
  const x = box.x + box.width / 2;
  let y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 0; i < 60; i++) {
    y += 10;
    await page.mouse.move(x, y);
    await page.waitForTimeout(16);
  }
}

/**
 * Drags `handle` down by pointer (see `pointerDragDown`) or by keyboard (Space, 20 × ArrowDown every
 * 50 ms); `drop` is given the releasing step (pointer up, or the dropping Space) to run, so a caller
 * can time it, and its result is returned.
 */
export async function dragDown<T>(
  page: Page,
  handle: Locator,
  by: "pointer" | "keyboard",
  drop: (release: () => Promise<void>) => Promise<T>,
): Promise<T> {
  if (by === "pointer") {
    await pointerDragDown(page, handle);
    return drop(() => page.mouse.up());
  }
  await handle.focus();
  await page.keyboard.press("Space");
  await page.waitForTimeout(50);
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(50);
  }
  return drop(() => page.keyboard.press("Space"));
}

/**
 * Selects widget `index` (0-based) by a click on its preview frame and waits until the preview marks
 * it current. `text` names it in the error. Set-up, not measured.
 */
export async function selectWidget(page: Page, index: number, text: string): Promise<void> {
  // The preview is clickable to select (and never virtualised); the list row may not be rendered.
  // By the frame's label ("1001. Title: Row 1000 title"): a long preview draws only frames near the view.
  const frame = page.locator(`section[aria-label="Add-on preview"] [aria-label^="${index + 1}. "]`).first();
  // Set-up, not measured: on a busy machine a 2,000-widget page may not hold still for Playwright's
  // actionability checks, so the click is dispatched on the frame directly then.
  await frame.click({ timeout: 15_000 }).catch(() => frame.dispatchEvent("click"));
  await page
    .waitForFunction(
      (n) =>
        document
          .querySelector('section[aria-label="Add-on preview"] [aria-current="true"]')
          ?.getAttribute("aria-label")
          ?.startsWith(`${n}. `) === true,
      index + 1,
      { timeout: 5000 },
    )
    .catch(() => {
      throw new NotThere(`clicking "${text}" in the preview did not select widget ${index + 1}`);
    });
}
