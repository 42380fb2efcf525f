// @vitest-environment jsdom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { documentFromBody, FULL_MESSAGE, MAX_WIDGETS } from "../../src/editor/store/document";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

function announced(): string {
  return document.getElementById("editor-announcer")?.textContent ?? "";
}

describe("an add-on of as many widgets as the studio opens", () => {
  it("adds nothing from the palette and duplicates nothing, says why, and the list's end says it too", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const widgets = Array.from({ length: MAX_WIDGETS }, (_, i) => ({ title_row: { text: `ردیف ${i + 1}` } }));
    act(() => store.getState().load(documentFromBody("post", { widgets }, widgets)));
    const list = screen.getByRole("region", { name: /Add-on widgets/ });
    const palette = screen.getByRole("region", { name: "Widgets" });
    expect(within(list).getByText(FULL_MESSAGE)).toBeTruthy();
    expect(within(palette).getByText(FULL_MESSAGE)).toBeTruthy();
    const before = store.getState().doc;

    await user.click(screen.getByRole("button", { name: "Add Subtitle" }));
    expect(announced()).toBe(FULL_MESSAGE);
    expect(store.getState().doc).toBe(before);

    await user.click(screen.getByRole("button", { name: "Title, widget 1" }));
    await user.click(within(list).getByRole("button", { name: "Duplicate" }));
    expect(announced()).toBe(FULL_MESSAGE);
    expect(store.getState().doc).toBe(before);
    expect(store.getState().doc.widgets).toHaveLength(MAX_WIDGETS);

    // One deleted, the palette adds again and the list's end invites drops again.
    await user.click(within(list).getByRole("button", { name: "Delete" }));
    expect(within(list).queryByText(FULL_MESSAGE)).toBeNull();
    expect(within(palette).queryByText(FULL_MESSAGE)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add Subtitle" }));
    expect(announced()).toMatch(/^Added Subtitle as widget 2 of 2,?000/);
    expect(store.getState().doc.widgets).toHaveLength(MAX_WIDGETS);
  }, 30_000);
});
