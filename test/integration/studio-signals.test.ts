import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// `addon-studio studio` as a process: a stop signal releases the data folder's lock, whether it comes
// once the studio is up (SIGHUP: the terminal closed) or while it is still starting (Ctrl+C in the
// first seconds, while the embedded store opens). Before, both ended the process at once and left
// the lock behind (the next start found it stale and went on, but said nothing of the stop).
const bin = fileURLToPath(new URL("../../bin/addon-studio.mjs", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "addon-studio-signals-"));
writeFileSync(join(root, "index.html"), "<!doctype html><title>studio</title>");
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const address = s.address();
  await new Promise((r) => s.close(r));
  return typeof address === "object" && address ? address.port : 0;
}

/** Starts the studio, sends `signal` once `when` is printed, and returns its exit code and output. */
async function stopWith(signal: NodeJS.Signals, when: string, dataDir: string) {
  const [port, emulatorPort] = [await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    [bin, "studio", "--port", String(port), "--emulator-port", String(emulatorPort), "--data-dir", dataDir],
    { cwd: root, env: { ...process.env, DIST_DIR: root }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  let sent = false;
  const seen = (chunk: Buffer) => {
    output += chunk.toString();
    if (!sent && output.includes(when)) {
      sent = true;
      child.kill(signal);
    }
  };
  child.stdout.on("data", seen);
  child.stderr.on("data", seen);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  return { code, output };
}

describe("addon-studio studio stopped by a signal", { timeout: 90_000 }, () => {
  it("SIGHUP once started: a clean stop, the lock released", async () => {
    const dataDir = join(root, "hup");
    const r = await stopWith("SIGHUP", "Press Ctrl+C to stop.", dataDir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/SIGHUP: stopping the studio…\nStopped\./);
    expect(existsSync(join(dataDir, "studio.lock"))).toBe(false);
  });

  it("Ctrl+C while starting: stops once started, the lock released", async () => {
    const dataDir = join(root, "early");
    // The emulator's line comes before the embedded store is opened (the slow part of a start).
    const r = await stopWith("SIGINT", "Platform emulator", dataDir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toMatch(/Press Ctrl\+C to stop/);
    expect(r.output).toMatch(/Ctrl\+C: stopping the studio…\nStopped\./);
    expect(existsSync(join(dataDir, "studio.lock"))).toBe(false);
  });
});
