// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startDraftSession } from "../../src/editor/drafts/draft-session";
import { DRAFT_INDEX_KEY, draftKey } from "../../src/editor/drafts/draft-storage";
import {
  EARLY_SHELL_KEY,
  earlyShell,
  fillTemplate,
  LOAD_FAILED,
  opensOnEmptyShell,
  runEarlyShell,
  templateIds,
} from "../../src/editor/shell/early-shell";
import { ENTRY_ATTR } from "../../src/editor/shell/load-editor";
import { OUTPUT_HEIGHT_KEY } from "../../src/editor/shell/output-height";
import { emptyDocument } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";

// The built page's first paint (issue 14): the inline script decides whether the editor will open
// on the empty shell the page carries, and keeps palette clicks made before the editor runs.

const at = (hash = "", search = "") => ({ hash, search });

/** The storage a first visit leaves: one empty draft, named by default. */
function firstVisitStorage(): Storage {
  const store = createEditorStore({ postToken: null });
  startDraftSession({ store, storage: localStorage });
  return localStorage;
}

let stopShell = () => {};
beforeEach(() => localStorage.clear());
afterEach(() => {
  stopShell();
  Reflect.deleteProperty(window, EARLY_SHELL_KEY);
  document.documentElement.removeAttribute("data-first-paint");
  document.body.replaceChildren();
});

describe("whether the editor opens on the page's empty shell", () => {
  it("does for a first visit, and for the empty draft a first visit saved", () => {
    expect(opensOnEmptyShell(at(), localStorage)).toBe(true);
    // Without storage the editor opens with a notice above its columns: not the shell's layout.
    expect(opensOnEmptyShell(at(), null)).toBe(false);
    expect(opensOnEmptyShell(at(), firstVisitStorage())).toBe(true);
  });

  it("does not for a share link or an address the editor acts on at once", () => {
    expect(opensOnEmptyShell(at("#doc=abc"), localStorage)).toBe(false);
    expect(opensOnEmptyShell(at("#x=1&doc=abc"), localStorage)).toBe(false);
    expect(opensOnEmptyShell(at("", "?resume=publish"), localStorage)).toBe(false);
    expect(opensOnEmptyShell(at("", "?conversation_id=c1"), localStorage)).toBe(false);
    expect(opensOnEmptyShell(at("#other"), localStorage)).toBe(true);
    // The publish target and completion address are read by the publish panel, later.
    expect(opensOnEmptyShell(at("", "?post_token=AbC123&completion_url=https%3A%2F%2Fx"), localStorage)).toBe(
      true,
    );
  });

  it("does not when the output panel has a remembered height (the editor's first render differs)", () => {
    localStorage.setItem(OUTPUT_HEIGHT_KEY, "400");
    expect(opensOnEmptyShell(at(), localStorage)).toBe(false);
    localStorage.setItem(OUTPUT_HEIGHT_KEY, "not a height");
    expect(opensOnEmptyShell(at(), localStorage)).toBe(true);
  });

  it("does not when the saved draft holds anything, or is named, or there are several", () => {
    const storage = firstVisitStorage();
    const index = JSON.parse(storage.getItem(DRAFT_INDEX_KEY) ?? "[]");
    const id: string = index[0].id;
    const draft = () => JSON.parse(storage.getItem(draftKey(id)) ?? "{}");
    storage.setItem(
      draftKey(id),
      JSON.stringify({ ...draft(), widgets: [{ id: "w", widget: { title_row: {} } }] }),
    );
    expect(opensOnEmptyShell(at(), storage)).toBe(false);
    storage.setItem(draftKey(id), JSON.stringify({ ...draft(), widgets: [], kind: "user" }));
    expect(opensOnEmptyShell(at(), storage)).toBe(false);
    storage.setItem(draftKey(id), JSON.stringify({ ...draft(), kind: "post", fields: { notes: "x" } }));
    expect(opensOnEmptyShell(at(), storage)).toBe(false);
    storage.setItem(draftKey(id), JSON.stringify({ ...draft(), fields: {} }));
    expect(opensOnEmptyShell(at(), storage)).toBe(true);
    storage.setItem(DRAFT_INDEX_KEY, JSON.stringify([{ ...index[0], name: "My add-on" }]));
    expect(opensOnEmptyShell(at(), storage)).toBe(false);
    storage.setItem(DRAFT_INDEX_KEY, JSON.stringify([index[0], { ...index[0], id: "b" }]));
    expect(opensOnEmptyShell(at(), storage)).toBe(false);
    // Storage holding something else than the studio wrote is not guessed at.
    storage.setItem(DRAFT_INDEX_KEY, "{not json");
    expect(opensOnEmptyShell(at(), storage)).toBe(false);
  });
});

describe("the page's early script", () => {
  /** A shell shaped as the build writes it (scripts/prerender-page.mjs): marked, with templates. */
  function page() {
    document.body.innerHTML = `
      <template id="${templateIds.row("title_row")}"><li aria-label="Title, widget {n}" data-index="{i}"><button id="row:{id}" class="row-main">{n}</button></li></template>
      <template id="${templateIds.frame("title_row", "light")}"><article class="pv-frame" data-early-style="min-height:10px"><button>x</button></article></template>
      <template id="${templateIds.listEnd}"><p>Drop here</p></template>
      <div id="root"><div class="app" data-shell="dark"><button class="palette-item" data-kind="title_row"></button></div><div class="app" data-shell="light"><header class="app-header"></header>
        <button class="palette-item" data-kind="title_row" aria-label="Add Title"></button>
        <button class="palette-item" data-kind="score_row" aria-label="Add Score"></button>
        <input aria-label="Filter widgets">
        <h2 id="list-title">Add-on widgets <span class="muted">(0)</span></h2>
        <ol class="widget-list"></ol><div class="list-end"><p>Your add-on is empty.</p></div>
        <section class="pv-phone" data-early-style="--pv-x: 1px"><p class="pv-empty">No widgets yet</p></section>
      </div></div>`;
  }
  const q = <T extends Element>(s: string) => document.querySelector<T>(s);

  it("draws a palette click from the templates and remembers it for the editor", async () => {
    stopShell = runEarlyShell(window);
    page();
    await Promise.resolve(); // the MutationObserver's callback
    // The page's theme (light here) keeps its shell; the other is gone before it is drawn.
    expect(document.documentElement.dataset.theme).toBe("light");
    expect([...document.querySelectorAll("[data-shell]")].map((e) => e.getAttribute("data-shell"))).toEqual([
      "light",
    ]);
    expect(q("input")?.hasAttribute("inert")).toBe(true);
    expect(q(".palette-item")?.hasAttribute("inert")).toBe(false);
    expect(q<HTMLElement>(".pv-phone")?.style.getPropertyValue("--pv-x")).toBe("1px");

    q<HTMLButtonElement>('[data-kind="title_row"]')?.click();
    q<HTMLButtonElement>('[data-kind="title_row"]')?.click();
    const rows = [...document.querySelectorAll(".widget-list > li")];
    expect(rows.map((r) => r.getAttribute("aria-label"))).toEqual(["Title, widget 1", "Title, widget 2"]);
    expect(rows.map((r) => r.getAttribute("data-index"))).toEqual(["0", "1"]);
    expect(q("#row\\:early-1")?.textContent).toBe("2");
    expect(q("#list-title .muted")?.textContent).toBe("(2)");
    expect(q(".pv-empty")).toBeNull();
    expect(document.querySelectorAll(".pv-phone > .pv-frame")).toHaveLength(2);
    expect(q<HTMLElement>(".pv-frame")?.style.minHeight).toBe("10px");
    expect(q(".pv-frame button")?.hasAttribute("inert")).toBe(true);
    expect(q(".list-end")?.textContent).toBe("Drop here");

    // A kind without a template (not drawn) is still remembered: the editor adds it.
    q<HTMLButtonElement>('[data-kind="score_row"]')?.click();
    q<HTMLButtonElement>('[data-kind="score_row"]')?.focus();
    const early = earlyShell(window);
    expect(early?.adds).toEqual(["title_row", "title_row", "score_row"]);
    expect(early?.focusedKind()).toBe("score_row");
    // Once the editor takes over, clicks are its own.
    early?.stop();
    q<HTMLButtonElement>('[data-kind="title_row"]')?.click();
    expect(earlyShell(window)?.adds).toHaveLength(3);
    expect(document.querySelectorAll(".widget-list > li")).toHaveLength(2);
  });

  it("hides the shell when the editor opens on a saved draft, and leaves nothing for the editor", () => {
    const storage = firstVisitStorage();
    const id = JSON.parse(storage.getItem(DRAFT_INDEX_KEY) ?? "[]")[0].id;
    storage.setItem(draftKey(id), JSON.stringify({ version: 1, ...emptyDocument("user") }));
    localStorage.setItem("addon-studio:theme", "dark");
    stopShell = runEarlyShell(window);
    expect(document.documentElement.dataset.firstPaint).toBe("hidden");
    // The theme is the user's all the same (the page behind the editor's first render).
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(earlyShell(window)).toBeNull();
  });

  it("removes the other theme's shell even when the page is done before its records are delivered", () => {
    const storage = firstVisitStorage();
    const id = JSON.parse(storage.getItem(DRAFT_INDEX_KEY) ?? "[]")[0].id;
    storage.setItem(draftKey(id), JSON.stringify({ version: 1, ...emptyDocument("user") }));
    stopShell = runEarlyShell(window);
    // Chromium fires DOMContentLoaded in the parser's last task, before the microtask that delivers
    // the last chunk's mutation records (the entry is no longer a deferred script to wait for).
    page();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    expect([...document.querySelectorAll("[data-shell]")].map((e) => e.getAttribute("data-shell"))).toEqual([
      "light",
    ]);
  });

  it("says so when the editor's code fails to load, and stops taking clicks nothing would keep", async () => {
    stopShell = runEarlyShell(window);
    page();
    await Promise.resolve();
    q<HTMLButtonElement>('[data-kind="title_row"]')?.click();
    // Another script's error (an extension's) is not the editor's.
    window.dispatchEvent(new ErrorEvent("error", { filename: "chrome-extension://x/content.js" }));
    expect(q('[role="alert"]')).toBeNull();
    const script = document.createElement("script");
    script.type = "text/plain";
    script.src = `${location.origin}/assets/index-Ab12Cd34.js`;
    document.head.append(script);
    script.dispatchEvent(new Event("error"));
    expect(q('.app-header + .notices > [role="alert"]')?.textContent).toBe(LOAD_FAILED);
    expect(q(".palette-item")?.hasAttribute("inert")).toBe(true);
    q<HTMLButtonElement>('[data-kind="title_row"]')?.click();
    expect(document.querySelectorAll(".widget-list > li")).toHaveLength(1);
    script.remove();
  });

  it("takes a failure of the editor's start (an unhandled rejection) as a failed load", async () => {
    stopShell = runEarlyShell(window);
    page();
    await Promise.resolve();
    window.dispatchEvent(new Event("unhandledrejection"));
    expect(q('[role="alert"]')?.textContent).toBe(LOAD_FAILED);
  });

  it("says so when the editor's entry, which it imports itself, cannot be loaded", async () => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = `${location.origin}/assets/index-Missing1.js`;
    link.setAttribute(ENTRY_ATTR, "");
    document.head.append(link);
    try {
      stopShell = runEarlyShell(window);
      page();
      await vi.waitFor(() => expect(q('[role="alert"]')?.textContent).toBe(LOAD_FAILED), { timeout: 2000 });
      expect(q(".palette-item")?.hasAttribute("inert")).toBe(true);
    } finally {
      link.remove();
    }
  });

  it("leaves the shell to the editor when storage throws as it is read", () => {
    const throwing = {
      getItem() {
        throw new Error("denied");
      },
    };
    const spy = Object.getOwnPropertyDescriptor(window, "localStorage");
    Object.defineProperty(window, "localStorage", { value: throwing, configurable: true });
    try {
      stopShell = runEarlyShell(window);
      expect(document.documentElement.dataset.firstPaint).toBe("hidden");
    } finally {
      if (spy) Object.defineProperty(window, "localStorage", spy);
      else Reflect.deleteProperty(window, "localStorage");
    }
  });

  it("ignores whatever else sits at its property on the window", () => {
    Object.defineProperty(window, EARLY_SHELL_KEY, { value: { adds: "title_row" }, configurable: true });
    expect(earlyShell(window)).toBeNull();
    Object.defineProperty(window, EARLY_SHELL_KEY, {
      value: { adds: ["title_row", 7], stop() {}, focusedKind: () => 3 },
      configurable: true,
    });
    expect(earlyShell(window)?.adds).toEqual(["title_row"]);
    expect(earlyShell(window)?.focusedKind()).toBeNull();
  });

  it("fills every placeholder of a template", () => {
    expect(
      fillTemplate('<li aria-label="T, widget {n}" data-index="{i}" id="row:{id}">{n}</li>', 4, "early-4"),
    ).toBe('<li aria-label="T, widget 5" data-index="4" id="row:early-4">5</li>');
  });
});
