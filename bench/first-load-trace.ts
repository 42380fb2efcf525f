// Diagnosis aid, not part of `npm run bench`: RUNS cold loads of the built editor with the bench's
// "Add Title" probe, printing resource timings, paint entries, long tasks and the probe's stamps, and
// a Chrome trace of the last load (unless NOTRACE=1) in the given folder (default /tmp/flprof).
// node --import tsx bench/first-load-trace.ts [outDir]   (BENCH_DIST=<dir> for another build)
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { newPage } from "./browser";
import { waitUsable } from "./page-steps";
import { startServers } from "./servers";

const out = process.argv[2] ?? "/tmp/flprof";
const dist = process.env.BENCH_DIST ?? "dist";
const servers = await startServers(dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  for (let r = 0; r < Number(process.env.RUNS ?? 2); r++) {
    const { context, page } = await newPage(browser, { probeUsable: true });
    await context.addInitScript(() => {
      const w = window as unknown as { __long: unknown[] };
      w.__long = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries())
          w.__long.push({ start: Math.round(e.startTime), dur: Math.round(e.duration) });
      }).observe({ type: "longtask", buffered: true });
    });
    const trace = !process.env.NOTRACE && r === Number(process.env.RUNS ?? 2) - 1;
    if (trace)
      await browser.startTracing(page, {
        path: join(out, "trace.json"),
        screenshots: false,
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          "blink.user_timing",
          "loading",
          "disabled-by-default-v8.cpu_profiler",
        ],
      });
    await page.goto(`${servers.proxyUrl}/`, { waitUntil: "commit" });
    await waitUsable(page);
    await page.waitForTimeout(1500);
    if (trace) await browser.stopTracing();
    const info = await page.evaluate(() => {
      const b = (window as unknown as { __bench: Record<string, number> }).__bench;
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        usable: b.usableAt,
        shown: b.paletteShownAt,
        nav: {
          responseEnd: nav.responseEnd,
          domInteractive: nav.domInteractive,
          dcl: nav.domContentLoadedEventEnd,
          load: nav.loadEventEnd,
        },
        paints: performance.getEntriesByType("paint").map((p) => `${p.name} ${p.startTime.toFixed(1)}`),
        res: performance.getEntriesByType("resource").map((e) => {
          const t = e as PerformanceResourceTiming;
          return `${t.name.replace(location.origin, "").padEnd(48)} start ${t.startTime.toFixed(1).padStart(7)} req ${t.requestStart.toFixed(1)} resp ${t.responseStart.toFixed(1)} end ${t.responseEnd.toFixed(1).padStart(7)} ${t.initiatorType}`;
        }),
        long: (window as unknown as { __long: unknown[] }).__long,
      };
    });
    console.log(JSON.stringify(info, null, 1));
    await context.close();
  }
} finally {
  await browser.close();
  await servers.close();
}
