import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
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

function wall(args: string[], cwd: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
  return ms;
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
    const samples = { nodeStart: [] as number[], oneFile: [] as number[], hundredFiles: [] as number[] };
    // One unmeasured round warms the disk cache, as a second CI step would find it.
    wall([bin, "validate", "--kind", "post", "addons"], dir);
    for (let i = 0; i < runs; i++) {
      samples.nodeStart.push(wall(["-e", "0"], dir));
      samples.oneFile.push(wall([bin, "validate", "--kind", "post", "addons/addon-0.json"], dir));
      samples.hundredFiles.push(wall([bin, "validate", "--kind", "post", "addons"], dir));
    }
    return {
      nodeStart: summarise(samples.nodeStart),
      oneFile: summarise(samples.oneFile),
      hundredFiles: summarise(samples.hundredFiles),
      runs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(benchCli(), null, 2));
