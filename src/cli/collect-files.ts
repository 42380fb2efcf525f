import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
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

/**
 * Every `*.json` file under `dir`, recursively, and each folder inside that could not be listed (an
 * input saying why, so the other files are still checked); sorted by path so output is the same on
 * every system.
 */
async function jsonFilesIn(dir: string): Promise<Input[]> {
  const found: Input[] = [];
  const walk = async (at: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch (e) {
      found.push({ file: at, missing: `cannot read the folder ${at}: ${folderError(e)}` });
      return;
    }
    const subdirs: string[] = [];
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!skipped(e.name)) subdirs.push(join(at, e.name));
      } else if (e.name.toLowerCase().endsWith(".json")) found.push({ file: join(at, e.name) });
    }
    await Promise.all(subdirs.map(walk));
  };
  await walk(dir);
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
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
export async function collectFiles(args: readonly string[]): Promise<Input[]> {
  const out: Input[] = [];
  const seen = new Set<string>();
  // A file named twice (`addons/ addons/a.json`, `a.json ./a.json`) is checked and counted once, under
  // the name it was first given: its problems would otherwise be printed (and annotated) twice.
  const add = (input: Input) => {
    const key = input.file === "-" ? "-" : resolve(input.file);
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
      const files = (await glob(arg, { onlyFiles: true, absolute: isAbsolute(arg) }))
        .filter((f) => inDeps || !f.split(/[\\/]/).includes("node_modules"))
        .sort();
      if (files.length === 0) add({ file: arg, missing: `no file matches ${arg}` });
      for (const f of files) add({ file: f });
    } else add({ file: arg });
  }
  return out;
}
