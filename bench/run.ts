import { writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, release, totalmem, type } from "node:os";
import { join } from "node:path";
import { benchBrowser, chromiumVersion } from "./browser";
import { ensureBuilt } from "./build";
import { benchCli } from "./cli";
import { benchImport } from "./node-import";
import { isNotMeasured } from "./page-steps";
import { benchProxy } from "./proxy";
import { machineText, type Results, table, updateBenchmarksMd } from "./report";
import { scaleTable } from "./report-scale";
import { round } from "./stats";
import { benchStore } from "./store";

/**
 * `npm run bench`: Node figures first (import and validation, proxy against emulator), then the
 * browser figures in Debian's Chromium; writes bench/results.json, updates BENCHMARKS.md, prints the table.
 * `npm run bench -- --only=node` or `--only=browser` runs one half (the other is reported as skipped).
 */
async function main(): Promise<void> {
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const started = Date.now();
  const root = join(import.meta.dirname, "..");
  const loadBefore = round(loadavg()[0] ?? 0);
  const skipped = (what: string) => ({ notMeasured: `skipped (--only=${only}); ${what}` });

  let imported: Results["import"] = skipped("run without --only to measure it");
  let proxy: Results["proxy"] = skipped("run without --only to measure it");
  let cli: NonNullable<Results["cli"]> = skipped("run without --only to measure it");
  let browser: Results["browser"] = skipped("run without --only to measure it");
  let store: Results["store"] = skipped("run without --only to measure it");
  let build = "dist/ not needed";

  if (only !== "browser") {
    // First, in a fresh process, so the "first run" figure includes zod's set-up as a user meets it.
    console.log("Import and validation (Node) ...");
    imported = benchImport();
    console.log("Cold CLI (fresh processes of the installed layout) ...");
    try {
      cli = benchCli();
    } catch (e) {
      cli = { notMeasured: e instanceof Error ? e.message : String(e) };
    }
    console.log("Proxy against the emulator (Node, over HTTP) ...");
    try {
      proxy = await benchProxy();
    } catch (e) {
      proxy = { notMeasured: e instanceof Error ? e.message : String(e) };
    }
    console.log("Store (PGlite and PostgreSQL) ...");
    try {
      store = await benchStore();
    } catch (e) {
      store = { notMeasured: e instanceof Error ? e.message : String(e) };
    }
  }
  if (only !== "node") {
    try {
      // BENCH_DIST=<dir> measures an editor built elsewhere (e.g. not to disturb a shared dist/).
      const dist = process.env.BENCH_DIST;
      if (dist) build = `editor from ${dist}`;
      else {
        const b = ensureBuilt();
        build = b.built ? `built dist/ first: ${b.reason}` : b.reason;
      }
      console.log("Browser (Chromium) ...");
      browser = await benchBrowser(dist ?? join(root, "dist"));
    } catch (e) {
      browser = { notMeasured: e instanceof Error ? (e.message.split("\n")[0] ?? e.message) : String(e) };
    }
  }

  const results: Results = {
    date: new Date().toISOString(),
    machine: {
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? "unknown",
      memoryGB: round(totalmem() / 1024 ** 3, 1),
      node: process.version,
      chromium: isNotMeasured(browser) ? chromiumVersion() : browser.chromium,
      os: `${type()} ${release()}`,
      loadBefore,
      loadAfter: round(loadavg()[0] ?? 0),
    },
    durationSeconds: Math.round((Date.now() - started) / 1000),
    build,
    import: imported,
    cli,
    proxy,
    browser,
    store,
  };
  // BENCH_RESULTS=<file>: a partial re-run (e.g. one size of the browser half) writes there and
  // leaves bench/results.json and BENCHMARKS.md as the last full run left them.
  const out = process.env.BENCH_RESULTS;
  writeFileSync(out ?? join(root, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  if (!out) updateBenchmarksMd(join(root, "BENCHMARKS.md"), results);
  console.log(`\n${machineText(results)}\n\n${table(results)}\n\n${scaleTable(results)}\n`);
  console.log(out ? `Wrote ${out}.` : "Wrote bench/results.json and updated BENCHMARKS.md.");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
