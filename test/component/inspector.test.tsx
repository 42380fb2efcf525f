// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getAtPath } from "../../src/editor/store/json-paths";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe("generated inspector", () => {
  it("counts characters in code points against the limit and shows the error under the field", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const text = inspector().getByLabelText(/^Text/) as HTMLInputElement;
    // An emoji is two UTF-16 units but one character for the platform.
    fireEvent.change(text, { target: { value: "😀".repeat(49) } });
    expect(inspector().getByText(/49 \/ 49/)).toBeTruthy();
    expect(inspector().queryByText(/the limit is 49/)).toBeNull();
    fireEvent.change(text, { target: { value: "😀".repeat(52) } });
    expect(inspector().getByText(/52 \/ 49/).textContent).toContain("3 over");
    const error = inspector().getByText(/is 52 characters long; the limit is 49/);
    expect(text.getAttribute("aria-describedby")).toContain(error.closest("ul")?.id);
    expect(text.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(text, { target: { value: "" } });
    expect(inspector().getByText(/Text must not be empty/)).toBeTruthy();
    expect(getAtPath(store.getState().doc.widgets[0]?.widget, ["title_row", "text"])).toBe("");
  });

  it("counts a description against its 200 characters unless it is expandable", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Description" }));
    const text = inspector().getByLabelText(/^Text/) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: "ب".repeat(205) } });
    expect(inspector().getByText(/205 \/ 200/).textContent).toContain("5 over");
    await waitFor(() =>
      expect(inspector().getByText(/the limit is 200 unless expandable is true/)).toBeTruthy(),
    );
    // Expandable lifts the limit: no counter against it, and no error.
    await user.click(inspector().getByRole("checkbox", { name: /^Expandable/ }));
    expect(inspector().queryByText(/\/ 200/)).toBeNull();
    await waitFor(() => expect(inspector().queryByText(/the limit is 200/)).toBeNull());
  });

  it("names the field in its inline error, as a sentence (issue 13.11)", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const text = inspector().getByLabelText(/^Text/) as HTMLInputElement;
    fireEvent.change(text, { target: { value: "x".repeat(69) } });
    const list = document.getElementById(text.getAttribute("aria-describedby")?.split(" ")[0] ?? "");
    expect(list?.textContent).toMatch(/^Error: Text is 69 characters long; the limit is 49/);
    // A message that already names its field is not named twice.
    fireEvent.change(text, { target: { value: " " } });
    expect(inspector().getByText(/Text must not be empty/).textContent).not.toMatch(/Text Text/);
  });

  it("edits toggles, percentages, colours and the action kind from the model", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Score" }));
    const widget = () => store.getState().doc.widgets[0]?.widget;
    fireEvent.change(inspector().getByLabelText("Percentage score"), { target: { value: "40" } });
    expect(getAtPath(widget(), ["score_row", "percentage_score"])).toBe(40);
    await user.click(inspector().getByRole("radio", { name: "warning primary" }));
    expect(getAtPath(widget(), ["score_row", "score_color"])).toBe("WARNING_PRIMARY");
    await user.click(inspector().getByRole("checkbox", { name: "Divider below" }));
    expect(getAtPath(widget(), ["score_row", "has_divider"])).toBe(true);
    await user.selectOptions(inspector().getByLabelText("Kind"), "open_post_page");
    const token = inspector().getByLabelText(/^Post token/);
    await user.type(token, "abc");
    expect(inspector().getByText(/must be a post token/)).toBeTruthy();
    await user.type(token, "defgh");
    expect(getAtPath(widget(), ["score_row", "action", "open_post_page", "post_token"])).toBe("abcdefgh");
  });

  it("offers the nearest known icons for a name not in the list, each a click away", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Score" }));
    const icon = inspector().getByLabelText(/^Icon/);
    await user.type(icon, "HOUSE_INSPECT");
    const near = await inspector().findByRole("group", { name: "Icons near HOUSE_INSPECT" });
    const use = within(near).getByRole("button", { name: "Use HOUSE_INSPECTION" });
    await user.click(use);
    expect(getAtPath(store.getState().doc.widgets[0]?.widget, ["score_row", "icon_name"])).toBe(
      "HOUSE_INSPECTION",
    );
    expect(inspector().queryByRole("group", { name: /^Icons near/ })).toBeNull();
    // The pressed button went with the group: focus is back on the name box, not lost to the page.
    expect(document.activeElement).toBe(icon);
  });

  it("adds and removes list items within the model's limits", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Group info" }));
    const add = inspector().getByRole("button", { name: "Add item" }) as HTMLButtonElement;
    await user.click(add);
    expect(add.disabled).toBe(true);
    expect((inspector().getByRole("button", { name: "Remove Item 1" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await user.click(inspector().getByRole("button", { name: "Move Item 3 up" }));
    const items = getAtPath(store.getState().doc.widgets[0]?.widget, ["group_info_row", "items"]);
    expect(Array.isArray(items) && items[1]).toEqual({ title: "", value: "" });
    // Each item is a group named by its number, so its fields are told apart ("Item 2", then "Title").
    const second = inspector().getByRole("group", { name: "Item 2" });
    expect(within(second).getByRole("textbox", { name: /^Title/ })).toBeTruthy();
    expect(within(second).getByRole("button", { name: "Remove Item 2" })).toBeTruthy();
  });

  it("offers only the widget's own field paths for semantic paths", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Selector" }));
    await user.click(inspector().getByRole("button", { name: "Add semantic key" }));
    const select = inspector().getByRole("combobox", { name: /Field path/ }) as HTMLSelectElement;
    const options = [...select.options].map((o) => o.value);
    expect(options).toContain("title");
    expect(options).toContain("action.open_direct_link");
    expect(options).not.toContain("text");
  });

  it("hashes a value for keys that must be hashed and generates a ticket UUID", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("radio", { name: "User add-on" }));
    await user.click(inspector().getByRole("tab", { name: /Add-on settings/ }));
    await user.click(inspector().getByRole("button", { name: "Add key" }));
    const key = inspector().getByLabelText("Key") as HTMLInputElement;
    await user.clear(key);
    await user.type(key, "VIN{Enter}");
    const value = inspector().getByLabelText(/^Value/) as HTMLInputElement;
    await user.type(value, " ir123 ");
    expect(inspector().getByText(/must be sent SHA-256 hashed/)).toBeTruthy();
    await user.click(inspector().getByRole("button", { name: "Hash VIN" }));
    await waitFor(() =>
      expect((store.getState().doc.fields.semantic as Record<string, string>).VIN).toMatch(/^[0-9a-f]{64}$/),
    );
    expect(inspector().queryByText(/must be sent SHA-256 hashed/)).toBeNull();
    await user.click(inspector().getByRole("button", { name: "Generate ticket UUID" }));
    expect(String(store.getState().doc.fields.ticket_uuid)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the form of a widget that moves", () => {
  it("follows the widget to its new place, and an edit right after the move changes that widget", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Subtitle" }));
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Title, widget 1" }));
    await user.click(screen.getByRole("button", { name: "Move down" }));
    // The form's heading, its fields' ids and their problems' paths name the new place.
    await waitFor(() =>
      expect(inspector().getByRole("heading", { level: 2 }).textContent).toBe("Title widget 2"),
    );
    const text = inspector().getByLabelText(/^Text/) as HTMLInputElement;
    expect(text.id).toContain("widgets/1/");
    fireEvent.change(text, { target: { value: "" } });
    const described = text.getAttribute("aria-describedby") ?? "";
    const errors = described.split(" ").map((id) => document.getElementById(id)?.textContent ?? "");
    expect(described).toContain("widgets/1/");
    expect(errors.join(" ")).toMatch(/\S/);
    await user.click(screen.getByRole("button", { name: "Move down" }));
    fireEvent.change(inspector().getByLabelText(/^Text/), { target: { value: "سوم" } });
    const widgets = store.getState().doc.widgets.map((w) => w.widget);
    expect(widgets[2]).toEqual({ title_row: { text: "سوم" } });
    expect(Object.keys(widgets[0] ?? {})).toEqual(["subtitle_row"]);
    await waitFor(() =>
      expect(inspector().getByRole("heading", { level: 2 }).textContent).toBe("Title widget 3"),
    );
  });
});

describe("problems panel", () => {
  it("lists problems with their JSON paths and focuses the field when one is chosen", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Event" }));
    await user.clear(inspector().getByLabelText(/^Title/));
    await user.click(screen.getByRole("button", { name: "Title, widget 1" }));
    await user.clear(inspector().getByLabelText(/^Text/));
    const panel = screen.getByRole("region", { name: "Problems" });
    expect(within(panel).getByText(/2 errors/)).toBeTruthy();
    const problem = within(panel).getByRole("button", { name: /widgets\[1\]\.event_row\.title/ });
    await user.click(problem);
    await waitFor(() =>
      expect((document.activeElement as HTMLElement | null)?.id).toBe("field:widgets/1/event_row/title"),
    );
    expect(screen.getByRole("button", { name: "Event, widget 2" }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("fields the form has no control for", () => {
  it("lists an unknown field with its problem and removes it", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("tab", { name: "JSON" }));
    const json = within(await screen.findByRole("region", { name: "JSON" }));
    fireEvent.change(json.getByLabelText(/Paste JSON to import/), {
      target: { value: JSON.stringify({ widgets: [{ selector_row: { title: "x", badge: "y" } }] }) },
    });
    await user.click(json.getByRole("button", { name: "Import JSON" }));
    await user.click(screen.getByRole("button", { name: "Selector, widget 1" }));
    // No control shows where it is: the message says which field (the Problems panel gives the full path).
    expect(inspector().getByText(/^badge: is not a field of selector_row/)).toBeTruthy();
    await user.click(inspector().getByRole("button", { name: "Remove badge" }));
    expect(store.getState().doc.widgets[0]?.widget).toEqual({ selector_row: { title: "x" } });
  });

  async function importBody(user: ReturnType<typeof userEvent.setup>, body: unknown) {
    await user.click(screen.getByRole("tab", { name: "JSON" }));
    const json = within(await screen.findByRole("region", { name: "JSON" }));
    fireEvent.change(json.getByLabelText(/Paste JSON to import/), {
      target: { value: JSON.stringify(body) },
    });
    await user.click(json.getByRole("button", { name: "Import JSON" }));
  }

  it("renames a misspelt widget key, keeping what it holds, as one undo step", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const typo = { title_rows: { text: "سلام دنیا", has_divider: true }, semantic_paths: { brand: "text" } };
    await importBody(user, { widgets: [typo] });
    await user.click(screen.getByRole("button", { name: "Unknown widget, widget 1" }));
    expect(inspector().getByText(/did you mean title_row\?/)).toBeTruthy();
    await user.click(inspector().getByRole("button", { name: "Rename title_rows to title_row" }));
    const widget = store.getState().doc.widgets[0]?.widget;
    // The same value under the right key, still first; the widget is a Title now, with its form.
    expect(widget).toEqual({ title_row: typo.title_rows, semantic_paths: typo.semantic_paths });
    expect(Object.keys(widget ?? {})).toEqual(["title_row", "semantic_paths"]);
    expect((await inspector().findByLabelText(/^Text/)).getAttribute("value") ?? "").toBe("سلام دنیا");
    // The pressed button is gone with the fixed key: focus stays in the form, on its heading.
    expect(document.activeElement?.id).toBe("field:widgets/0");
    store.getState().undo();
    expect(store.getState().doc.widgets[0]?.widget).toEqual(typo);
  });

  it("says a widget's one unknown key is no widget kind, and what to do", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await importBody(user, { widgets: [{ fancy_row: { text: "a" } }, { title_row: { text: "b" } }] });
    await user.click(screen.getByRole("button", { name: "Unknown widget, widget 1" }));
    expect(
      inspector().getByText(
        /this one has fancy_row\. That key is not a kind of widget the platform has: delete this widget and add the one you meant from the palette\./,
      ),
    ).toBeTruthy();
    // Removing the key would leave a widget of no kind, still an error: the fix offered is the one said.
    expect(inspector().queryByRole("button", { name: "Remove fancy_row" })).toBeNull();
    await user.click(inspector().getByRole("button", { name: "Delete this widget" }));
    expect(store.getState().doc.widgets.map((w) => w.widget)).toEqual([{ title_row: { text: "b" } }]);
    expect(document.getElementById("editor-announcer")?.textContent).toBe(
      "Deleted the unknown widget 1. Undo with Ctrl+Z.",
    );
    // The form went with the widget: the row selected in its place has the keyboard, as after the list's delete.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Title, widget 1" }));
    store.getState().undo();
    expect(store.getState().doc.widgets[0]?.widget).toEqual({ fancy_row: { text: "a" } });
  });

  it("names a widget's extra kinds, not the semantic_paths beside them", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const two = { title_row: { text: "a" }, subtitle_row: { text: "b" }, semantic_paths: { brand: "text" } };
    await importBody(user, { widgets: [two] });
    await user.click(screen.getByRole("button", { name: "Unknown widget, widget 1" }));
    expect(
      inspector().getByText(
        /A widget holds exactly one widget key; this one has title_row and subtitle_row\./,
      ),
    ).toBeTruthy();
    expect(inspector().queryByRole("button", { name: /semantic_paths/ })).toBeNull();
  });

  it("renames a misspelt field and a misspelt document field", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await importBody(user, {
      widgets: [{ title_row: { text: "x", has_dividr: true } }],
      semantc: { a: "b" },
    });
    await user.click(screen.getByRole("button", { name: "Title, widget 1" }));
    await user.click(inspector().getByRole("button", { name: "Rename has_dividr to has_divider" }));
    expect(store.getState().doc.widgets[0]?.widget).toEqual({ title_row: { text: "x", has_divider: true } });
    await user.click(screen.getByRole("tab", { name: /settings/i }));
    await user.click(await inspector().findByRole("button", { name: "Rename semantc to semantic" }));
    expect(store.getState().doc.fields).toEqual({ semantic: { a: "b" } });
  });
});

describe("the form while it follows a new selection", () => {
  it("takes no input until it is the selected widget's (a Title typed at once went into the one before)", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Selector" }));
    await waitFor(() => expect(inspector().getByRole("heading", { name: /widget 1$/ })).toBeTruthy());
    const wrapper = document.querySelector(".widget-form");
    if (!wrapper) throw new Error("no .widget-form");
    // The form follows a render after the selection (useDeferredValue): record what the page went through.
    const seen: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records)
        if (r.attributeName === "inert") seen.push(r.oldValue === null ? "inert" : "live");
    });
    observer.observe(wrapper, { attributes: true, attributeOldValue: true });
    await user.click(screen.getByRole("button", { name: "Add Selector" }));
    await waitFor(() => expect(inspector().getByRole("heading", { name: /widget 2$/ })).toBeTruthy());
    observer.disconnect();
    expect(store.getState().doc.widgets).toHaveLength(2);
    // While widget 1's form still showed, widget 2 selected, it was inert; it takes input again now.
    expect(seen).toEqual(["inert", "live"]);
    expect(wrapper.hasAttribute("inert")).toBe(false);
  });
});

describe("focus in a form that gives way to another widget's", () => {
  it("goes to the next form's heading after Ctrl+Z past the widget's add, not to the page", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Selector" }));
    await waitFor(() => expect(inspector().getByRole("heading", { name: /widget 2$/ })).toBeTruthy());
    const title = inspector().getByLabelText(/^Title/) as HTMLInputElement;
    title.focus();
    await user.keyboard("{Control>}z{/Control}");
    await waitFor(() => expect(inspector().getByRole("heading", { name: /widget 1$/ })).toBeTruthy());
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Title widget 1$/));
  });
});
