// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it } from "vitest";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

async function openJson(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("tab", { name: "JSON" }));
  // The panel is loaded on demand: the first load transforms its modules, slow on a busy machine.
  return within(await screen.findByRole("region", { name: "JSON" }, { timeout: 15_000 }));
}

/** The import's outcome, said under the import box. */
function outcome(panel: ReturnType<typeof within>): string {
  return panel.getByText(/^Loaded a v2/).closest('[role="status"]')?.textContent ?? "";
}

it("a refused paste is still in the import box after a look at another output tab", async () => {
  const user = userEvent.setup({ delay: null });
  const { store } = renderStudio();
  await user.click(screen.getByRole("button", { name: "Add Title" }));
  const before = store.getState().doc;
  let panel = await openJson(user);
  const text = '{\n  "widgets": [\n    {"title_row": {"text": "گزارش"}},\n  ]\n}';
  fireEvent.change(panel.getByLabelText(/Paste JSON to import/), { target: { value: text } });
  await user.click(panel.getByRole("button", { name: "Import JSON" }));
  expect(panel.getByRole("alert").textContent).toMatch(/line 4, column 3, in widgets: trailing comma/);
  expect(store.getState().doc).toBe(before);
  // The user looks at the problems, then comes back to fix the comma: the paste was not lost.
  await user.click(screen.getByRole("tab", { name: /^Problems/ }));
  expect(screen.queryByRole("region", { name: "JSON" })).toBeNull();
  panel = await openJson(user);
  expect(panel.getByLabelText<HTMLTextAreaElement>(/Paste JSON to import/).value).toBe(text);
});

it("an import over a draft with widgets opens as a new draft, and the draft it replaced survives a reload", async () => {
  const user = userEvent.setup({ delay: null });
  const first = renderStudio();
  await user.click(screen.getByRole("button", { name: "Add Title" }));
  await user.click(screen.getByRole("button", { name: "Add Score" }));
  const name = screen.getByLabelText("Draft name");
  await user.clear(name);
  await user.type(name, "آپارتمان سعادت‌آباد{Enter}");
  const mine = first.store.getState().doc.widgets.length;
  const panel = await openJson(user);
  const body = { widgets: [{ title_row: { text: "" } }] };
  fireEvent.change(panel.getByLabelText(/Paste JSON to import/), { target: { value: JSON.stringify(body) } });
  await user.click(panel.getByRole("button", { name: "Import JSON" }));
  expect(outcome(panel)).toContain(
    "It opened as a new draft; your draft “\u2068آپارتمان سعادت‌آباد\u2069” is kept",
  );
  expect(first.store.getState().doc.widgets).toHaveLength(1);
  const names = () =>
    within(screen.getByLabelText("Open draft"))
      .getAllByRole("option")
      .map((o) => o.textContent);
  expect(names()).toEqual(expect.arrayContaining(["آپارتمان سعادت‌آباد", "Imported add-on"]));

  // A reload: both drafts are there, and the one the import would have replaced has its widgets.
  first.close();
  const second = renderStudio();
  expect(names()).toEqual(expect.arrayContaining(["آپارتمان سعادت‌آباد", "Imported add-on"]));
  const old = second.session.ui.getState().drafts.find((d) => d.name === "آپارتمان سعادت‌آباد");
  expect(old && second.session.switchTo(old.id)).toBe(true);
  expect(second.store.getState().doc.widgets).toHaveLength(mine);
});

it("an import into an empty draft takes its place, and one undo brings the empty draft back", async () => {
  const user = userEvent.setup({ delay: null });
  const { store, session } = renderStudio();
  const panel = await openJson(user);
  fireEvent.change(panel.getByLabelText(/Paste JSON to import/), {
    target: { value: JSON.stringify({ widgets: [{ title_row: { text: "گزارش" } }] }) },
  });
  await user.click(panel.getByRole("button", { name: "Import JSON" }));
  expect(outcome(panel)).toContain("Undo (Ctrl+Z) brings back the previous document.");
  expect(session.ui.getState().drafts).toHaveLength(1);
  expect(store.getState().doc.widgets).toHaveLength(1);
  act(() => {
    store.getState().undo();
  });
  expect(store.getState().doc.widgets).toHaveLength(0);
});
