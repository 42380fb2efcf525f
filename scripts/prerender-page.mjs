// Writes the editor's first paint into a built index.html (run by the Vite build, vite.config.ts):
// the empty editor rendered by its own components (src/editor/shell/prerender.tsx), a template of
// each widget's list row and preview frame, the small inline script that makes the palette work
// before the editor's JavaScript has run (src/editor/shell/early-shell.ts), and the entry's
// stylesheet. The server allows the inline script and style by their hashes (static-files.ts). Why and what it
// measured: docs/decisions.md, "issue 14: a first paint from the built page".
//   node scripts/prerender-page.mjs <outDir>
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { JSDOM } from "jsdom";
import { build } from "vite";

const root = resolve(import.meta.dirname, "..");
const outDir = resolve(process.argv[2] ?? join(root, "dist"));
const work = join(root, "node_modules", ".cache", "addon-studio-prerender");

/** A browser-like global scope for the editor's modules: a 1440 × 900 window, empty storage. */
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

/** The editor's components, built for Node. */
async function renderEditor() {
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
  return mod.prerenderEditor();
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
 * A strict Content-Security-Policy refuses style attributes: the shell keeps them as
 * data-early-style, which the inline script applies through the CSSOM (allowed).
 */
function moveStyles(el) {
  for (const node of [el, ...el.querySelectorAll("[style]")]) {
    const style = node.getAttribute("style");
    if (style === null) continue;
    node.removeAttribute("style");
    node.setAttribute("data-early-style", style);
  }
}

/** The row and frame of a one-widget editor, with placeholders for the position and the id. */
function templatesOf(one) {
  const doc = new JSDOM(one.html).window.document;
  const row = doc.querySelector("ol.widget-list > li");
  const frame = doc.querySelector(".pv-phone > .pv-frame");
  const end = doc.querySelector(".list-end");
  if (!row || !frame || !end) throw new Error(`prerender: no list row or preview frame for ${one.kind}`);
  for (const el of [row, frame]) {
    for (const node of [el, ...el.querySelectorAll("*")]) {
      for (const attr of [...node.attributes]) {
        let v = attr.value.replaceAll(one.id, "{id}");
        // The row names its position ("Title, widget 1", widget-row.tsx) and its index (data-index).
        if (attr.name === "data-index") v = "{i}";
        else v = v.replace(/, widget 1$/, ", widget {n}");
        if (v !== attr.value) node.setAttribute(attr.name, v);
      }
    }
    moveStyles(el);
  }
  const index = row.querySelector(".row-index");
  if (index) index.textContent = "{n}";
  return { row: row.outerHTML, frame: frame.outerHTML, end: end.innerHTML };
}

/**
 * The entry's stylesheet, written into the page: the shell is drawn as soon as the page is parsed,
 * not a round trip later (the font files and the lazily loaded panels' stylesheets stay files).
 */
function inlineStylesheet(page) {
  const link = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/.exec(page);
  if (!link?.[1]) return page;
  const css = readFileSync(join(outDir, link[1]), "utf8").trim();
  if (/<\/style/i.test(css)) throw new Error("prerender: the stylesheet contains </style");
  return page.replace(link[0], () => `<style>${css}</style>`);
}

const html = inlineStylesheet(readFileSync(join(outDir, "index.html"), "utf8"));
const ROOT = '<div id="root"></div>';
if (!html.includes(ROOT)) throw new Error(`prerender: no ${ROOT} in ${join(outDir, "index.html")}`);
const rendered = await renderEditor();
const shellDoc = new JSDOM(`<div id="root">${rendered.shell}</div>`).window.document;
const shellRoot = shellDoc.getElementById("root");
moveStyles(shellRoot);
// The shell's outer element is marked: the early script prepares only what is under it, and
// html[data-first-paint="hidden"] hides it (layout.css); the editor's own render has no such mark.
shellRoot.firstElementChild?.setAttribute("data-shell", "");
const templates = [];
let listEnd = "";
for (const one of rendered.withOne) {
  const t = templatesOf(one);
  listEnd = t.end;
  templates.push(`<template id="early-row:${one.kind}">${t.row}</template>`);
  templates.push(`<template id="early-frame:${one.kind}">${t.frame}</template>`);
}
templates.push(`<template id="early-list-end">${listEnd}</template>`);
const script = await earlyScript();
// The script comes first in the head, before the stylesheet: its click listener and the shell's
// preparation are in place before any of the shell is parsed, and it does not wait for the
// stylesheet as a script after it would (the parser would stop there until it arrives).
const HEAD_AT = /<script type="module"|<link rel="stylesheet"|<style>|<\/head>/;
const at = HEAD_AT.exec(html)?.index;
if (at === undefined) throw new Error("prerender: no place in the head for the early script");
const page = `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}`.replace(
  ROOT,
  // The templates come before the shell: a click on the shell always finds them.
  `${templates.join("")}\n    ${shellRoot.outerHTML}`,
);
writeFileSync(join(outDir, "index.html"), page);
rmSync(work, { recursive: true, force: true });
console.log(
  `prerender: the editor's first paint is in ${join(outDir, "index.html")} (${(page.length / 1024).toFixed(1)} KB)`,
);
