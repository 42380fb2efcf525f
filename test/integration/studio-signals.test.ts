import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnStudio, studioFolder } from "../helpers/studio-process";

// `addon-studio studio` as a process: a stop signal releases the data folder's lock, whether it comes
// once the studio is up (SIGHUP: the terminal closed) or while it is still starting (Ctrl+C in the
// first seconds, while the embedded store opens). Before, both ended the process at once and left
// the lock behind (the next start found it stale and went on, but said nothing of the stop).
const root = studioFolder("addon-studio-signals-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Starts the studio, sends `signal` once `when` is printed, and returns its exit code and output. */
async function stopWith(signal: NodeJS.Signals, when: string, dataDir: string) {
  const studio = await spawnStudio(root, ["--data-dir", dataDir]);
  await studio.printed(when);
  studio.child.kill(signal);
  return { code: await studio.exited, output: studio.output() };
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
    // The data line comes before the embedded store is opened (the slow part of a start), the
    // addresses only once it is open.
    const r = await stopWith("SIGINT", "Data: ", dataDir);
    expect(r.code, r.output).toBe(0);
    expect(r.output).not.toMatch(/Press Ctrl\+C to stop/);
    expect(r.output).toMatch(/Ctrl\+C: stopping the studio…\nStopped\./);
    expect(existsSync(join(dataDir, "studio.lock"))).toBe(false);
  });
});
