import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import lz from "lz-string";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import {
  type ColdLoadFigures,
  measureColdInteractive,
  measureScale,
  type ScaleFigures,
} from "./browser-scale";
import { v2PostBody } from "./fixtures";
import { type FloorFigures, measureFloor } from "./floor";
import {
  attempt,
  dragDown,
  firstDragHandle,
  heapAfterGc,
  isNotMeasured,
  type NotMeasured,
  NotThere,
  pageChannel,
  selectWidget,
  startCpuProfile,
  startFrames,
  stopFrames,
  USABLE_BINDING,
  waitUsable,
} from "./page-steps";
import { startServers } from "./servers";
import { round, type Summary, summarise } from "./stats";

/**
 * The share-link fragment of src/editor/share/share-link.ts (`doc=` + lz-string of {kind, body}).
 * Written out here because that module's named import of the CommonJS lz-string loads only under
 * Vite and vitest, not in plain Node ESM.
 */
function shareFragment(body: unknown): string {
  return `doc=${lz.compressToEncodedURIComponent(JSON.stringify({ kind: "post", body }))}`;
}

/** One file the page loaded. */
export interface LoadedFile {
  url: string;
  type: "js" | "css" | "font" | "other";
  raw: number;
  gzip: number;
}

/** Bytes and time until the editor is usable. */
export interface LoadFigures {
  /** Navigation start to the frame that draws the palette's "Add Title" button. */
  paletteShownMs: number;
  /** Navigation start to the frame that draws the added title in the widget list, after a click on "Add Title". */
  usableMs: number;
  js: { files: number; raw: number; gzip: number };
  css: { files: number; raw: number; gzip: number };
  /** Fonts are already compressed; the browser fetches them when text first needs them. */
  fonts: { files: number; raw: number; laterFiles: number; laterRaw: number };
  files: LoadedFile[];
  /** JS or CSS fetched after the editor was usable (lazy chunks), within two quiet seconds. */
  later: LoadedFile[];
}

/** Keystroke to preview and JSON at one document size. */
export interface EditFigures {
  widgets: number;
  keystrokes: number;
  /** Keydown to the DOM holding the new text in both the preview and the JSON panel. */
  toDom: Summary;
  /** Keydown to the next frame after that drawn (its style, layout and paint done). */
  toFrame: Summary;
  /**
   * Keydown to that frame's animation-frame callback, before its style, layout and paint: what
   * `toFrame` measured until the ninth session.
   */
  toCallback: Summary;
  /** Keydown to the preview alone. */
  previewOnly: Summary;
  /** "checked", "JSON tab closed" (preview only, on purpose), or why the JSON could not be checked. */
  json: "checked" | string;
  timeouts: number;
  /** Which keystrokes (0-based) were not seen in both places within 3 s. */
  timedOutAt: number[];
}

/** Frame times during a drag. */
export interface DragFigures {
  widgets: number;
  frames: Summary;
  durationMs: number;
  /** Whether the dragged widget really moved. */
  moved: boolean;
}

/** Heap with a large document loaded. */
export interface MemoryFigures {
  widgets: number;
  usedMB: number;
  totalMB: number;
  domNodes: number;
}

/** Opening a large body through a share link. */
export interface BrowserImportFigures {
  widgets: number;
  /** Navigation start to every widget being in the list. */
  shownMs: number;
  /** The same for an empty editor, measured just before, for comparison. */
  emptyMs: number;
}

/** Everything measured in Chromium. */
export interface BrowserFigures {
  chromium: string;
  load: LoadFigures | NotMeasured;
  edit: (EditFigures | (NotMeasured & { widgets: number }))[];
  drag: { pointer: DragFigures | NotMeasured; keyboard: DragFigures | NotMeasured };
  memory: MemoryFigures | NotMeasured;
  import: BrowserImportFigures | NotMeasured;
  /** Issue 14's figures per size (absent in older results). */
  scale?: ScaleFigures[];
  /** Entry + eager chunks of the build, and cold loads until interactive (absent in older results). */
  firstLoad?: FirstLoadFigures | NotMeasured;
  /** The keystroke and click probes on a page that only shows the change (absent in older results). */
  floor?: FloorFigures | NotMeasured;
}

/** What a cold load costs: the initial JS of the build and the time to an interactive editor. */
export interface FirstLoadFigures {
  /** The entry script, its modulepreload links and inline scripts in dist/index.html (loaded before anything runs). */
  initialJs: { files: { url: string; raw: number; gzip: number }[]; raw: number; gzip: number };
  /** dist/index.html itself (with the first paint's shell, templates and stylesheet; absent in older results). */
  page?: { raw: number; gzip: number };
  /** Navigation → "Add Title" on the page, and → the first add shown, over several cold loads. */
  interactive: ColdLoadFigures;
}

/** The entry script, its modulepreloads and inline scripts in the built index.html, gzipped (level 6) as the load figure is. */
export function initialJs(distDir: string): FirstLoadFigures["initialJs"] {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] ?? "");
  const files = urls.map((url) => {
    const b = readFileSync(join(distDir, url));
    return { url, raw: b.length, gzip: gzipSync(b).length };
  });
  // The first paint's inline script (issue 14) is JavaScript of the first load too.
  for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    const b = Buffer.from(m[1] ?? "");
    files.push({ url: "index.html inline script", raw: b.length, gzip: gzipSync(b).length });
  }
  return {
    files,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
  };
}

/** The built index.html's own size, raw and gzipped (level 6). */
export function pageBytes(distDir: string): { raw: number; gzip: number } {
  const b = readFileSync(join(distDir, "index.html"));
  return { raw: b.length, gzip: gzipSync(b).length };
}

const UI_TIMEOUT = 20_000;

/** Keystrokes timed per document size (half letters, half Backspaces). */
export const KEYSTROKES = 60;

/** Cold loads per build, and of the floor's page (11, not 5 until the ninth session: the median of 5 moved by 30-50 ms between runs of one build). */
export const COLD_LOADS = 11;

/**
 * In-page instruments, installed before the app's own scripts: the moment the palette is usable,
 * a requestAnimationFrame recorder, and the keystroke-to-DOM probe (a MutationObserver).
 */
function instruments() {
  type Probe = {
    t0: number;
    expected: string | null;
    preview: Element | null;
    json: { el: Element | null; value: boolean } | null;
    previewAt: number;
    bothAt: number;
    done: (r: { preview: number; dom: number; frame: number; callback: number }) => void;
  };
  const w = window as unknown as Record<string, unknown>;
  const bench: Record<string, unknown> = {};
  w.__bench = bench;
  // A requestAnimationFrame callback runs before its frame's style, layout and paint; a task posted
  // from it runs once that frame is drawn. At user-blocking priority it runs before the page's own
  // tasks queued meanwhile (React's scheduler posts messages), which would otherwise be counted.
  const afterThisFrame = (then: () => void) => {
    const s = (window as { scheduler?: { postTask(cb: () => void, o: { priority: string }): unknown } })
      .scheduler;
    if (s) s.postTask(then, { priority: "user-blocking" });
    else setTimeout(then, 0);
  };
  bench.afterThisFrame = afterThisFrame;

  // 1. Usable: find "Add Title", click it, see a title row arrive in the widget list.
  // The list may be virtualised: its heading "Add-on widgets (n)" holds the count, the preview every widget.
  const rowsNow = () => {
    let n = document.querySelectorAll('[aria-label="Add-on widgets"] li').length;
    for (const h of document.querySelectorAll("h2")) {
      const m = /^Add-on widgets\s*\((\d+)\)/.exec(h.textContent ?? "");
      if (m) n = Math.max(n, Number(m[1]));
    }
    return n;
  };
  bench.rows = rowsNow;
  if (sessionStorage.getItem("bench:probe-usable") === "1") {
    // (Until the ninth session the probe stamped and clicked in the animation-frame callback itself,
    // before the page's first paint: what a person cannot see yet they cannot click. Those stamps are
    // kept as `paletteFoundAt` and `rowFoundAt`.)
    const poll = () => {
      const button = document.querySelector<HTMLButtonElement>('button[aria-label="Add Title"]');
      if (!button) return requestAnimationFrame(poll);
      bench.paletteFoundAt = performance.now();
      afterThisFrame(() => {
        // The button drawn may have been replaced since (the editor's first render): click the
        // one on the page now, or look again in the next frame.
        const now = document.querySelector<HTMLButtonElement>('button[aria-label="Add Title"]');
        if (!now) return requestAnimationFrame(poll);
        bench.paletteShownAt = performance.now();
        const before = rowsNow();
        now.click();
        // The row, once in the page, is shown by the next frame drawn (this one, inside a callback).
        const check = (inFrame: boolean) => {
          if (rowsNow() <= before) return requestAnimationFrame(() => check(true));
          bench.rowFoundAt = performance.now();
          const shown = () => {
            bench.usableAt = performance.now();
            const report = (window as unknown as Record<string, unknown>).__benchUsable; // USABLE_BINDING
            if (typeof report === "function")
              report(
                JSON.stringify({
                  usableAt: bench.usableAt,
                  paletteShownAt: bench.paletteShownAt,
                  paletteFoundAt: bench.paletteFoundAt,
                  rowFoundAt: bench.rowFoundAt,
                }),
              );
          };
          if (inFrame) afterThisFrame(shown);
          else requestAnimationFrame(() => afterThisFrame(shown));
        };
        check(false);
      });
    };
    requestAnimationFrame(poll);
  }
  // A document of N widgets is shown when the list (or the preview) holds N entries.
  bench.waitRows = (n: number) =>
    new Promise<number>((resolve) => {
      const check = () => {
        const preview = document.querySelectorAll('section[aria-label="Add-on preview"] [data-kind]').length;
        // The editor's own list must be on the page (not the built page's first paint, which is
        // replaced when the editor runs): for n = 0 this waits for the editor itself.
        const list = [...document.querySelectorAll('[aria-label="Add-on widgets"]')].some(
          (l) => !l.closest("[data-shell]"),
        );
        if (list && Math.max(rowsNow(), preview) >= n) resolve(performance.now());
        else requestAnimationFrame(check);
      };
      check();
    });

  // 2. Frame recorder.
  let frames: number[] | null = null;
  bench.startFrames = () => {
    frames = [];
    let last = performance.now();
    const tick = (t: number) => {
      if (!frames) return;
      frames.push(t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  bench.stopFrames = () => {
    const out = frames ?? [];
    frames = null;
    return out.slice(1);
  };

  // 3. Keystroke probe.
  let probe: Probe | null = null;
  const jsonHas = (p: Probe, quoted: string) => {
    if (!p.json) return true;
    const el = p.json.el;
    if (!el) return false;
    const text = p.json.value ? (el as HTMLTextAreaElement).value : (el.textContent ?? "");
    return text.includes(quoted);
  };
  const check = (now: number) => {
    const p = probe;
    if (!p || p.expected === null) return;
    if (!p.previewAt && p.preview && (p.preview.textContent ?? "") === p.expected) p.previewAt = now;
    if (!p.previewAt && p.preview && !p.preview.isConnected) {
      // React replaced the node: look for an element of a title_row frame showing exactly the new text.
      for (const frame of document.querySelectorAll('[data-kind="title_row"]'))
        for (const e of frame.querySelectorAll("*")) if (e.textContent === p.expected) p.previewAt = now;
    }
    if (p.previewAt && jsonHas(p, JSON.stringify(p.expected))) {
      p.bothAt = now;
      probe = null;
      requestAnimationFrame(() => {
        const callback = performance.now();
        afterThisFrame(() =>
          p.done({
            preview: p.previewAt - p.t0,
            dom: p.bothAt - p.t0,
            frame: performance.now() - p.t0,
            callback: callback - p.t0,
          }),
        );
      });
    }
  };
  new MutationObserver(() => check(performance.now())).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  window.addEventListener(
    "keydown",
    () => {
      if (probe && probe.t0 === 0) probe.t0 = performance.now();
    },
    { capture: true },
  );
  window.addEventListener(
    "input",
    (e) => {
      const t = e.target;
      if (probe && (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement)) {
        probe.expected = t.value;
        // The DOM may already hold it (a synchronous render inside the event): check after this task's microtasks.
        queueMicrotask(() => check(performance.now()));
      }
    },
    { capture: true },
  );
  bench.arm = (targets: { preview: Element; json: { el: Element; value: boolean } | null }) =>
    new Promise((resolve) => {
      probe = {
        t0: 0,
        expected: null,
        preview: targets.preview,
        json: targets.json,
        previewAt: 0,
        bothAt: 0,
        done: resolve,
      };
    });
  bench.disarm = () => {
    const p = probe;
    probe = null;
    // What was seen, to tell a slow update from a missed one.
    return p
      ? {
          t0: p.t0,
          expected: p.expected,
          preview: p.preview?.textContent ?? null,
          previewConnected: p.preview?.isConnected ?? false,
          previewAt: p.previewAt,
        }
      : null;
  };
}

/** Finds, in the page, the preview element showing exactly `text` and the JSON panel holding `"text"`. */
function findTargets(text: string): {
  preview: Element | null;
  json: { el: Element; value: boolean } | null;
} {
  let preview: Element | null = null;
  for (const frame of document.querySelectorAll('[data-kind="title_row"]')) {
    if (!(frame.textContent ?? "").includes(text)) continue;
    const exact = [frame, ...frame.querySelectorAll("*")].filter((e) => e.textContent === text);
    preview = exact[exact.length - 1] ?? null;
    if (preview) break;
  }
  const quoted = JSON.stringify(text);
  for (const area of document.querySelectorAll("textarea")) {
    if (area.value.includes(quoted)) return { preview, json: { el: area, value: true } };
  }
  const all = [...document.body.querySelectorAll("*")].filter(
    (e) =>
      !e.closest("[data-kind]") &&
      !(e instanceof HTMLScriptElement) &&
      (e.textContent ?? "").includes(quoted),
  );
  const deepest = all[all.length - 1];
  if (!deepest) return { preview, json: null };
  const root =
    deepest.closest('pre, .cm-content, [data-json], [role="tabpanel"], [role="region"], section, aside') ??
    deepest;
  return { preview, json: { el: root, value: false } };
}

/** A fresh context and page with the in-page instruments installed. */
export async function newPage(
  browser: Browser,
  opts: { probeUsable?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // tsx (esbuild keepNames) wraps nested functions in __name(); functions sent to the page need it too.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  if (opts.probeUsable) await context.addInitScript(() => sessionStorage.setItem("bench:probe-usable", "1"));
  await context.addInitScript(instruments);
  await context.addInitScript({ content: `window.__findTargets = ${findTargets.toString()};` });
  // BENCH_INJECT_CSS="<css>": a diagnosis aid, e.g. hide one panel to see what its rendering costs.
  const css = process.env.BENCH_INJECT_CSS;
  if (css)
    await context.addInitScript((text) => {
      document.addEventListener("DOMContentLoaded", () => {
        const style = document.createElement("style");
        style.textContent = text;
        document.head.append(style);
      });
    }, css);
  const page = await context.newPage();
  if (opts.probeUsable) await pageChannel(page, USABLE_BINDING);
  return { context, page };
}

/** The draft format of src/editor/drafts/draft-storage.ts, for editors that reopen the last draft. */
function seedDraft(arg: { widgets: unknown[] }) {
  if (sessionStorage.getItem("bench:seeded")) return;
  sessionStorage.setItem("bench:seeded", "1");
  const id = "bench-draft";
  const stored = {
    version: 1,
    kind: "post",
    widgets: arg.widgets.map((widget, i) => ({ id: `bench-${i}`, widget })),
    fields: {},
  };
  localStorage.setItem(`addon-studio:draft:${id}`, JSON.stringify(stored));
  localStorage.setItem(
    "addon-studio:drafts",
    JSON.stringify([{ id, name: "Benchmark", updatedAt: Date.now() }]),
  );
  localStorage.setItem("addon-studio:last-draft", id);
}

/**
 * Opens the editor with `count` widgets: through a share link (`#doc=`), or, if the editor does not
 * read one, through a saved draft in localStorage. Returns the page and how it was loaded.
 */
export async function openWith(
  browser: Browser,
  base: string,
  count: number,
): Promise<{ context: BrowserContext; page: Page; via: string; shownMs: number }> {
  const body = v2PostBody(count);
  const widgets = Array.isArray(body.widgets) ? body.widgets : [];
  const attempts: string[] = [];
  for (const via of ["share link", "saved draft"] as const) {
    const { context, page } = await newPage(browser);
    if (via === "saved draft") await context.addInitScript(seedDraft, { widgets });
    const url = via === "share link" ? `${base}/#${shareFragment(body)}` : `${base}/`;
    await page.goto(url, { waitUntil: "commit" });
    try {
      const shownMs = await page.evaluate(
        (n) =>
          Promise.race([
            (window as unknown as { __bench: { waitRows(n: number): Promise<number> } }).__bench.waitRows(n),
            new Promise<number>((_, reject) => setTimeout(() => reject(new Error("timeout")), 15_000)),
          ]),
        count,
      );
      return { context, page, via, shownMs };
    } catch {
      const rows = await page
        .evaluate(() => (window as unknown as { __bench: { rows(): number } }).__bench.rows())
        .catch(() => -1);
      attempts.push(`${via}: ${rows} of ${count} widgets shown after 15 s`);
      await context.close();
    }
  }
  throw new NotThere(`the editor did not show a ${count}-widget document (${attempts.join("; ")})`);
}

function sumRaw(files: readonly LoadedFile[]): number {
  return files.reduce((s, f) => s + f.raw, 0);
}

async function measureLoad(browser: Browser, base: string): Promise<LoadFigures> {
  const { context, page } = await newPage(browser, { probeUsable: true });
  const responses: Promise<LoadedFile | null>[] = [];
  let usable = false;
  const later: Promise<LoadedFile | null>[] = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    const ct = res.headers()["content-type"] ?? "";
    const kind: LoadedFile["type"] =
      type === "script" || ct.includes("javascript")
        ? "js"
        : type === "stylesheet" || ct.includes("text/css")
          ? "css"
          : type === "font" || ct.startsWith("font/")
            ? "font"
            : "other";
    // The browser may no longer hold a body by the time it is asked for (a preloaded module read at
    // once): the same file is then fetched again from the server, rather than left out of the count.
    const file = res
      .body()
      .catch(() =>
        fetch(res.url())
          .then((r) => r.arrayBuffer())
          .then((a) => Buffer.from(a)),
      )
      .then((b) => ({
        url: new URL(res.url()).pathname,
        type: kind,
        raw: b.length,
        gzip: gzipSync(b).length,
      }))
      .catch(() => null);
    (usable ? later : responses).push(file);
  });
  try {
    await page.goto(`${base}/`, { waitUntil: "commit" });
    const t = await waitUsable(page, UI_TIMEOUT).catch(async () => {
      const shown = await page.evaluate(
        () => document.querySelector('button[aria-label="Add Title"]') !== null,
      );
      throw new NotThere(
        shown
          ? 'clicking "Add Title" added no row to the widget list (ol[aria-label="Add-on widgets"]) within 20 s'
          : 'the palette ("Add Title" button) did not appear within 20 s: the editor shell is not mounted (src/editor/main.tsx)',
      );
    });
    usable = true;
    const files = (await Promise.all(responses)).filter((f): f is LoadedFile => f !== null);
    await page.waitForTimeout(2000);
    const afterwards = (await Promise.all(later)).filter((f): f is LoadedFile => f !== null);
    const lazy = afterwards.filter((f) => f.type === "js" || f.type === "css");
    const fontsLater = afterwards.filter((f) => f.type === "font");
    const sum = (type: LoadedFile["type"]) => {
      const of = files.filter((f) => f.type === type);
      return {
        files: of.length,
        raw: of.reduce((s, f) => s + f.raw, 0),
        gzip: of.reduce((s, f) => s + f.gzip, 0),
      };
    };
    const fonts = sum("font");
    return {
      paletteShownMs: round(t.paletteShownAt ?? Number.NaN),
      usableMs: round(t.usableAt),
      js: sum("js"),
      css: sum("css"),
      fonts: {
        files: fonts.files,
        raw: fonts.raw,
        laterFiles: fontsLater.length,
        laterRaw: sumRaw(fontsLater),
      },
      files,
      later: lazy,
    };
  } finally {
    await context.close();
  }
}

/** Keystroke → preview (and JSON) at `count` widgets. */
export async function measureEdit(
  browser: Browser,
  base: string,
  count: number,
  keystrokes: number,
  withJsonPanel = true,
): Promise<EditFigures> {
  const { context, page } = await openWith(browser, base, count);
  try {
    // A title row in the middle of the list: every tenth widget is one (bench/fixtures.ts).
    const k = Math.floor(count / 2 / 10) * 10;
    const original = `Row ${k} title`;
    // By its preview frame, which is never virtualised (the list row may not be rendered).
    await selectWidget(page, k, original);
    // The form follows the selection a render later: wait for it. (waitForFunction waits for a truthy
    // value: -1 from findIndex would end the wait at once, index 0 never; hence the wrapper.)
    const field = await page
      .waitForFunction(
        (text) => {
          const i = [
            ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea"),
          ].findIndex((e) => e.value === text);
          return i >= 0 ? { i } : null;
        },
        original,
        { timeout: 5000 },
      )
      .then(async (h) => (await h.jsonValue())?.i ?? -1)
      .catch(() => -1);
    if (field < 0)
      throw new NotThere(`selecting widget ${k + 1} showed no inspector field holding "${original}"`);
    let targets = await page.evaluate(findTargets, original);
    if (!targets.preview) throw new NotThere(`the preview shows no title_row with "${original}"`);
    if (!withJsonPanel) targets = { ...targets, json: null };
    else if (!targets.json) {
      // The JSON may sit behind a tab.
      const tab = page
        .getByRole("tab", { name: /json/i })
        .or(page.getByRole("button", { name: /^json$/i }))
        .first();
      if ((await tab.count()) > 0) {
        await tab.click();
        await page.waitForTimeout(300);
        targets = await page.evaluate(findTargets, original);
      }
    }
    const jsonStatus = !withJsonPanel
      ? "JSON tab closed"
      : targets.json
        ? "checked"
        : "not measured: no JSON panel shows the edited widget's text";
    await page.locator("input, textarea").nth(field).focus();
    await page.keyboard.press("End");

    // BENCH_PROFILE=<dir>: a CPU profile of the page while typing at the largest size.
    const stopProfile = await startCpuProfile(
      context,
      page,
      count >= 500 ? process.env.BENCH_PROFILE : undefined,
    );
    const typed = await timeKeystrokes(page, field, keystrokes, targets.json !== null);
    await stopProfile(`edit-${count}`);
    return {
      widgets: count,
      keystrokes,
      ...typed,
      json: jsonStatus,
    };
  } finally {
    await context.close();
  }
}

/** Keystroke timings of `timeKeystrokes`. */
export type KeystrokeFigures = Pick<
  EditFigures,
  "toDom" | "toFrame" | "toCallback" | "previewOnly" | "timeouts" | "timedOutAt"
>;

/** The binding the keystroke probe reports through. */
const KEY_BINDING = "__benchKey";

/**
 * Types `keystrokes` keys (letters, then as many Backspaces) into the focused field (the
 * `field`-th input or textarea of the page) and times each with the keystroke probe: keydown to
 * the preview element showing the field's text (`__findTargets`), with the JSON panel too when
 * `withJson`, and to the frame that draws it.
 */
export async function timeKeystrokes(
  page: Page,
  field: number,
  keystrokes: number,
  withJson: boolean,
): Promise<KeystrokeFigures> {
  page.on("console", (m) => {
    if (m.text().startsWith("bench:")) console.log(`    ${m.text()}`);
  });
  const dom: number[] = [];
  const frame: number[] = [];
  const callback: number[] = [];
  const preview: number[] = [];
  let timeouts = 0;
  const timedOutAt: number[] = [];
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const half = Math.ceil(keystrokes / 2);
  const channel = await pageChannel(page, KEY_BINDING);
  for (let i = 0; i < keystrokes; i++) {
    const key = i < half ? (letters[i % letters.length] ?? "a") : "Backspace";
    // Arm first (and wait for it), so the keydown listener sees the probe.
    await page.evaluate(
      ({ text, withJson }) => {
        const w = window as unknown as {
          __bench: { arm(t: unknown): Promise<unknown>; disarm(): unknown; pending?: Promise<unknown> };
          __findTargets: (t: string) => ReturnType<typeof findTargets>;
        };
        const found = w.__findTargets(text);
        const b = w.__bench;
        // The timer is cleared when the probe resolves, so it can never disarm a later keystroke's probe.
        const report = (window as unknown as Record<string, unknown>).__benchKey; // KEY_BINDING
        const send = (r: unknown) => {
          if (typeof report === "function") report(JSON.stringify(r));
        };
        b.pending = new Promise((resolve) => {
          const timer = setTimeout(() => {
            console.log(`bench: keystroke not seen in 3 s: ${JSON.stringify(b.disarm())}`);
            resolve(null);
          }, 3000);
          b.arm({ preview: found.preview, json: withJson ? found.json : null }).then((r) => {
            clearTimeout(timer);
            resolve(r);
          });
        }).then(send);
      },
      { text: await currentText(page, field), withJson },
    );
    await page.keyboard.press(key);
    // Heard through a binding: a page.evaluate here would run in the page while the keystroke's frame is made.
    const r = JSON.parse(await channel.next(10_000)) as {
      preview: number;
      dom: number;
      frame: number;
      callback: number;
    } | null;
    if (r === null) {
      timeouts++;
      timedOutAt.push(i);
    } else {
      dom.push(r.dom);
      frame.push(r.frame);
      callback.push(r.callback);
      preview.push(r.preview);
    }
    await page.waitForTimeout(30);
  }
  return {
    toDom: summarise(dom),
    toFrame: summarise(frame),
    toCallback: summarise(callback),
    previewOnly: summarise(preview),
    timeouts,
    timedOutAt,
  };
}

async function currentText(page: Page, field: number): Promise<string> {
  return page.evaluate(
    (i) =>
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")[i]?.value ?? "",
    field,
  );
}

async function firstRowText(page: Page): Promise<string> {
  return page.evaluate(
    // The preview's first frame: the list may be virtualised (and scrolled), the preview never is.
    () =>
      document
        .querySelector('section[aria-label="Add-on preview"] [data-kind]')
        ?.getAttribute("aria-label") ?? "",
  );
}

async function measureDrag(
  browser: Browser,
  base: string,
  count: number,
  by: "pointer" | "keyboard",
): Promise<DragFigures> {
  const { context, page } = await openWith(browser, base, count);
  try {
    const handle = await firstDragHandle(page);
    const before = await firstRowText(page);
    // BENCH_PROFILE=<dir>: a CPU profile of the page during each drag, too.
    const stopProfile = await startCpuProfile(context, page, process.env.BENCH_PROFILE);
    await startFrames(page);
    const t0 = Date.now();
    await dragDown(page, handle, by, (release) => release());
    await page.waitForTimeout(300);
    const durationMs = Date.now() - t0;
    const frames = await stopFrames(page);
    await stopProfile(`drag-${by}-${count}`);
    const after = await firstRowText(page);
    return { widgets: count, frames: summarise(frames), durationMs, moved: after !== before };
  } finally {
    await context.close();
  }
}

async function measureMemory(browser: Browser, base: string, count: number): Promise<MemoryFigures> {
  const { context, page } = await openWith(browser, base, count);
  try {
    await page.waitForTimeout(500);
    const heap = await heapAfterGc(context, page);
    return {
      widgets: count,
      usedMB: round(heap.usedMB),
      totalMB: round(heap.totalMB),
      domNodes: heap.domNodes,
    };
  } finally {
    await context.close();
  }
}

async function measureBrowserImport(
  browser: Browser,
  base: string,
  count: number,
): Promise<BrowserImportFigures> {
  const empty = await openWith(browser, base, 0);
  const emptyMs = empty.shownMs;
  await empty.context.close();
  const big = await openWith(browser, base, count);
  await big.context.close();
  return { widgets: count, shownMs: round(big.shownMs), emptyMs: round(emptyMs) };
}

/** The Chromium version string, e.g. "Chromium 156.0.8078.79". */
export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return "unknown";
  }
}

/** Runs every browser measurement against the built editor served by the proxy. */
export async function benchBrowser(distDir: string): Promise<BrowserFigures> {
  const servers = await startServers(distDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const base = servers.proxyUrl;
  try {
    // BENCH_PARTS=load,edit,drag,memory,import,firstload,floor,scale runs only those (for profiling one of them).
    const parts = new Set(
      (process.env.BENCH_PARTS ?? "load,edit,drag,memory,import,firstload,floor,scale").split(","),
    );
    const sizes = (process.env.BENCH_EDIT_SIZES ?? "10,100,500").split(",").map(Number);
    const skip = async (): Promise<NotMeasured> => ({ notMeasured: "skipped (BENCH_PARTS)" });
    const load = parts.has("load") ? await attempt("load", () => measureLoad(browser, base)) : await skip();
    const edit: BrowserFigures["edit"] = [];
    for (const n of parts.has("edit") ? sizes : []) {
      const r = await attempt(`edit latency, ${n} widgets`, () => measureEdit(browser, base, n, KEYSTROKES));
      edit.push(isNotMeasured(r) ? { ...r, widgets: n } : r);
    }
    if (parts.has("edit") && sizes.includes(500)) {
      // The same at 500 with the JSON tab closed: separates the JSON panel's cost from the rest.
      const r = await attempt("edit latency, 500 widgets, JSON tab closed", () =>
        measureEdit(browser, base, 500, KEYSTROKES, false),
      );
      edit.push(isNotMeasured(r) ? { ...r, widgets: 500 } : r);
    }
    const dragging = parts.has("drag");
    const pointer = dragging
      ? await attempt("drag by pointer, 200 widgets", () => measureDrag(browser, base, 200, "pointer"))
      : await skip();
    const keyboard = dragging
      ? await attempt("drag by keyboard, 200 widgets", () => measureDrag(browser, base, 200, "keyboard"))
      : await skip();
    const memory = parts.has("memory")
      ? await attempt("memory, 500 widgets", () => measureMemory(browser, base, 500))
      : await skip();
    const imported = parts.has("import")
      ? await attempt("share link with 1,000 widgets", () => measureBrowserImport(browser, base, 1000))
      : await skip();
    const firstLoad = parts.has("firstload")
      ? await attempt("first load (initial JS, 11 cold loads)", async () => ({
          initialJs: initialJs(distDir),
          page: pageBytes(distDir),
          interactive: await measureColdInteractive(browser, base, COLD_LOADS),
        }))
      : await skip();
    const floor = parts.has("floor")
      ? await attempt("the probes on a page that only shows the change", () =>
          measureFloor(browser, base, COLD_LOADS),
        )
      : await skip();
    // Issue 14's table: BENCH_SIZES=500,2000 and BENCH_SCALE_PARTS=keystroke,structural,drag,import,heap.
    const scale: ScaleFigures[] = [];
    const scaleParts = new Set(
      (process.env.BENCH_SCALE_PARTS ?? "keystroke,structural,drag,import,heap").split(","),
    );
    for (const n of parts.has("scale") ? (process.env.BENCH_SIZES ?? "500,2000").split(",").map(Number) : [])
      scale.push(await measureScale(browser, base, n, scaleParts));
    return {
      firstLoad,
      floor,
      scale,
      chromium: `${browser.version()} (${chromiumVersion()})`,
      load,
      edit,
      drag: { pointer, keyboard },
      memory,
      import: imported,
    };
  } finally {
    await browser.close();
    await servers.close();
  }
}
