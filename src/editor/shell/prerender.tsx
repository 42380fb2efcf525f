// Build-time only (scripts/prerender-page.mjs runs it in Node, with jsdom as the page): the editor's
// own components render the empty editor that index.html shows before its JavaScript runs, in both
// themes, and each widget's list row and preview frame as templates for the palette's early clicks
// (early-shell.ts). Never part of the browser bundle.
import { renderToString } from "react-dom/server";
import { WIDGET_METAS } from "../../widgets/catalog";
import { App } from "../app";
import { rowName } from "../canvas/list-ids";
import { startDraftSession } from "../drafts/draft-session";
import { MemoryStorage } from "../drafts/memory-storage";
import { createEditorStore, type EditorStore } from "../store/editor-store";
import { PLACEHOLDERS, SHELL_ATTR, SHELLS_END_ID, STYLE_ATTR, templateIds } from "./early-shell";
import { THEME_KEY, type Theme } from "./theme";

const THEMES: readonly Theme[] = ["light", "dark"];

/** The editor rendered in `theme` after `setUp`, as an element of the build's document. */
function render(theme: Theme, setUp: (store: EditorStore) => void): Element {
  // The editor reads its theme from storage at its first render (theme.ts).
  localStorage.setItem(THEME_KEY, theme);
  const store = createEditorStore({ postToken: null });
  const session = startDraftSession({ store, storage: new MemoryStorage() });
  setUp(store);
  // On a server React reads a store's initial state (useSyncExternalStore's server snapshot).
  const now: EditorStore = { ...store, getInitialState: store.getState };
  const box = document.createElement("div");
  box.innerHTML = renderToString(<App store={now} session={session} />);
  const app = box.firstElementChild;
  if (!app) throw new Error("prerender: the editor rendered nothing");
  return app;
}

/**
 * A strict Content-Security-Policy refuses style attributes in markup: each is kept in
 * `STYLE_ATTR`, which the page's script applies through the CSSOM (allowed).
 */
function keepStyles(el: Element): void {
  for (const node of [el, ...el.querySelectorAll("[style]")]) {
    const style = node.getAttribute("style");
    if (style === null) continue;
    node.removeAttribute("style");
    node.setAttribute(STYLE_ATTR, style);
  }
}

/** Replaces the widget's id, position and index in `el` by the templates' placeholders. */
function withPlaceholders(el: Element, id: string, label: string): void {
  const named = rowName(label, 1);
  for (const node of [el, ...el.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const v =
        attr.name === "data-index"
          ? PLACEHOLDERS.index
          : attr.value
              .replaceAll(id, PLACEHOLDERS.id)
              .replaceAll(named, rowName(label, PLACEHOLDERS.position));
      if (v !== attr.value) node.setAttribute(attr.name, v);
    }
  }
  const position = el.querySelector(".row-index");
  if (position) position.textContent = PLACEHOLDERS.position;
}

function template(id: string, content: string): string {
  return `<template id="${id}">${content}</template>`;
}

/** The body of the built page: the templates, then the empty editor in each theme (the page keeps one). */
export function prerenderPage(): string {
  const templates: string[] = [];
  let listEnd = "";
  for (const m of WIDGET_METAS)
    for (const theme of THEMES) {
      let id = "";
      const one = render(theme, (store) => {
        id = store.getState().addWidget(m.kind) ?? "";
        store.getState().select(null);
      });
      const row = one.querySelector("ol.widget-list > li");
      // A frame's colours depend on the theme (score and evaluation swatches); a row's do not.
      const frame = one.querySelector(".pv-phone .pv-frame");
      const end = one.querySelector(".list-end");
      if (!row || !frame || !end) throw new Error(`prerender: no list row or preview frame for ${m.kind}`);
      for (const el of [row, frame]) {
        withPlaceholders(el, id, m.label);
        keepStyles(el);
      }
      if (theme === "light") templates.push(template(templateIds.row(m.kind), row.outerHTML));
      templates.push(template(templateIds.frame(m.kind, theme), frame.outerHTML));
      listEnd ||= end.innerHTML;
    }
  templates.push(template(templateIds.listEnd, listEnd));
  const shells = THEMES.map((theme) => {
    const shell = render(theme, () => {});
    keepStyles(shell);
    shell.setAttribute(SHELL_ATTR, theme);
    return shell.outerHTML;
  });
  // Without JavaScript nothing of the shell works: none of it is shown (the page says why).
  const noScript = `<noscript><style>[${SHELL_ATTR}]{display:none}</style></noscript>`;
  const end = `<span id="${SHELLS_END_ID}" hidden></span>`;
  return [templates.join(""), ...shells, end, noScript].join("\n    ");
}

/**
 * For the page's head: no frame is drawn until the shells are parsed (`SHELLS_END_ID`). Browsers
 * without `rel="expect"` ignore it and draw as the page arrives.
 */
export function renderBlocker(): string {
  return `<link rel="expect" href="#${SHELLS_END_ID}" blocking="render">`;
}
