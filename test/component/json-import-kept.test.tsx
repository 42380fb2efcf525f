// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
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
