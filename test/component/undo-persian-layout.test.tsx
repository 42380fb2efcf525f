// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it } from "vitest";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

// With the Persian layout on (as it is while typing Persian text), Ctrl+Z reports key "ظ" and
// Ctrl+Y "غ": the shortcuts read only `key`, so neither undid nor redid anything.
it("Ctrl+Z and Ctrl+Y undo and redo with a Persian keyboard layout", async () => {
  const user = userEvent.setup({ delay: null });
  const { store } = renderStudio();
  await user.click(screen.getByRole("button", { name: "Add Title" }));
  const row = document.activeElement ?? document.body;
  expect(store.getState().doc.widgets).toHaveLength(1);
  fireEvent.keyDown(row, { key: "ظ", code: "KeyZ", ctrlKey: true });
  expect(store.getState().doc.widgets).toHaveLength(0);
  fireEvent.keyDown(document.body, { key: "غ", code: "KeyY", ctrlKey: true });
  expect(store.getState().doc.widgets).toHaveLength(1);
  // Ctrl+Shift+Z on the Persian layout.
  fireEvent.keyDown(document.body, { key: "ظ", code: "KeyZ", ctrlKey: true });
  fireEvent.keyDown(document.body, { key: "ظ", code: "KeyZ", ctrlKey: true, shiftKey: true });
  expect(store.getState().doc.widgets).toHaveLength(1);
});
