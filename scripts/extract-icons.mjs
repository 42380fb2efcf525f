// Extracts the drawings of the platform's icon names from Material Symbols (@material-symbols/svg-400,
// Apache-2.0, a devDependency) into src/preview/icon-symbols/: one JSON file per drawing (its SVG path
// data, loaded by the browser on demand), index.json (icon name -> drawing) and all-paths.ts (every
// drawing at once, for pages drawn on the server). The app never reads the package at runtime.
// Run `npm run icons` after changing the icon list or scripts/icon-symbol-table.mjs; a unit test
// keeps the committed files equal to what this script writes. Rules: docs/decisions.md, issue 13.9.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HAND_MAPPED } from "./icon-symbol-table.mjs";

const require = createRequire(import.meta.url);

/** The package's folder of outlined-style SVGs (`name.svg` unfilled, `name-fill.svg` filled). */
export function symbolsDir() {
  return join(dirname(require.resolve("@material-symbols/svg-400/package.json")), "outlined");
}

// Suffixes the platform uses for the unfilled (outlined) style, and the filled one.
const UNFILLED = ["_OUTLINE", "_BORDER", "_O"];
const FILLED = ["_F"];

/**
 * How each icon name is drawn: `{ file, rule }` (file: the symbol's SVG file name without .svg;
 * rule: exact | outlined | mapped) or undefined for the labelled placeholder. Exact Material names
 * take the filled style (as Material Icons draws them), unless the name itself says outline/border.
 */
export function planIcon(name, hasSymbol, table = HAND_MAPPED) {
  const lower = name.toLowerCase();
  if (hasSymbol(lower)) {
    const unfilled = /_(OUTLINE|BORDER)(_|$)/.test(name);
    return { file: unfilled ? lower : `${lower}-fill`, rule: "exact" };
  }
  const mapped = table[name];
  if (mapped) return { file: `${mapped}-fill`, rule: "mapped" };
  for (const [suffixes, fill] of [
    [UNFILLED, ""],
    [FILLED, "-fill"],
  ]) {
    const suffix = suffixes.find((s) => name.endsWith(s));
    if (!suffix) continue;
    const base = name.slice(0, -suffix.length);
    if (hasSymbol(base.toLowerCase())) return { file: `${base.toLowerCase()}${fill}`, rule: "outlined" };
    if (table[base]) return { file: `${table[base]}${fill}`, rule: "mapped" };
  }
  return undefined;
}

/** The SVG path data of one symbol file (every file of the package is one <path>). */
export function readSymbolPath(dir, file) {
  const svg = readFileSync(join(dir, `${file}.svg`), "utf8");
  const m = /^<svg [^>]*viewBox="0 -960 960 960"[^>]*><path d="([^"]+)"\/><\/svg>\s*$/.exec(svg);
  if (!m) throw new Error(`${file}.svg: not a single-path 960-unit symbol; the extraction expects one`);
  return m[1];
}

/** The plan for every name of the list, after checking the hand table against the list and the package. */
export function planAll(names, dir = symbolsDir()) {
  const hasSymbol = (n) => existsSync(join(dir, `${n}.svg`));
  const known = new Set(names);
  for (const [name, symbol] of Object.entries(HAND_MAPPED)) {
    const used = known.has(name) || names.some((n) => [...UNFILLED, ...FILLED].some((s) => n === name + s));
    if (!used)
      throw new Error(`icon-symbol-table.mjs: ${name} is not a known icon name (nor the base of one)`);
    if (!hasSymbol(symbol)) throw new Error(`icon-symbol-table.mjs: ${name} -> ${symbol}: no such symbol`);
  }
  const plan = {};
  for (const name of names) {
    const p = planIcon(name, hasSymbol);
    if (p) plan[name] = p;
  }
  return plan;
}

function main() {
  const root = fileURLToPath(new URL("../", import.meta.url));
  const out = join(root, "src/preview/icon-symbols");
  const names = JSON.parse(readFileSync(join(root, "src/platform/data/icon-names.json"), "utf8"));
  const dir = symbolsDir();
  const plan = planAll(names, dir);
  const files = [...new Set(Object.values(plan).map((p) => p.file))].sort();
  rmSync(join(out, "paths"), { recursive: true, force: true });
  mkdirSync(join(out, "paths"), { recursive: true });
  for (const file of files)
    writeFileSync(join(out, "paths", `${file}.json`), `${JSON.stringify(readSymbolPath(dir, file))}\n`);
  const index = Object.fromEntries(Object.entries(plan).map(([n, p]) => [n, p.file]));
  writeFileSync(join(out, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
  const ids = files.map((f, i) => [f, `s${i}`]);
  writeFileSync(
    join(out, "all-paths.ts"),
    [
      "// Written by scripts/extract-icons.mjs (do not edit): every drawing at once, for server rendering.",
      ...ids.map(([f, id]) => `import ${id} from "./paths/${f}.json";`),
      "",
      "/** Symbol file name -> SVG path data (viewBox 0 -960 960 960), for every drawing in index.json. */",
      "export const ALL_SYMBOL_PATHS: Readonly<Record<string, string>> = {",
      ...ids.map(([f, id]) => `  ${JSON.stringify(f)}: ${id},`),
      "};",
      "",
    ].join("\n"),
  );
  // The licence goes where the package ships it (package.json "files"), not under src/.
  const notice = join(root, "third-party/material-symbols");
  mkdirSync(notice, { recursive: true });
  copyFileSync(join(dirname(dir), "LICENSE"), join(notice, "LICENSE"));
  const version = JSON.parse(readFileSync(join(dirname(dir), "package.json"), "utf8")).version;
  writeFileSync(
    join(notice, "SOURCE.txt"),
    `@material-symbols/svg-400@${version} (outlined, weight 400), Apache-2.0\n`,
  );
  execFileSync(join(root, "node_modules/.bin/biome"), ["check", "--write", out], { stdio: "inherit" });
  const count = (rule) => Object.values(plan).filter((p) => p.rule === rule).length;
  console.log(
    `${names.length} icon names: ${count("exact")} exact, ${count("outlined")} by style suffix, ` +
      `${count("mapped")} mapped by hand, ${names.length - Object.keys(plan).length} placeholder; ` +
      `${files.length} drawings written to src/preview/icon-symbols/.`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
