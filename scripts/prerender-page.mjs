// Writes the editor's first paint into a built index.html (run by the Vite build, vite.config.ts):
// the empty editor in both themes and a template of each widget's list row and preview frame,
// rendered by the editor's own components (src/editor/shell/prerender.tsx, in Node with jsdom as
// the page), the small inline script that makes the palette work before the editor's JavaScript
// has run (src/editor/shell/early-shell.ts), the entry's stylesheet, and a render blocker that
// holds the first frame until the shells are parsed (renderBlocker). The server allows the
// inline script and style by their hashes (src/server/static-files.ts). Why and what it measured:
// docs/decisions.md, "issue 14: a first paint from the built page".
//   node scripts/prerender-page.mjs <outDir>
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { JSDOM } from "jsdom";
import { build } from "vite";

const root = resolve(import.meta.dirname, "..");
const outDir = resolve(process.argv[2] ?? join(root, "dist"));
// Inside node_modules, so the built module finds react-dom and the rest; one folder per build.
const cache = join(root, "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, "addon-studio-prerender-"));

/** A browser-like global scope for the editor's modules: a 1440 × 900 window, empty storage, light system theme. */
function browserGlobals() {
  const dom = new JSDOM("<!doctype html><html><body></body></html>", {
    url: "http://127.0.0.1/",
    pretendToBeVisual: true,
  });
  const win = dom.window;
  Object.defineProperty(win, "innerWidth", { value: 1440 });
  Object.defineProperty(win, "innerHeight", { value: 900 });
  win.matchMedia = (query) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  });
  for (const name of [
    "window",
    "document",
    "localStorage",
    "sessionStorage",
    "navigator",
    "location",
    "history",
    "matchMedia",
    "requestAnimationFrame",
    "cancelAnimationFrame",
    "getComputedStyle",
    "innerWidth",
    "innerHeight",
    "HTMLElement",
    "Element",
    "Node",
  ]) {
    Object.defineProperty(globalThis, name, { value: win[name], configurable: true, writable: true });
  }
}

/** The page's body: the editor's components built for Node, rendered. */
async function renderBody() {
  await build({
    configFile: false,
    logLevel: "error",
    root,
    build: {
      ssr: join(root, "src/editor/shell/prerender.tsx"),
      outDir: work,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
    },
  });
  browserGlobals();
  const mod = await import(pathToFileURL(join(work, "prerender.mjs")).href);
  return { body: mod.prerenderPage(), head: mod.renderBlocker() };
}

/** The inline script, built on its own as one minified function. */
async function earlyScript() {
  const out = await build({
    configFile: false,
    logLevel: "error",
    root,
    build: {
      write: false,
      minify: true,
      lib: {
        entry: join(root, "src/editor/shell/early-shell-entry.ts"),
        formats: ["iife"],
        name: "addonStudioEarly",
      },
    },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output);
  const code = chunks.find((c) => c.type === "chunk")?.code;
  if (!code) throw new Error("prerender: the early shell script did not build");
  // The script sits in an HTML <script> element: it must never close it.
  if (/<\/script/i.test(code)) throw new Error("prerender: the early shell script contains </script");
  return code.trim();
}

/**
 * The entry's stylesheet, written into the page: the shell is drawn as soon as the page is parsed,
 * not a round trip later (the font files and the lazily loaded panels' stylesheets stay files).
 * Its <link> stays, neither fetched nor applied: Vite's loader of lazy chunks, which lists the
 * entry's stylesheet among their dependencies, finds it there and does not add it again. `disabled`
 * alone is not enough: Chromium up to at least 150 still fetches a disabled stylesheet (156 does
 * not); a `type` that is not a stylesheet language is never fetched by any browser (HTML's "fetch
 * and process the linked resource" for stylesheets).
 */
function inlineStylesheet(page) {
  const link = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/index-[\w-]+\.css)">/.exec(page);
  if (!link?.[1]) throw new Error("prerender: no entry stylesheet <link> in index.html");
  const css = readFileSync(join(outDir, link[1]), "utf8").trim();
  if (/<\/style/i.test(css)) throw new Error("prerender: the stylesheet contains </style");
  return page.replace(
    link[0],
    () =>
      `<style>${css}</style>\n    <link rel="stylesheet" href="/${link[1]}" type="text/x-inlined" disabled>`,
  );
}

/**
 * The entry's `<script type="module">` becomes a `<link rel="modulepreload">` the inline script
 * imports (src/editor/shell/load-editor.ts, ENTRY_ATTR): fetched and compiled as early as before,
 * but evaluated once the first paint, and any palette click on it, is on screen. Its evaluation and
 * the editor's first render used to run between such a click and the frame that shows it.
 */
function entryPreloaded(page) {
  const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/.exec(page);
  if (!entry?.[1]) throw new Error('prerender: no entry <script type="module"> in index.html');
  return page.replace(
    entry[0],
    () => `<link rel="modulepreload" crossorigin href="${entry[1]}" data-editor-entry>`,
  );
}

try {
  const html = inlineStylesheet(readFileSync(join(outDir, "index.html"), "utf8"));
  const ROOT = '<div id="root"></div>';
  if (!html.includes(ROOT)) throw new Error(`prerender: no ${ROOT} in ${join(outDir, "index.html")}`);
  const { body, head } = await renderBody();
  const script = await earlyScript();
  // The script comes first in the head, before the stylesheet: its click listener and the shells'
  // preparation are in place before any of them is parsed. The render blocker goes before it: a
  // frame drawn while the head is parsed would show an empty page.
  const at = /<script type="module"|<style>|<\/head>/.exec(html)?.index;
  if (at === undefined) throw new Error("prerender: no place in the head for the early script");
  const page = entryPreloaded(
    `${html.slice(0, at)}${head}\n    <script>${script}</script>\n    ${html.slice(at)}`,
  ).replace(ROOT, () => `<div id="root">${body}</div>`);
  writeFileSync(join(outDir, "index.html"), page);
  console.log(
    `prerender: the editor's first paint is in ${join(outDir, "index.html")} (${(page.length / 1024).toFixed(1)} KB)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
