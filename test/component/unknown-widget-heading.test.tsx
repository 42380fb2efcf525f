// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { act } from "react";
import { afterEach, beforeEach, expect, it } from "vitest";
import { importText } from "../../src/editor/json/import-body";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

// A misspelt widget key ("titel_row") is an "Unknown widget" in the list and the Problems tab; the
// inspector's heading said "Widget widget 1".
it("the inspector names a widget of no known kind as the list does", () => {
  const { store } = renderStudio();
  const res = importText('{"widgets": [{"titel_row": {"text": "گزارش"}}]}', "post");
  if (!res.ok) throw new Error(res.message);
  act(() => {
    store.getState().replace(res.doc);
    store.getState().select(store.getState().doc.widgets[0]?.id ?? null);
  });
  const heading = inspector().getByRole("heading", { level: 2 });
  expect(heading.textContent).toBe("Unknown widget widget 1");
});
