// The editor's first paint without waiting for its JavaScript (docs/decisions.md, "issue 14: a
// first paint from the built page"). `npm run build` writes the editor's empty shell into
// index.html (rendered by the editor's own components, shell/prerender.tsx) with a template of
// each widget's list row and preview frame. This module runs inline in the page's head, before the
// shell is parsed:
// - when the editor will not open on an empty, unnamed draft (a shared link, a saved draft, a
//   resumed action), it hides the shell, so nothing is drawn that the editor will not show;
// - otherwise the palette's add buttons work at once: a click draws the widget's row and frame from
//   their templates and is remembered, and the editor applies the remembered adds in its first
//   render (`earlyShell`, main.tsx), which replaces the whole shell. Every other control waits (inert).
// It is built on its own (scripts/prerender-page.mjs) and must stay small: no React, no zod.

import { isRecord } from "../../platform/json";
import { DEFAULT_DRAFT_NAME, DRAFT_INDEX_KEY, draftKey, LAST_DRAFT_KEY } from "../drafts/draft-storage";
import { initialTheme } from "./theme";

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

/** The ids of the templates the build writes into index.html. */
export const templateIds = {
  row: (kind: string) => `early-row:${kind}`,
  frame: (kind: string) => `early-frame:${kind}`,
  listEnd: "early-list-end",
};

/** The placeholders in a template: the widget's 1-based position, 0-based index and id. */
export const PLACEHOLDERS = { position: "{n}", index: "{i}", id: "{id}" } as const;

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Whether the editor will open on what the shell shows: no shared link, no action resumed after
 * sign-in, and no saved draft but the one empty "Untitled add-on" a first visit leaves.
 */
export function opensOnEmptyShell(
  location: Pick<Location, "hash" | "search">,
  storage: Storage | null,
): boolean {
  if (SHARED_DOC.test(location.hash) || new URLSearchParams(location.search).has("resume")) return false;
  if (!storage) return true;
  const index = parse(storage.getItem(DRAFT_INDEX_KEY));
  if (index === undefined) return true;
  if (!Array.isArray(index) || index.length !== 1) return false;
  const only: unknown = index[0];
  if (typeof only !== "object" || only === null || !("id" in only) || !("name" in only)) return false;
  if (only.name !== DEFAULT_DRAFT_NAME || typeof only.id !== "string") return false;
  const last = storage.getItem(LAST_DRAFT_KEY);
  if (last !== null && last !== only.id) return false;
  const draft = parse(storage.getItem(draftKey(only.id)));
  return (
    isRecord(draft) &&
    draft.kind === "post" &&
    Array.isArray(draft.widgets) &&
    draft.widgets.length === 0 &&
    isRecord(draft.fields) &&
    Object.keys(draft.fields).length === 0
  );
}

function usableStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/** Fills a template's placeholders for the widget at `index` with id `id`. */
export function fillTemplate(html: string, index: number, id: string): string {
  return html
    .replaceAll(PLACEHOLDERS.position, String(index + 1))
    .replaceAll(PLACEHOLDERS.index, String(index))
    .replaceAll(PLACEHOLDERS.id, id);
}

/** The attribute the build puts on the shell's outer element; `html[data-first-paint="hidden"]` hides it (layout.css). */
export const SHELL_ATTR = "data-shell";

/** The palette's add buttons (palette.tsx). */
const PALETTE_ADD = ".palette-item[data-kind]";

/** The controls that wait for the editor: every one but the palette's add buttons (containers keep tabindex -1). */
const HELD = `button:not(${PALETTE_ADD}), input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])`;

/**
 * Prepares one element of the shell: the style attribute the build kept as data-early-style (a
 * strict Content-Security-Policy refuses style attributes in markup, not styles set through the
 * CSSOM), and `inert` on a control that must wait for the editor.
 */
function prepare(el: Element): void {
  if (!(el instanceof HTMLElement)) return;
  if (el.dataset.earlyStyle !== undefined) el.style.cssText = el.dataset.earlyStyle;
  if (el.matches(HELD)) el.setAttribute("inert", "");
}

/** Runs in the page's head, before the shell is parsed (see the top of this file). */
export function runEarlyShell(win: Window): void {
  const doc = win.document;
  if (!opensOnEmptyShell(win.location, usableStorage(win))) {
    // The shell is hidden before it is drawn; the editor's first render replaces it.
    doc.documentElement.dataset.firstPaint = "hidden";
    return;
  }
  doc.documentElement.dataset.theme = initialTheme();
  // The parser adds the shell's elements after this script has run: each is prepared as it arrives
  // (a MutationObserver's callbacks run before the next paint).
  const observer = new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes)
        if (n instanceof Element && (n.closest(`[${SHELL_ATTR}]`) || n.querySelector(`[${SHELL_ATTR}]`)))
          for (const el of [n, ...n.querySelectorAll("*")]) if (el.closest(`[${SHELL_ATTR}]`)) prepare(el);
  });
  observer.observe(doc, { childList: true, subtree: true });
  const adds: string[] = [];
  const template = (id: string) => {
    const t = doc.getElementById(id);
    return t instanceof HTMLTemplateElement ? t.innerHTML : null;
  };
  const onClick = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>(PALETTE_ADD) : null;
    const shell = button?.closest(`[${SHELL_ATTR}]`);
    const kind = button?.dataset.kind;
    const list = shell?.querySelector(".widget-list");
    const phone = shell?.querySelector(".pv-phone");
    if (!shell || !kind) return;
    // Remembered first: the editor adds it even if it cannot be drawn here.
    const index = adds.length;
    adds.push(kind);
    const row = template(templateIds.row(kind));
    const frame = template(templateIds.frame(kind));
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
  doc.addEventListener("click", onClick);
  const early: EarlyShell = {
    adds,
    stop: () => {
      doc.removeEventListener("click", onClick);
      observer.disconnect();
    },
    focusedKind: () => {
      const active = doc.activeElement;
      return active instanceof HTMLElement && active.closest(`[${SHELL_ATTR}]`)
        ? (active.dataset.kind ?? null)
        : null;
    },
  };
  Object.defineProperty(win, EARLY_SHELL_KEY, { value: early, configurable: true });
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
