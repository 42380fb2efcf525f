// Diagnosis aid (not part of `npm run bench`): CPU profile of one cold load with the usable probe.
// node --import tsx bench/first-load-profile.ts [out.cpuprofile]   (BENCH_DIST=<dir> for another build)
import { basename, dirname } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { newPage } from "./browser";
import { startCpuProfile, waitUsable } from "./page-steps";
import { startServers } from "./servers";

const out = process.argv[2] ?? "/tmp/first-load.cpuprofile";
const { dir, name } = { dir: dirname(out), name: basename(out, ".cpuprofile") };
const servers = await startServers(process.env.BENCH_DIST ?? "dist");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  const { context, page } = await newPage(browser, { probeUsable: true });
  await page.goto(`${servers.proxyUrl}/robots.txt`).catch(() => {});
  const stopProfile = await startCpuProfile(context, page, dir, 100);
  await page.goto(`${servers.proxyUrl}/`, { waitUntil: "commit" });
  await waitUsable(page);
  await page.waitForTimeout(300);
  await stopProfile(name);
  const b = await page.evaluate(() => {
    const x = (window as unknown as { __bench: Record<string, number> }).__bench;
    return { shown: x.paletteShownAt, usable: x.usableAt, origin: performance.timeOrigin };
  });
  console.log(JSON.stringify({ ...b, out }));
  await context.close();
} finally {
  await browser.close();
  await servers.close();
}
