import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";

/** The repository's bin: it runs the TypeScript source (tsx) since src/ is there. */
const BIN = fileURLToPath(new URL("../../bin/addon-studio.mjs", import.meta.url));

/** A scratch folder holding a stand-in editor page (DIST_DIR), to start the studio from. */
export function studioFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>studio</title>");
  return dir;
}

/**
 * `addon-studio studio` as a user starts it: a real process in `cwd` (serving `cwd` as the editor),
 * on free ports (or `opts.ports`), with `args` and `opts.env` added. `printed(text)` resolves once its output holds `text` (rejects if
 * it exits first); `exited` resolves to its exit code.
 */
export async function spawnStudio(
  cwd: string,
  args: string[] = [],
  opts: { env?: Record<string, string>; ports?: { port: number; emulatorPort: number } } = {},
) {
  const { port, emulatorPort } = opts.ports ?? { port: await freePort(), emulatorPort: await freePort() };
  const child = spawn(
    process.execPath,
    [BIN, "studio", "--port", String(port), "--emulator-port", String(emulatorPort), ...args],
    { cwd, env: { ...process.env, DIST_DIR: cwd, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const waiting = new Set<() => void>();
  const seen = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiting) check();
  };
  child.stdout.on("data", seen);
  child.stderr.on("data", seen);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    port,
    emulatorPort,
    exited,
    output: () => output,
    printed: (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
        void exited.then((code) => reject(new Error(`exited ${code} before printing "${text}": ${output}`)));
      }),
  };
}
