import { open, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { StoreError } from "./store";

/** Folders this process holds, so a lock file left by an earlier process with the same pid is seen as stale. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return err instanceof Error && "code" in err && err.code === "EPERM";
  }
}

/**
 * PGlite has no lock of its own, and two processes writing one data folder would corrupt it (a second
 * `npm start` in the same folder). A lock file holding the pid refuses the second; a stale one (its
 * process ended) is taken over. Resolves to the release function.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = join(dir, "studio.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      held.add(dir);
      return async () => {
        held.delete(dir);
        await rm(file, { force: true });
      };
    } catch (err) {
      if (!(err instanceof Error && "code" in err && err.code === "EEXIST")) throw err;
      const pid = Number((await readFile(file, "utf8").catch(() => "")).trim());
      const inUse = pid === process.pid ? held.has(dir) : Number.isSafeInteger(pid) && pid > 0 && alive(pid);
      if (inUse) {
        throw new StoreError(
          "unavailable",
          `The embedded store in ${dir} (DATA_DIR) is in use by process ${pid}. Stop that process, or give this one another folder (--data-dir or DATA_DIR).`,
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new StoreError("unavailable", `Could not lock the embedded store in ${dir} (DATA_DIR); try again.`);
}
