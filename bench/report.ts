import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { BrowserFigures, DragFigures, EditFigures } from "./browser";
import type { CliFigures } from "./cli";
import type { ImportFigures } from "./node-import";
import { type NotMeasured, isNotMeasured as nm } from "./page-steps";
import type { ProxyFigures } from "./proxy";
import { scaleTable } from "./report-scale";
import { type StoreFigures, storeRows } from "./store";

/** The machine a run was measured on. */
export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGB: number;
  node: string;
  chromium: string;
  os: string;
  /** 1-minute load average before and after the run: the machine is shared, so figures move with it. */
  loadBefore: number;
  loadAfter: number;
}

/** What `bench/results.json` holds. */
export interface Results {
  date: string;
  machine: Machine;
  durationSeconds: number;
  build: string;
  import: ImportFigures | NotMeasured;
  /** Absent in results written before the CLI was measured. */
  cli?: CliFigures | NotMeasured;
  proxy: ProxyFigures | NotMeasured;
  browser: BrowserFigures | NotMeasured;
  /** Absent in runs made before the store existed. */
  store?: StoreFigures | NotMeasured;
}

const START = "<!-- bench:results:start -->";
const END = "<!-- bench:results:end -->";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => `${x.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

type Row = [measure: string, figure: string, target: string, status: string];

function notMeasuredRow(measure: string, x: NotMeasured, target = ""): Row {
  return [measure, `not measured: ${x.notMeasured}`, target, target ? "—" : ""];
}

function dragRow(label: string, d: DragFigures | NotMeasured): Row {
  if (nm(d)) return notMeasuredRow(label, d);
  return [
    label,
    `frame p50 ${ms(d.frames.p50)}, p95 ${ms(d.frames.p95)}, max ${ms(d.frames.max)} (${d.frames.n} frames${d.moved ? "" : "; **the widget did not move**"})`,
    "",
    "",
  ];
}

function editRow(e: EditFigures | (NotMeasured & { widgets: number })): Row {
  const closed = !nm(e) && e.json === "JSON tab closed";
  const label = closed
    ? `Keystroke → preview, ${e.widgets} widgets, JSON tab closed`
    : `Keystroke → preview + JSON, ${e.widgets} widgets`;
  const target = e.widgets === 500 ? "p95 < 16 ms" : "";
  if (nm(e)) return notMeasuredRow(label, e, target);
  const json = e.json === "checked" || e.json === "JSON tab closed" ? "" : ` (${e.json}: preview only)`;
  const figure =
    `DOM p50 ${ms(e.toDom.p50)}, p95 ${ms(e.toDom.p95)}; next frame drawn p50 ${ms(e.toFrame.p50)}, p95 ${ms(e.toFrame.p95)} (its callback p95 ${ms(e.toCallback.p95)})` +
    ` (${e.toDom.n} keystrokes${e.timeouts ? `, ${e.timeouts} timed out` : ""})${json}`;
  return [label, figure, target, target ? verdict(e.toDom.p95 < 16 && e.timeouts === 0) : ""];
}

/** The results as a Markdown table (measure, figure, target, status). */
export function table(r: Results): string {
  const rows: Row[] = [];
  const b = r.browser;
  if (nm(b)) rows.push(notMeasuredRow("Browser (load, edit, drag, memory)", b));
  else {
    const l = b.load;
    if (nm(l)) rows.push(notMeasuredRow("Initial JS (gzip)", l, "< 150 KB gzip"));
    else {
      rows.push([
        "Initial JS until usable",
        `${kb(l.js.gzip)} gzip (${kb(l.js.raw)} raw, ${l.js.files} files)`,
        "< 150 KB gzip",
        verdict(l.js.gzip < 150 * 1024),
      ]);
      rows.push([
        "Initial CSS until usable",
        `${kb(l.css.gzip)} gzip (${kb(l.css.raw)} raw, ${l.css.files} files)`,
        "",
        "",
      ]);
      rows.push([
        "Fonts (woff2, not gzipped)",
        `${kb(l.fonts.raw)} before usable (${l.fonts.files} files), ${kb(l.fonts.laterRaw)} in the 2 s after (${l.fonts.laterFiles} files)`,
        "",
        "",
      ]);
      rows.push([
        "Navigation → palette responds",
        `${ms(l.usableMs)} (palette drawn at ${ms(l.paletteShownMs)}; "Add Title" clicked, its row in the list drawn)`,
        "",
        "",
      ]);
      rows.push([
        "JS/CSS loaded later (lazy)",
        l.later.length
          ? l.later.map((f) => `${f.url} ${kb(f.gzip)} gzip`).join(", ")
          : "none in 2 s after usable",
        "",
        "",
      ]);
    }
    for (const e of b.edit) rows.push(editRow(e));
    rows.push(dragRow("Drag by pointer, 200 widgets", b.drag.pointer));
    rows.push(dragRow("Drag by keyboard, 200 widgets", b.drag.keyboard));
    const m = b.memory;
    rows.push(
      nm(m)
        ? notMeasuredRow("JS heap, 500 widgets", m)
        : [
            "JS heap, 500 widgets",
            `${m.usedMB} MB used of ${m.totalMB} MB (after GC; ${m.domNodes} DOM elements)`,
            "",
            "",
          ],
    );
    const bi = b.import;
    rows.push(
      nm(bi)
        ? notMeasuredRow("Share link with 1,000 widgets", bi)
        : [
            "Share link with 1,000 widgets",
            `${ms(bi.shownMs)} navigation → all rows shown (empty editor: ${ms(bi.emptyMs)})`,
            "",
            "",
          ],
    );
  }
  const i = r.import;
  if (nm(i)) rows.push(notMeasuredRow("Import 1,000 widgets (Node)", i, "< 100 ms"));
  else {
    rows.push([
      `Import ${i.widgets.toLocaleString("en")} v1 widgets (Node), first run`,
      `${ms(i.cold.totalMs)} (parse ${ms(i.cold.parseMs)}, migrate ${ms(i.cold.migrateMs)}, validate ${ms(i.cold.validateMs)})`,
      "< 100 ms",
      verdict(i.cold.totalMs < 100),
    ]);
    rows.push([
      `Import ${i.widgets.toLocaleString("en")} v1 widgets (Node), warm`,
      `p50 ${ms(i.warm.total.p50)}, p95 ${ms(i.warm.total.p95)} (parse ${ms(i.warm.parse.p50)}, migrate ${ms(i.warm.migrate.p50)}, validate ${ms(i.warm.validate.p50)} at p50)`,
      "< 100 ms",
      verdict(i.warm.total.p50 < 100),
    ]);
    rows.push([
      `Parse + validate ${i.widgets.toLocaleString("en")} v2 widgets (Node), warm`,
      `p50 ${ms(i.v2Warm.p50)}, p95 ${ms(i.v2Warm.p95)}`,
      "",
      "",
    ]);
    rows.push([
      "Validation throughput (Node)",
      `${i.throughput.bodiesPerSecond.toLocaleString("en")} bodies/s (10-widget post add-on, ${i.throughput.valid ? "valid" : "INVALID"})`,
      "",
      "",
    ]);
  }
  const c = r.cli;
  if (c && nm(c)) rows.push(notMeasuredRow("Cold addon-studio validate", c, "< 150 ms"));
  else if (c) {
    rows.push([
      "Cold `addon-studio validate`, 1 file (installed package, fresh process)",
      `wall p50 ${ms(c.oneFile.p50)}, p95 ${ms(c.oneFile.p95)} (${c.runs} runs; \`node -e 0\` alone p50 ${ms(c.nodeStart.p50)})` +
        (c.cpu ? `; CPU p50 ${ms(c.cpu.oneFile.p50)} (\`node -e 0\` ${ms(c.cpu.nodeStart.p50)})` : ""),
      "< 150 ms",
      verdict(c.oneFile.p50 < 150),
    ]);
    rows.push([
      "Cold `addon-studio validate`, 100 files in one call",
      `wall p50 ${ms(c.hundredFiles.p50)}, p95 ${ms(c.hundredFiles.p95)} (${c.runs} runs; 10-widget post add-ons)` +
        (c.cpu ? `; CPU p50 ${ms(c.cpu.hundredFiles.p50)}` : ""),
      "< 300 ms",
      verdict(c.hundredFiles.p50 < 300),
    ]);
  }
  const p = r.proxy;
  if (nm(p)) rows.push(notMeasuredRow("Proxy overhead", p, "< 1 ms at p50"));
  else {
    rows.push([
      "Publish, emulator direct (concurrency 1)",
      `p50 ${ms(p.direct.sequential.p50)}, p95 ${ms(p.direct.sequential.p95)} (${p.direct.sequential.n} requests)`,
      "",
      "",
    ]);
    rows.push([
      "Publish through the proxy (concurrency 1)",
      `p50 ${ms(p.proxy.sequential.p50)}, p95 ${ms(p.proxy.sequential.p95)} (${p.proxy.sequential.n} requests)`,
      "",
      "",
    ]);
    rows.push([
      "Proxy overhead at p50",
      `${ms(p.overheadP50Ms)} (p95: ${ms(p.overheadP95Ms)})`,
      "< 1 ms",
      verdict(p.overheadP50Ms < 1),
    ]);
    rows.push([
      "Proxy steps alone (explain the overhead)",
      `extra loopback hop with fetch (undici) p50 ${ms(p.parts.hopFetchP50Ms)} vs node:http ${ms(p.parts.hopNodeHttpP50Ms)}; body validation ${p.parts.validateUs} µs; session unseal ${p.parts.sessionUnsealUs} µs; request deadline ${p.parts.deadlineUs} µs`,
      "",
      "",
    ]);
    rows.push([
      "Platform transport, one publish call (FetchLike, answer read)",
      `undici Agent + request (src/server/http-transport.ts) p50 ${ms(p.parts.transportP50Ms)}; bare node:http hop ${ms(p.parts.hopNodeHttpP50Ms)}, fetch hop ${ms(p.parts.hopFetchP50Ms)}`,
      "",
      "",
    ]);
    const s = p.soak;
    rows.push([
      `Soak: ${s.requests.toLocaleString("en")} publishes through the proxy, concurrency ${s.concurrency}`,
      `${s.errors} errors; ${s.rps} req/s (${s.seconds} s); proxy process RSS ${s.rssBeforeMB} → ${s.rssAfterMB} MB (heap ${s.heapBeforeMB} → ${s.heapAfterMB} MB)`,
      "0 errors",
      verdict(s.errors === 0),
    ]);
    rows.push([
      `Publish throughput, concurrency ${p.concurrency}`,
      `direct ${p.direct.concurrent.rps} req/s (p50 ${ms(p.direct.concurrent.p50)}), proxy ${p.proxy.concurrent.rps} req/s (p50 ${ms(p.proxy.concurrent.p50)}); ratio ${p.rpsRatio}` +
        (p.direct.failures + p.proxy.failures ? `; ${p.direct.failures + p.proxy.failures} failed` : ""),
      "",
      "",
    ]);
  }
  const st = r.store;
  if (st !== undefined) {
    if (nm(st)) rows.push(notMeasuredRow("Store (event intake, publish record)", st, "≥ 500 deliveries/s"));
    else rows.push(...storeRows(st));
  }
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    "| Measure | Figure | Target | Status |",
    "| --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row.map(esc).join(" | ")} |`),
  ].join("\n");
}

/** The machine line(s) above the table. */
export function machineText(r: Results): string {
  const m = r.machine;
  return [
    `Run of ${r.date} (${r.durationSeconds} s; ${r.build}).`,
    "",
    `Machine: ${m.cpus} CPUs (\`nproc\`; ${m.cpuModel}), ${m.memoryGB} GB memory, ${m.os}; Node ${m.node}; ${m.chromium}.`,
    `Load average (1 min) ${m.loadBefore} before and ${m.loadAfter} after the run: other work shares these two cores, so latencies include waiting for a CPU.`,
  ].join("\n");
}

/** Replaces the generated block of BENCHMARKS.md (or creates the file around it). */
export function updateBenchmarksMd(path: string, r: Results): void {
  const scale = scaleTable(r);
  const block = `${START}\n${machineText(r)}\n\n${table(r)}\n${scale ? `\n${scale}\n` : ""}${END}`;
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  const a = current.indexOf(START);
  const b = current.indexOf(END);
  const next =
    a >= 0 && b > a
      ? `${current.slice(0, a)}${block}${current.slice(b + END.length)}`
      : `# Benchmarks\n\n## Latest figures\n\n${block}\n\n${current}`;
  writeFileSync(path, next);
}
