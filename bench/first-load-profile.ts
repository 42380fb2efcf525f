// Diagnosis aid (not part of `npm run bench`): CPU profile of one cold load with the usable probe.
// node --import tsx bench/first-load-profile.ts [out.cpuprofile]   (BENCH_DIST=<dir> for another build)
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { newPage } from "./browser";
import { startServers } from "./servers";

const out = process.argv[2] ?? "/tmp/first-load.cpuprofile";
const servers = await startServers(process.env.BENCH_DIST ?? "dist");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  const { context, page } = await newPage(browser, { probeUsable: true });
  await page.goto(`${servers.proxyUrl}/robots.txt`).catch(() => {});
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(`${servers.proxyUrl}/`, { waitUntil: "commit" });
  await page.waitForFunction(
    () => (window as unknown as { __bench: { usableAt?: number } }).__bench.usableAt !== undefined,
    undefined,
    { polling: 50 },
  );
  await page.waitForTimeout(300);
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(out, JSON.stringify(profile));
  const b = await page.evaluate(() => {
    const x = (window as unknown as { __bench: Record<string, number> }).__bench;
    return { shown: x.paletteShownAt, usable: x.usableAt, origin: performance.timeOrigin };
  });
  console.log(JSON.stringify({ ...b, profileStart: profile.startTime, out }));
  await context.close();
} finally {
  await browser.close();
  await servers.close();
}
