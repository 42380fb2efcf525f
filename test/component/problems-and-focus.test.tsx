// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getAtPath } from "../../src/editor/store/json-paths";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

function announced(): string {
  return document.getElementById("editor-announcer")?.textContent ?? "";
}

describe("problems counts in tab names (issue 13.12)", () => {
  it("names the Problems tab with grammatical counts of errors and warnings", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    // An empty add-on has one warning (no widgets).
    expect(screen.getByRole("tab", { name: "Problems, 1 warning" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    expect(screen.getByRole("tab", { name: "Problems" })).toBeTruthy();
    fireEvent.change(inspector().getByLabelText(/^Text/), { target: { value: "" } });
    expect(screen.getByRole("tab", { name: "Problems, 1 error" })).toBeTruthy();
    store.getState().setDocumentField(["semantic"], { status: "NOPE" });
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    fireEvent.change(inspector().getByLabelText(/^Text/), { target: { value: "" } });
    expect(screen.getByRole("tab", { name: "Problems, 2 errors, 1 warning" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Add-on settings, 1 problem" })).toBeTruthy();
  });
});

describe("problems panel names the widget as the list does", () => {
  it("prefixes each JSON path with the widget's label and number", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Score" }));
    fireEvent.change(inspector().getByRole("spinbutton", { name: "Percentage score" }), {
      target: { value: "150" },
    });
    store.getState().setDocumentField(["semantic"], { status: 3 });
    const panel = within(screen.getByRole("region", { name: "Problems" }));
    const score = panel.getByRole("button", { name: /widgets\[1\]\.score_row\.percentage_score/ });
    expect(score.textContent).toContain("Score (widget 2) › percentage_score");
    const semantic = await panel.findByRole("button", { name: /semantic\.status/ });
    expect(semantic.textContent).toContain("Add-on settings › semantic.status");
    // Moving the score first renumbers it, as the list does.
    store.getState().moveWidget(1, 0);
    expect(
      (await panel.findByRole("button", { name: /widgets\[0\]\.score_row\.percentage_score/ })).textContent,
    ).toContain("Score (widget 1) › percentage_score");
  });
});

describe("focus and announcements after list edits", () => {
  it("announces a widget added from the palette and keeps focus on the palette", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const add = screen.getByRole("button", { name: "Add Title" });
    add.focus();
    await user.keyboard("{Enter}");
    expect(announced()).toBe("Added Title as widget 1 of 1; it is selected.");
    expect(document.activeElement).toBe(add);
    expect(screen.getByRole("button", { name: "Title, widget 1" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("arrow keys pressed faster than the screen redraws still move one row each", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    for (const name of ["Add Title", "Add Subtitle", "Add Description"])
      await user.click(screen.getByRole("button", { name }));
    screen.getByRole("button", { name: "Title, widget 1" }).click();
    screen.getByRole("button", { name: "Title, widget 1" }).focus();
    // Two presses in the same frame, as key repeat does in a long list.
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowDown" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Description, widget 3" }));
  });

  it("Delete and Backspace on a row delete it, and focus moves to the neighbour", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    for (const name of ["Add Title", "Add Subtitle", "Add Description"])
      await user.click(screen.getByRole("button", { name }));
    screen.getByRole("button", { name: "Subtitle, widget 2" }).focus();
    await user.keyboard("{Backspace}");
    expect(announced()).toBe("Deleted Subtitle, widget 2. Undo with Ctrl+Z.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Description, widget 2" }));
    await user.keyboard("{Delete}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Title, widget 1" }));
  });

  it("Duplicate and Delete clicked by mouse leave focus on the copy, then on the neighbour", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    for (const name of ["Add Title", "Add Subtitle", "Add Description"])
      await user.click(screen.getByRole("button", { name }));
    await user.click(screen.getByRole("button", { name: "Subtitle, widget 2" }));
    // Where focus is when the document changes (before React removes the pressed button), and
    // everything that takes focus: the pressed buttons never do, and no row is focused before
    // the edit (it would be announced with its old position).
    const atEdit: (string | undefined)[] = [];
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.doc !== prev.doc) atEdit.push(document.activeElement?.id);
    });
    const focused: string[] = [];
    const onFocus = (e: FocusEvent) =>
      focused.push((e.target as HTMLElement).getAttribute("aria-label") ?? (e.target as HTMLElement).id);
    document.addEventListener("focusin", onFocus);
    await user.click(screen.getByRole("button", { name: "Duplicate" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Subtitle, widget 3" }));
    expect(screen.getByRole("button", { name: "Subtitle, widget 3" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Delete" }));
    // The widget after the deleted copy takes its place, its selection and the focus.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Description, widget 3" }));
    expect(screen.getByRole("button", { name: "Description, widget 3" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    document.removeEventListener("focusin", onFocus);
    unsubscribe();
    expect(atEdit).toEqual(["field:widgets", "field:widgets"]);
    expect(focused).toEqual([
      "field:widgets",
      "Subtitle, widget 3",
      "field:widgets",
      "Description, widget 3",
    ]);
  });

  it("after deleting the last widget, focus goes to the list, not the page", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(announced()).toBe("Deleted Title, widget 1. Undo with Ctrl+Z.");
    expect(document.activeElement?.id).toBe("field:widgets");
  });

  it("moving a widget to the top keeps focus on its actions and says where it went", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Score" }));
    await user.click(screen.getByRole("button", { name: "Move up" }));
    expect(announced()).toBe("Moved Score to position 1 of 2.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move down" }));
  });

  it("moving a widget by its buttons keeps focus on the button pressed, so Enter moves it on", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    for (const kind of ["Title", "Score", "Subtitle", "Description"])
      await user.click(screen.getByRole("button", { name: `Add ${kind}` }));
    // The second widget selected: Move down moves its row's element below the third one's.
    await user.click(screen.getByRole("button", { name: "Score, widget 2" }));
    await user.click(screen.getByRole("button", { name: "Move down" }));
    expect(announced()).toBe("Moved Score to position 3 of 4.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move down" }));
    await user.keyboard("{Enter}");
    expect(announced()).toBe("Moved Score to position 4 of 4.");
    // At the bottom its Move down is disabled: focus goes to Move up, and Enter moves it back up.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move up" }));
    await user.keyboard("{Enter}");
    expect(announced()).toBe("Moved Score to position 3 of 4.");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move up" }));
    expect(store.getState().doc.widgets.map((w) => Object.keys(w.widget)[0])).toEqual([
      "title_row",
      "subtitle_row",
      "score_row",
      "description_row",
    ]);
  });

  it("list items: moving keeps focus on the moved item, removing focuses the next item, adding focuses the new one", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Image carousel" }));
    await user.click(inspector().getByRole("button", { name: "Add image" }));
    expect(document.activeElement?.id).toBe("field:widgets/0/image_carousel_row/items/1/image_id");
    await user.keyboard("{Control>}a{/Control}second");
    await user.click(inspector().getByRole("button", { name: "Move Image 2 up" }));
    const items = () =>
      getAtPath(store.getState().doc.widgets[0]?.widget, ["image_carousel_row", "items"]) as Array<{
        image_id: string;
      }>;
    expect(items().map((i) => i.image_id)).toEqual(["second", "logo"]);
    // The moved item is at the top now: its up arrow is disabled, so focus is on its down arrow.
    expect(document.activeElement).toBe(inspector().getByRole("button", { name: "Move Image 1 down" }));
    // Said, as the widget list says its moves: the focused arrow's name alone does not tell it.
    expect(announced()).toBe("Moved Image 2 to position 1 of 2.");
    await user.click(inspector().getByRole("button", { name: "Remove Image 1" }));
    expect((document.activeElement as HTMLInputElement).value).toBe("logo");
    expect(announced()).toBe("Removed Image 1; 1 left.");
  });

  it("categories: adding focuses the new one, removing focuses its neighbour", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("radio", { name: "User add-on" }));
    await user.click(inspector().getByRole("tab", { name: /Add-on settings/ }));
    await user.click(inspector().getByRole("button", { name: "Add category" }));
    expect(document.activeElement?.id).toBe("field:categories/0");
    await user.keyboard("car");
    await user.click(inspector().getByRole("button", { name: "Add category" }));
    expect(document.activeElement?.id).toBe("field:categories/1");
    await user.click(inspector().getByRole("button", { name: "Remove category 2" }));
    expect(document.activeElement?.id).toBe("field:categories/0");
    await user.click(inspector().getByRole("button", { name: "Remove category 1" }));
    expect(document.activeElement).toBe(inspector().getByRole("button", { name: "Add category" }));
  });
});

describe("preview by keyboard", () => {
  it("is one Tab stop; arrows, Home and End move between widgets and select them", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    for (const name of ["Add Title", "Add Subtitle", "Add Description"])
      await user.click(screen.getByRole("button", { name }));
    const phone = within(screen.getByRole("region", { name: "Add-on preview" }));
    const frames = () => phone.getAllByRole("article");
    // The selected widget (the description, added last) is the one in the Tab order.
    expect(frames().map((f) => f.tabIndex)).toEqual([-1, -1, 0]);
    frames()[2]?.focus();
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(frames()[0]);
    expect(store.getState().selectedId).toBe(store.getState().doc.widgets[0]?.id);
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(frames()[1]);
    expect(screen.getByRole("button", { name: "Subtitle, widget 2" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(frames().map((f) => f.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(frames()[2]);
  });
});

describe("tab lists", () => {
  it("each tab row is one Tab stop, its selected tab, and the arrows move it (issue 13.18)", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const lists = screen.getAllByRole("tablist");
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const list of lists) {
      const stops = within(list)
        .getAllByRole("tab")
        .filter((t) => t.tabIndex === 0);
      expect(stops).toHaveLength(1);
      expect(stops[0]?.getAttribute("aria-selected")).toBe("true");
    }
    const output = screen.getByRole("tablist", { name: "Output" });
    within(output)
      .getByRole("tab", { name: /^Problems/ })
      .focus();
    await user.keyboard("{ArrowRight}");
    const json = within(output).getByRole("tab", { name: "JSON" });
    expect(document.activeElement).toBe(json);
    expect(json.tabIndex).toBe(0);
    expect(within(output).getByRole("tab", { name: /^Problems/ }).tabIndex).toBe(-1);
  });

  it("Alt+Shift+I moves focus from a list row to the inspector's first field (issue 13.18)", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    screen.getByRole("button", { name: "Title, widget 1" }).focus();
    await user.keyboard("{Alt>}{Shift>}I{/Shift}{/Alt}");
    expect(document.activeElement).toBe(inspector().getByLabelText(/^Text/));
    expect(screen.getByRole("region", { name: "Inspector" }).getAttribute("aria-keyshortcuts")).toBe(
      "Alt+Shift+I",
    );
  });

  it("arrow keys, Home and End switch the inspector's and the output panel's tabs", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const widgetTab = within(screen.getByRole("region", { name: "Inspector" })).getByRole("tab", {
      name: "Widget",
    });
    widgetTab.focus();
    await user.keyboard("{ArrowRight}");
    const settings = within(screen.getByRole("region", { name: "Inspector" })).getByRole("tab", {
      name: /Add-on settings/,
    });
    expect(document.activeElement).toBe(settings);
    expect(settings.getAttribute("aria-selected")).toBe("true");
    const problems = screen.getByRole("tab", { name: /^Problems/ });
    problems.focus();
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Inbox" }));
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: /^Problems/ }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "JSON" }).getAttribute("aria-selected")).toBe("true");
  });
});
