import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { v2PostBody } from "./fixtures";
import { type Summary, summarise } from "./stats";

const ROOT = join(import.meta.dirname, "..");

/** Figures of the CLI benchmark: wall time of fresh processes, as CI runs the command. */
export interface CliFigures {
  /** `node -e 0`: what starting Node alone costs on this machine right now. */
  nodeStart: Summary;
  /** `addon-studio validate --kind post one.json` from the installed layout (bin -> lib/cli.mjs). */
  oneFile: Summary;
  /** The same with 100 files in one call. */
  hundredFiles: Summary;
  /**
   * CPU time (user + system) of the same processes, by GNU time (10 ms resolution): on a shared
   * machine it moves less than wall time, which includes waiting for a core. Absent without /usr/bin/time.
   */
  cpu?: { nodeStart: Summary; oneFile: Summary; hundredFiles: Summary };
  runs: number;
}

function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

/** Builds lib/ with tsdown when it is missing or older than src/. */
function ensureLib(): void {
  const cli = join(ROOT, "lib", "cli.mjs");
  if (existsSync(cli) && statSync(cli).mtimeMs >= newest(join(ROOT, "src"))) return;
  console.log("lib/ is missing or older than src/: building it with npx tsdown ...");
  execFileSync("npx", ["tsdown", "--log-level", "error"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const GNU_TIME = "/usr/bin/time";

/** Wall time of one fresh process, and its CPU time when GNU time is there to report it. */
function measure(args: string[], cwd: string): { wall: number; cpu?: number } {
  const cpuFile = join(cwd, "cpu.txt");
  const withTime = existsSync(GNU_TIME);
  const [cmd, argv] = withTime
    ? [GNU_TIME, ["-o", cpuFile, "-f", "%U %S", process.execPath, ...args]]
    : [process.execPath, args];
  const t0 = performance.now();
  const r = spawnSync(cmd, argv, { cwd, encoding: "utf8" });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
  if (!withTime) return { wall };
  const [user = 0, sys = 0] = readFileSync(cpuFile, "utf8").trim().split(/\s+/).map(Number);
  return { wall, cpu: (user + sys) * 1000 };
}

/**
 * Cold `addon-studio validate`: the package laid out as npm installs it (package.json, bin/, lib/ in
 * node_modules/addon-studio, no src/), run as fresh processes, interleaved with a bare Node start.
 */
export function benchCli(runs = 21): CliFigures {
  ensureLib();
  const dir = mkdtempSync(join(tmpdir(), "addon-studio-bench-cli-"));
  try {
    const pkg = join(dir, "node_modules", "addon-studio");
    mkdirSync(pkg, { recursive: true });
    for (const part of ["package.json", "bin", "lib"])
      cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
    mkdirSync(join(dir, "addons"));
    const body = JSON.stringify(v2PostBody(10), null, 2);
    for (let i = 0; i < 100; i++) writeFileSync(join(dir, "addons", `addon-${i}.json`), body);
    const bin = join(pkg, "bin", "addon-studio.mjs");
    const cases = {
      nodeStart: ["-e", "0"],
      oneFile: [bin, "validate", "--kind", "post", "addons/addon-0.json"],
      hundredFiles: [bin, "validate", "--kind", "post", "addons"],
    };
    const wall = { nodeStart: [] as number[], oneFile: [] as number[], hundredFiles: [] as number[] };
    const cpu = { nodeStart: [] as number[], oneFile: [] as number[], hundredFiles: [] as number[] };
    // One unmeasured round warms the disk cache, as a second CI step would find it.
    measure(cases.hundredFiles, dir);
    for (let i = 0; i < runs; i++)
      for (const name of ["nodeStart", "oneFile", "hundredFiles"] as const) {
        const m = measure(cases[name], dir);
        wall[name].push(m.wall);
        if (m.cpu !== undefined) cpu[name].push(m.cpu);
      }
    const figures: CliFigures = {
      nodeStart: summarise(wall.nodeStart),
      oneFile: summarise(wall.oneFile),
      hundredFiles: summarise(wall.hundredFiles),
      runs,
    };
    if (cpu.oneFile.length)
      figures.cpu = {
        nodeStart: summarise(cpu.nodeStart),
        oneFile: summarise(cpu.oneFile),
        hundredFiles: summarise(cpu.hundredFiles),
      };
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(benchCli(), null, 2));
