import { mkdir, stat } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * `mkdir -p` that always ends: the folder and any missing parents, made one level at a time, owner
 * only. Node's own `mkdir(…, { recursive: true })` loops for ever where the kernel answers ENOENT for a
 * parent that exists (a path under /proc or /sys), which hung the studio's start at full CPU. Returns
 * the first folder made, or undefined when the folder was there already (as Node's does).
 */
export async function makeFolder(path: string, mode = 0o700): Promise<string | undefined> {
  const missing: string[] = [];
  for (let at = path; ; at = dirname(at)) {
    const found = await stat(at).then(
      (s) => s,
      (e: unknown) => {
        if (e instanceof Error && "code" in e && e.code === "ENOENT") return undefined;
        throw e;
      },
    );
    if (found !== undefined) {
      if (!found.isDirectory())
        throw Object.assign(new Error(`${at} is not a folder`), { code: "ENOTDIR", path: at });
      break;
    }
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    await mkdir(folder, { mode }).catch(async (e: unknown) => {
      // Made meanwhile by another process: fine when it is a folder.
      if (e instanceof Error && "code" in e && e.code === "EEXIST" && (await stat(folder)).isDirectory())
        return;
      throw e;
    });
  }
  return missing[0];
}
