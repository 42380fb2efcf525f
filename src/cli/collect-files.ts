import { type Dirent, realpathSync } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";

/** One input of `validate`: a file to read (or stdin, `-`), or why an argument gave no file. */
export type Input = { file: string } | { file: string; missing: string };

const GLOB_CHARS = /[*?[\]{}]/;

/** Folders never searched: dependencies and hidden folders (.git, .cache) hold no add-ons of yours. */
function skipped(name: string): boolean {
  return name === "node_modules" || name.startsWith(".");
}

/** Why a folder could not be listed, in a person's words. */
function folderError(e: unknown): string {
  const code = e instanceof Error && "code" in e ? String(e.code) : "";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOENT") return "it is gone (removed while it was being read)";
  return e instanceof Error ? e.message : String(e);
}

/** Whether a folder entry is a folder, following a symbolic link (a link whose target is gone is not). */
async function isFolder(at: string, e: Dirent): Promise<boolean> {
  if (e.isDirectory()) return true;
  if (!e.isSymbolicLink()) return false;
  try {
    return (await stat(join(at, e.name))).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Every `*.json` file under `dir`, recursively, and each folder inside that could not be listed (an
 * input saying why, so the other files are still checked); sorted by path so output is the same on
 * every system. A symbolic link to a folder is followed, as a glob follows it (a folder of add-ons
 * shared through a link would otherwise pass CI unchecked); a folder reached twice (a link back up
 * the tree) is walked once.
 */
async function jsonFilesIn(dir: string): Promise<Input[]> {
  const found: Input[] = [];
  const walked = new Set<string>();
  const walk = async (at: string): Promise<void> => {
    let entries: Dirent[];
    try {
      const real = await realpath(at);
      if (walked.has(real)) return;
      walked.add(real);
      entries = await readdir(at, { withFileTypes: true });
    } catch (e) {
      found.push({ file: at, missing: `cannot read the folder ${at}: ${folderError(e)}` });
      return;
    }
    const subdirs: string[] = [];
    for (const e of entries) {
      if (await isFolder(at, e)) {
        if (!skipped(e.name)) subdirs.push(join(at, e.name));
      } else if (e.name.toLowerCase().endsWith(".json")) found.push({ file: join(at, e.name) });
    }
    // One after another, in name order: which of two paths to one folder is shown must not depend on
    // which read finished first.
    for (const sub of subdirs.sort()) await walk(sub);
  };
  await walk(dir);
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The file an input names, for seeing it twice: through links, else as an absolute path. */
function identity(file: string): string {
  if (file === "-") return file;
  try {
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
}

async function kindOf(path: string): Promise<"dir" | "file" | "none"> {
  try {
    return (await stat(path)).isDirectory() ? "dir" : "file";
  } catch {
    return "none";
  }
}

/**
 * Expands the arguments of `validate` into files: a file as given, a folder into every `*.json`
 * inside it (recursively), a quoted glob (`"addons/**\/*.json"`) into its matches, `-` into stdin.
 * An argument that yields no file becomes an input with the reason, so the others are still checked.
 */
export async function collectFiles(
  args: readonly string[],
  platform: NodeJS.Platform = process.platform,
): Promise<Input[]> {
  const out: Input[] = [];
  const seen = new Set<string>();
  // A file named twice (`addons/ addons/a.json`, `a.json ./a.json`, or through a link) is checked and
  // counted once, under the name it was first given: its problems would otherwise be printed (and
  // annotated) twice.
  const add = (input: Input) => {
    const key = identity(input.file);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(input);
  };
  for (const arg of args) {
    if (arg === "-") {
      add({ file: "-" });
      continue;
    }
    const kind = await kindOf(arg);
    if (kind === "dir") {
      const inputs = await jsonFilesIn(arg);
      if (inputs.length === 0) add({ file: arg, missing: `no .json file in the folder ${arg}` });
      for (const input of inputs) add(input);
    } else if (kind === "none" && GLOB_CHARS.test(arg)) {
      // Loaded only for a glob the shell left alone (quoted, or on Windows), to keep the start fast.
      const { glob } = await import("tinyglobby");
      const inDeps = arg.includes("node_modules");
      // On Windows `\` separates folders (cmd.exe leaves `addons\*.json` to us), but a glob reads it as
      // an escape: the pattern matched nothing. It cannot mean an escape there, so it is a separator.
      const pattern = platform === "win32" ? arg.replace(/\\/g, "/") : arg;
      const files = (await glob(pattern, { onlyFiles: true, absolute: isAbsolute(pattern) }))
        .filter((f) => inDeps || !f.split(/[\\/]/).includes("node_modules"))
        .sort();
      if (files.length === 0) add({ file: arg, missing: `no file matches ${arg}` });
      for (const f of files) add({ file: f });
    } else add({ file: arg });
  }
  return out;
}
