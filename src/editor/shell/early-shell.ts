// The editor's first paint without waiting for its JavaScript (docs/decisions.md, "issue 14: a
// first paint from the built page"). `npm run build` writes into index.html the empty editor in
// its light and dark themes (rendered by the editor's own components, shell/prerender.tsx) and a
// template of each widget's list row and preview frame. This module runs inline in the page's
// head, before any of that is parsed:
// - it sets the theme, and keeps the shell of that theme (the other is removed as it is parsed);
// - when the editor will not open on exactly that empty editor (a shared link, a saved draft, an
//   address the editor acts on, a remembered panel height), it hides the shell, so nothing is
//   drawn that the editor will not show;
// - otherwise the palette's add buttons work at once: a click draws the widget's row and frame from
//   their templates and is remembered, and the editor applies the remembered adds in its first
//   render (`earlyShell`, main.tsx), which replaces the whole shell. Every other control waits
//   (inert). If the editor's code fails to load, the shell says so and stops taking clicks.
// It is built on its own (scripts/prerender-page.mjs) and must stay small: no React, no zod.

import { asDraftIndex, asStoredDraft } from "../drafts/draft-shapes";
import { DEFAULT_DRAFT_NAME, DRAFT_INDEX_KEY, draftKey, LAST_DRAFT_KEY } from "../drafts/draft-storage";
import { usableLocalStorage } from "../drafts/memory-storage";
import { framesDrawnFor } from "./frames";
import { loadEditor } from "./load-editor";
import { outputHeightIn } from "./output-height";
import { initialTheme, type Theme } from "./theme";

/** What the inline script leaves for the editor on `window`. */
export interface EarlyShell {
  /** Widget kinds added from the palette before the editor ran, in order. */
  adds: string[];
  /** Stops drawing clicks (the editor is taking over). */
  stop(): void;
  /** The palette button that had focus, by its widget kind. */
  focusedKind(): string | null;
}

/** The property of `window` that holds the `EarlyShell`. */
export const EARLY_SHELL_KEY = "__addonStudioEarly";

/** A share link's document fragment (`#doc=...`); main.tsx decodes it. */
export const SHARED_DOC = /(^#|&)doc=/;

/** Address parameters that do not change the editor's first render (the publish panel reads them later). */
const QUIET_PARAMS = new Set(["post_token", "completion_url"]);

/** The ids of the templates the build writes into index.html. */
export const templateIds = {
  row: (kind: string) => `early-row:${kind}`,
  frame: (kind: string, theme: Theme) => `early-frame:${kind}:${theme}`,
  listEnd: "early-list-end",
};

/** The placeholders in a template: the widget's 1-based position, 0-based index and id. */
export const PLACEHOLDERS = { position: "{n}", index: "{i}", id: "{id}" } as const;

/**
 * The empty element the build writes after both shells. The page's head holds a
 * `<link rel="expect" blocking="render">` naming it (`renderBlocker`, prerender.tsx): the browser
 * draws no frame until the whole shell is parsed, so the first frame is the editor, laid out
 * once, not a header whose page is laid out again a frame later (BENCHMARKS.md, twenty-seventh session).
 */
export const SHELLS_END_ID = "early-shells-end";

/** The attribute on each shell's outer element, naming its theme; hidden by layout.css unless it is the page's. */
export const SHELL_ATTR = "data-shell";

/** Where a shell keeps the style attributes a strict Content-Security-Policy refuses in markup. */
export const STYLE_ATTR = "data-early-style";

/** What the page says when the editor's code could not be loaded (the widgets added are not kept). */
export const LOAD_FAILED =
  "The editor's code could not be loaded, so the studio cannot run and the widgets added here are not kept. Check the connection and reload the page.";

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Whether the editor will open on what the shell shows: an address it does not act on (no shared
 * link, resumed action or conversation), no remembered output panel height, and no saved draft
 * but the one empty "Untitled add-on" a first visit leaves.
 */
export function opensOnEmptyShell(
  location: Pick<Location, "hash" | "search">,
  storage: Storage | null,
): boolean {
  if (SHARED_DOC.test(location.hash)) return false;
  for (const key of new URLSearchParams(location.search).keys()) if (!QUIET_PARAMS.has(key)) return false;
  // Without storage the editor opens with a notice above its columns (main.tsx).
  if (!storage) return false;
  if (outputHeightIn(storage) !== null) return false;
  const stored = parse(storage.getItem(DRAFT_INDEX_KEY));
  if (stored === undefined) return true;
  const index = asDraftIndex(stored);
  const only = index?.length === 1 ? index[0] : undefined;
  if (!only || only.name !== DEFAULT_DRAFT_NAME) return false;
  const last = storage.getItem(LAST_DRAFT_KEY);
  if (last !== null && last !== only.id) return false;
  const draft = asStoredDraft(parse(storage.getItem(draftKey(only.id))));
  return draft?.kind === "post" && draft.widgets.length === 0 && Object.keys(draft.fields).length === 0;
}

/** Fills a template's placeholders for the widget at `index` with id `id`. */
export function fillTemplate(html: string, index: number, id: string): string {
  return html
    .replaceAll(PLACEHOLDERS.position, String(index + 1))
    .replaceAll(PLACEHOLDERS.index, String(index))
    .replaceAll(PLACEHOLDERS.id, id);
}

/** The palette's add buttons (palette.tsx). */
const PALETTE_ADD = ".palette-item[data-kind]";

/** The controls that wait for the editor: every one but the palette's add buttons (containers keep tabindex -1). */
const HELD = `button:not(${PALETTE_ADD}), input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])`;

/** Prepares one element of the shell: its kept style through the CSSOM, `inert` on a control that waits. */
function prepare(el: Element): void {
  if (!(el instanceof HTMLElement)) return;
  const style = el.getAttribute(STYLE_ATTR);
  if (style !== null) el.style.cssText = style;
  if (el.matches(HELD)) el.setAttribute("inert", "");
}

/**
 * Watches the shells as the parser adds them: the other theme's is removed, this one's elements
 * prepared (a MutationObserver's callbacks run before the next paint).
 */
function watchShells(doc: Document, theme: Theme, active: boolean): { stop(): void } {
  // The parser adds one element at a time, but one callback sees every element of the chunk it
  // parsed, each with its children already in place: an element prepared with its ancestor is not
  // prepared again (walking each added element's subtree cost 20-25 ms of a cold load).
  const prepared = new WeakSet<Element>();
  const handle = (records: MutationRecord[]) => {
    for (const r of records)
      for (const n of r.addedNodes) {
        if (!(n instanceof Element) || prepared.has(n)) continue;
        // Inside a shell, or a shell itself; a fragment added whole may hold both shells.
        const inside = n.closest(`[${SHELL_ATTR}]`);
        for (const shell of inside ? [inside] : n.querySelectorAll(`[${SHELL_ATTR}]`)) {
          const added = inside ? n : shell;
          if (shell.getAttribute(SHELL_ATTR) !== theme) shell.remove();
          else if (active)
            for (const el of [added, ...added.querySelectorAll("*")])
              if (!prepared.has(el)) {
                prepared.add(el);
                prepare(el);
              }
        }
      }
  };
  const observer = new MutationObserver(handle);
  observer.observe(doc, { childList: true, subtree: true });
  // Records not yet delivered are handled, not dropped: Chromium fires DOMContentLoaded in the
  // parser's last task, before the microtask that would deliver the last chunk's records.
  return {
    stop: () => {
      handle(observer.takeRecords());
      observer.disconnect();
    },
  };
}

/**
 * Runs in the page's head, before the shells are parsed (see the top of this file). Returns what
 * stops it (the page never needs to; tests do).
 */
export function runEarlyShell(win: Window): () => void {
  const doc = win.document;
  const theme = initialTheme();
  doc.documentElement.dataset.theme = theme;
  let active = false;
  try {
    // The editor's own test (a write): where it fails, the editor opens with a notice above its columns.
    active = opensOnEmptyShell(win.location, usableLocalStorage() ?? null);
  } catch {
    // Storage that throws when read: the editor will say so; its first render replaces the shell.
  }
  const shells = watchShells(doc, theme, active);
  if (!active) {
    // The shell is hidden before it is drawn (layout.css); the editor's first render replaces it.
    doc.documentElement.dataset.firstPaint = "hidden";
    const done = () => shells.stop();
    doc.addEventListener("DOMContentLoaded", done, { once: true });
    loadEditor(
      doc,
      async () => {},
      (error) => {
        // Nothing of the editor is on the page to say it: the console does.
        console.error(error);
      },
    );
    return done;
  }
  const adds: string[] = [];
  const template = (id: string) => {
    const t = doc.getElementById(id);
    return t instanceof HTMLTemplateElement ? t.innerHTML : null;
  };
  const onClick = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>(PALETTE_ADD) : null;
    const shell = button?.closest(`[${SHELL_ATTR}]`);
    const kind = button?.dataset.kind;
    if (!shell || !kind) return;
    // Remembered first: the editor adds it even if it cannot be drawn here.
    const index = adds.length;
    adds.push(kind);
    const list = shell.querySelector(".widget-list");
    const phone = shell.querySelector(".pv-phone");
    const row = template(templateIds.row(kind));
    const frame = template(templateIds.frame(kind, theme));
    if (!list || !phone || row === null || frame === null) return;
    const id = `early-${index}`;
    list.insertAdjacentHTML("beforeend", fillTemplate(row, index, id));
    phone.querySelector(".pv-empty")?.remove();
    phone.insertAdjacentHTML("beforeend", fillTemplate(frame, index, id));
    const end = shell.querySelector(".list-end");
    const endHtml = template(templateIds.listEnd);
    if (end && endHtml !== null) end.innerHTML = endHtml;
    const count = shell.querySelector("#list-title .muted");
    if (count) count.textContent = `(${adds.length})`;
    for (const added of [list.lastElementChild, phone.lastElementChild])
      if (added) for (const el of [added, ...added.querySelectorAll("*")]) prepare(el);
  };
  const stop = () => {
    doc.removeEventListener("click", onClick);
    win.removeEventListener("error", onError, true);
    win.removeEventListener("unhandledrejection", onError);
    shells.stop();
  };
  // The editor's code failed to load, or threw before taking over (main.tsx's start is async: a
  // rejection): say so where the editor's own notices appear (notices.tsx), and stop taking clicks
  // that nothing would keep. Errors of other scripts (an extension's) are not the editor's.
  const ours = (url: string) => url.startsWith(`${win.location.origin}/assets/`);
  const onError = (e: Event) => {
    const failed =
      e.type === "unhandledrejection" ||
      (e.target instanceof HTMLScriptElement && ours(e.target.src)) ||
      (e instanceof ErrorEvent && ours(e.filename));
    if (failed) showFailure();
  };
  const showFailure = () => {
    const shell = doc.querySelector(`[${SHELL_ATTR}="${theme}"]`);
    stop();
    if (!shell) return;
    for (const b of shell.querySelectorAll(PALETTE_ADD)) b.setAttribute("inert", "");
    const notices = doc.createElement("div");
    notices.className = "notices";
    const notice = doc.createElement("div");
    notice.className = "notice is-error";
    notice.setAttribute("role", "alert");
    notice.textContent = LOAD_FAILED;
    notices.append(notice);
    const header = shell.querySelector(".app-header");
    if (header) header.after(notices);
    else shell.prepend(notices);
  };
  doc.addEventListener("click", onClick);
  // The editor's code is evaluated once a click's row is on screen: its evaluation and first render
  // would otherwise hold that frame back.
  loadEditor(doc, () => framesDrawnFor(() => adds.length), showFailure);
  win.addEventListener("error", onError, true);
  win.addEventListener("unhandledrejection", onError);
  const early: EarlyShell = {
    adds,
    stop,
    focusedKind: () => {
      const active = doc.activeElement;
      return active instanceof HTMLElement && active.closest(`[${SHELL_ATTR}]`)
        ? (active.dataset.kind ?? null)
        : null;
    },
  };
  Object.defineProperty(win, EARLY_SHELL_KEY, { value: early, configurable: true });
  return stop;
}

/** The early shell the inline script left, if it ran and the editor opens on it. */
export function earlyShell(win: Window): EarlyShell | null {
  const found: unknown = Reflect.get(win, EARLY_SHELL_KEY);
  if (typeof found !== "object" || found === null) return null;
  const adds: unknown = Reflect.get(found, "adds");
  const stop: unknown = Reflect.get(found, "stop");
  const focusedKind: unknown = Reflect.get(found, "focusedKind");
  if (!Array.isArray(adds) || typeof stop !== "function" || typeof focusedKind !== "function") return null;
  return {
    adds: adds.filter((k): k is string => typeof k === "string"),
    stop: () => stop.call(found),
    focusedKind: () => {
      const k: unknown = focusedKind.call(found);
      return typeof k === "string" ? k : null;
    },
  };
}
