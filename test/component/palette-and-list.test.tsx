// @vitest-environment jsdom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WIDGET_MODELS } from "../../src/widgets/registry";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

function rows() {
  return within(screen.getByRole("list", { name: "Add-on widgets" }))
    .queryAllByRole("listitem")
    .map((li) => li.getAttribute("aria-label"));
}

describe("palette, where a click adds (issue 13.14)", () => {
  it("says where a click adds, after the selection or at the end, and adds there", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const hint = () => document.getElementById("palette-filter-hint")?.textContent ?? "";
    const kinds = () => store.getState().doc.widgets.map((w) => Object.keys(w.widget)[0]);
    expect(hint()).toContain("add at the end of the list");
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Score" }));
    const first = store.getState().doc.widgets[0]?.id ?? null;
    act(() => store.getState().select(first));
    expect(hint()).toContain("add after the selected widget (Title, widget 1)");
    const button = screen.getByRole("button", { name: "Add Button" });
    expect(button.getAttribute("aria-describedby")).toContain("palette-filter-hint");
    await user.click(button);
    expect(kinds()).toEqual(["title_row", "button_bar", "score_row"]);
    act(() => store.getState().select(null));
    expect(hint()).toContain("add at the end of the list");
    await user.click(screen.getByRole("button", { name: "Add Subtitle" }));
    expect(kinds()).toEqual(["title_row", "button_bar", "score_row", "subtitle_row"]);
  });
});

describe("palette", () => {
  it("adds a widget by click, and by Enter after the selection", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Button" }));
    expect(rows()).toEqual(["Title, widget 1", "Button, widget 2"]);
    // Select the first widget, then add with the keyboard: it lands right after the selection.
    await user.click(screen.getByRole("button", { name: "Title, widget 1" }));
    screen.getByRole("button", { name: "Add Score" }).focus();
    await user.keyboard("{Enter}");
    expect(rows()).toEqual(["Title, widget 1", "Score, widget 2", "Button, widget 3"]);
    expect(screen.getByRole("button", { name: "Score, widget 2" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("describes the image carousel as the app shows it: an image's description is read aloud, not shown", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const add = screen.getByRole("button", { name: "Add Image carousel" });
    const said = document.getElementById(
      add.getAttribute("aria-describedby")?.split(" ")[0] ?? "",
    )?.textContent;
    expect(said).not.toMatch(/caption/i);
    expect(said).toMatch(/description is its alt text, read aloud, not shown/);
    await user.click(add);
    // The preview keeps the default item's description for screen readers only, as the text says.
    const shown = await screen.findAllByText("نمای جلو", { selector: ".pv-sr-only" });
    expect(shown.length).toBeGreaterThan(0);
  });

  it("filters the widgets by name", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    expect(screen.getAllByRole("button", { name: /^Add / })).toHaveLength(WIDGET_MODELS.length);
    await user.type(screen.getByLabelText("Filter widgets"), "carousel");
    expect(screen.getAllByRole("button", { name: /^Add / }).map((b) => b.getAttribute("aria-label"))).toEqual(
      ["Add Image carousel"],
    );
  });

  it("adds the first match with Enter in the filter box, and Escape clears the filter", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const filter = screen.getByLabelText("Filter widgets");
    await user.type(filter, "butt{Enter}");
    expect(rows()).toEqual(["Button, widget 1"]);
    expect(filter.getAttribute("aria-describedby")).toBe("palette-filter-hint");
    expect(document.getElementById("palette-filter-hint")?.textContent).toMatch(/Enter here adds Button/);
    await user.keyboard("{Escape}");
    expect((filter as HTMLInputElement).value).toBe("");
    const palette = within(screen.getByRole("region", { name: "Widgets" }));
    expect(palette.getAllByRole("button", { name: /^Add / })).toHaveLength(WIDGET_MODELS.length);
    // With an empty filter, Enter adds nothing (it would be a guess).
    await user.keyboard("{Enter}");
    expect(rows()).toEqual(["Button, widget 1"]);
  });
});

describe("widget list", () => {
  it("moves, duplicates and deletes the selected widget with labelled buttons", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Subtitle" }));
    await user.click(screen.getByRole("button", { name: "Move up" }));
    expect(rows()).toEqual(["Subtitle, widget 1", "Title, widget 2"]);
    await user.click(screen.getByRole("button", { name: "Duplicate" }));
    expect(rows()).toEqual(["Subtitle, widget 1", "Subtitle, widget 2", "Title, widget 3"]);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(rows()).toEqual(["Subtitle, widget 1", "Title, widget 2"]);
    expect((screen.getByRole("button", { name: "Move down" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("moves between widgets with the arrow keys", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Subtitle" }));
    screen.getByRole("button", { name: "Subtitle, widget 2" }).focus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("button", { name: "Title, widget 1" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("marks a widget with errors", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.clear(screen.getByLabelText(/^Text/));
    const row = screen.getByRole("button", { name: "Title, widget 1" });
    const description = document.getElementById(row.getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toMatch(/^1 error\./);
  });
});

describe("a row cut by its buttons", () => {
  it("shows its whole name and summary on hover (the title), however long", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const id = store.getState().doc.widgets[0]?.id ?? "";
    const long = "آپارتمان ۱۲۰ متری نوساز با آسانسور و پارکینگ در نزدیکی ایستگاه مترو";
    act(() => store.getState().setWidgetField(id, ["title_row", "text"], long));
    const row = screen.getByRole("button", { name: "Title, widget 1" });
    expect(row.getAttribute("title")).toBe(`Title: ${long}`);
  });
});
