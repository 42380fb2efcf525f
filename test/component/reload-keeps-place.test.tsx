// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryStorage } from "../../src/editor/drafts/memory-storage";
import { shareUrl } from "../../src/editor/share/share-link";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { selectExportBody } from "../../src/editor/store/selectors";
import { renderStudio } from "./studio-harness";

// A reload of the tab (the way back from the consent page, a sign-out, F5) keeps where the user was:
// the widget selected in the draft, the post being published to, the output tab shown.

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

const selectedRow = () =>
  screen.getAllByRole("button", { pressed: true }).map((b) => b.getAttribute("aria-label"));

describe("a reload of the tab", () => {
  it("keeps the selected widget and the post token; another tab starts at the first widget, with no post", async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderStudio({ search: "?post_token=gZx7yK3aB1", tab: sessionStorage });
    for (const label of ["Title", "Subtitle", "Score"])
      await user.click(screen.getByRole("button", { name: `Add ${label}` }));
    await user.click(screen.getByRole("button", { name: "Subtitle, widget 2" }));
    // The page is left (a reload): what the tab keeps is written then.
    window.dispatchEvent(new Event("pagehide"));
    first.close();

    // Loaded again without ?post_token= (the consent page's way back carries only ?resume=…).
    const again = renderStudio({ tab: sessionStorage });
    expect(selectedRow()).toEqual(["Subtitle, widget 2"]);
    expect(again.store.getState().postToken).toBe("gZx7yK3aB1");
    again.close();

    // Another tab (its own sessionStorage) starts as before: the first widget, no post.
    const other = renderStudio({ tab: new MemoryStorage() });
    expect(selectedRow()).toEqual(["Title, widget 1"]);
    expect(other.store.getState().postToken).toBeNull();
  });

  it("keeps the output tab shown", async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderStudio({ tab: sessionStorage });
    await user.click(screen.getByRole("tab", { name: /^JSON/ }));
    first.close();
    renderStudio({ tab: sessionStorage });
    expect(screen.getByRole("tab", { name: /^JSON/ }).getAttribute("aria-selected")).toBe("true");
  });
});

describe("the side of the studio over a reload of the tab", () => {
  it("opens on the chat composer if the tab showed it last; a share link opens the add-on editor", async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderStudio({ tab: sessionStorage });
    await user.click(screen.getByRole("tab", { name: "Chat message" }));
    first.close();
    const again = renderStudio({ tab: sessionStorage });
    expect(screen.getByRole("tab", { name: "Chat message" }).getAttribute("aria-selected")).toBe("true");
    again.close();

    const store = createEditorStore();
    store.getState().addWidget("title_row");
    const url = shareUrl("http://localhost/", "post", selectExportBody(store.getState()));
    renderStudio({ tab: sessionStorage, hash: new URL(url).hash });
    expect(screen.getByRole("tab", { name: "Add-on" }).getAttribute("aria-selected")).toBe("true");
  });
});

describe("the undo history over a reload of the tab (the consent page's way back)", () => {
  it("undoes and redoes the steps made before the reload, on the same draft", async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderStudio({ tab: sessionStorage });
    for (const label of ["Title", "Subtitle", "Score"])
      await user.click(screen.getByRole("button", { name: `Add ${label}` }));
    first.store.getState().undo();
    const kinds = (s: typeof first.store) => s.getState().doc.widgets.map((w) => Object.keys(w.widget)[0]);
    expect(kinds(first.store)).toEqual(["title_row", "subtitle_row"]);
    window.dispatchEvent(new Event("pagehide"));
    first.close();

    const again = renderStudio({ tab: sessionStorage });
    const s = again.store.getState();
    expect(kinds(again.store)).toEqual(["title_row", "subtitle_row"]);
    expect(s.past).toHaveLength(2);
    expect(s.future).toHaveLength(1);
    again.store.getState().redo();
    expect(kinds(again.store)).toEqual(["title_row", "subtitle_row", "score_row"]);
    again.store.getState().undo();
    again.store.getState().undo();
    again.store.getState().undo();
    expect(kinds(again.store)).toEqual([]);
    // The widgets the steps share with the open draft are its own objects: an undo redraws what it changes.
    again.store.getState().redo();
    again.store.getState().redo();
    const title = again.store.getState().doc.widgets[0];
    again.store.getState().redo();
    expect(again.store.getState().doc.widgets[0]).toBe(title);
  });

  it("is not put back on a draft changed since (another tab saved it), nor on another draft", async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderStudio({ tab: sessionStorage });
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    window.dispatchEvent(new Event("pagehide"));
    first.close();
    // Another tab's save of the same draft, while this one was away at the consent page.
    const id = first.session.ui.getState().currentId;
    const key = Object.keys(localStorage).find((k) => localStorage.getItem(k)?.includes('"title_row"'));
    expect(key).toBeDefined();
    const saved = JSON.parse(localStorage.getItem(key ?? "") ?? "{}");
    saved.widgets[0].widget.title_row.text = "changed in another tab";
    localStorage.setItem(key ?? "", JSON.stringify(saved));
    const again = renderStudio({ tab: sessionStorage });
    expect(again.session.ui.getState().currentId).toBe(id);
    expect(again.store.getState().past).toHaveLength(0);
  });
});
