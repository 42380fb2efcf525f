// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { rowRenders } from "../../src/editor/canvas/widget-row";
import { emptyDocument, wrapWidget } from "../../src/editor/store/document";
import type { Widget } from "../../src/platform";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

/**
 * jsdom has no layout: the list's scrolling box is given a height that holds every row (55 px each),
 * so the virtual list draws them all, as a tall window would, and every re-render can be counted.
 */
function tallListBox(): () => void {
  const proto = Element.prototype;
  const original = Object.getOwnPropertyDescriptor(proto, "clientHeight");
  Object.defineProperty(proto, "clientHeight", {
    configurable: true,
    get(this: Element) {
      return this.classList.contains("list-body") ? 200 * 61 : 0;
    },
  });
  return () => {
    if (original) Object.defineProperty(proto, "clientHeight", original);
  };
}

const SIZE = 40;

function titles(count: number) {
  const widgets = Array.from(
    { length: count },
    (_, i) => ({ title_row: { text: `Item ${i + 1}`, has_divider: false } }) as unknown as Widget,
  );
  return { ...emptyDocument("post"), widgets: widgets.map(wrapWidget) };
}

function summaries(): string[] {
  return within(screen.getByRole("list", { name: "Add-on widgets" }))
    .queryAllByRole("listitem")
    .map((li) => li.querySelector(".row-summary")?.textContent ?? "");
}

/** How many rows rendered their content while `action` ran. */
async function rendersDuring(action: () => Promise<void> | void): Promise<number> {
  const before = rowRenders.count;
  await action();
  return rowRenders.count - before;
}

describe("widget list: structural edits touch only what changed", () => {
  // 40 rows are drawn plainly; 150 (past PLAIN_LIMIT) by the virtual list.
  it.each([
    [40, "plain"],
    [150, "virtual"],
  ])(
    "re-renders only the rows whose widget, place or selection changed (%i rows, %s)",
    async (SIZE, mode) => {
      const user = userEvent.setup({ delay: null });
      const restore = tallListBox();
      onTestFinished(restore);
      const { store } = renderStudio();
      act(() => store.getState().load(titles(SIZE)));
      const list = screen.getByRole("list", { name: "Add-on widgets" });
      if (mode === "virtual")
        await waitFor(
          () =>
            expect(screen.getByRole("list", { name: "Add-on widgets" }).className).toContain("is-virtual"),
          { timeout: 10_000 },
        );
      else expect(list.className).not.toContain("is-virtual");
      expect(summaries()).toHaveLength(SIZE);
      const id = (i: number) => store.getState().doc.widgets[i]?.id ?? "";

      // Selecting: the old and the new selected rows.
      expect(
        await rendersDuring(() => user.click(screen.getByRole("button", { name: "Title, widget 20" }))),
      ).toBe(2);
      // Typing in the selected widget: its row only.
      const text = screen.getByLabelText(/^Text/);
      expect(await rendersDuring(() => user.type(text, "!"))).toBe(1);
      expect(summaries()[19]).toBe("Item 20!");

      // Move down by button: the two rows that swapped places.
      expect(await rendersDuring(() => user.click(screen.getByRole("button", { name: "Move down" })))).toBe(
        2,
      );
      expect(summaries().slice(19, 21)).toEqual(["Item 21", "Item 20!"]);

      // Duplicate near the end: the copy, the rows after it (their index changed) and the old selection.
      act(() => store.getState().select(id(SIZE - 4)));
      const dup = await rendersDuring(() => user.click(screen.getByRole("button", { name: "Duplicate" })));
      // The copy (new), the 3 rows after it moved by one, and the duplicated row (no longer selected).
      expect(dup).toBe(1 + 3 + 1);

      // Delete the next-to-last widget: the last row moves up one place and becomes selected (one render).
      act(() => store.getState().select(id(SIZE - 1)));
      const del = await rendersDuring(() => user.click(screen.getByRole("button", { name: "Delete" })));
      expect(del).toBe(1);
      expect(summaries()).toHaveLength(SIZE);

      // An insert by the palette after the selection at the end: the new row and the old selection.
      const add = await rendersDuring(() => user.click(screen.getByRole("button", { name: "Add Title" })));
      expect(add).toBe(2);
    },
    90_000,
  );

  it("reuses each widget's validation when widgets move", async () => {
    const { store } = renderStudio();
    act(() => store.getState().load(titles(SIZE)));
    const { widgetFindings } = await import("../../src/editor/store/selectors");
    const before = store.getState().doc.widgets.map((w) => widgetFindings(w.widget));
    act(() => store.getState().moveWidget(0, SIZE - 1));
    const after = store.getState().doc.widgets.map((w) => widgetFindings(w.widget));
    // The same finding arrays, in the new order: nothing was validated again.
    expect(after).toEqual([...before.slice(1), before[0]]);
    for (const [i, list] of after.entries()) expect(list).toBe(i === SIZE - 1 ? before[0] : before[i + 1]);
  });
});
