// @vitest-environment jsdom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROBLEMS_PAGE } from "../../src/editor/problems/problems-panel";
import { documentFromBody } from "../../src/editor/store/document";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe("the Problems panel of an add-on with thousands of problems", () => {
  it("draws the first 200 and adds 200 more at a time, counting all of them", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    // 450 titles over their 49 characters: one error each.
    const widgets = Array.from({ length: 450 }, (_, i) => ({
      title_row: { text: `${i} ${"x".repeat(60)}` },
    }));
    act(() => store.getState().load(documentFromBody("post", { widgets }, widgets)));
    const panel = within(screen.getByRole("region", { name: "Problems" }));
    expect(panel.getByText(/^450 errors, 0 warnings\./)).toBeTruthy();
    // Buttons whose text starts with their severity: a query by accessible name computes it for every
    // one of 400 buttons (seconds in jsdom on a loaded machine); problem rows' names are the subject
    // of the Problems panel's other tests.
    const rows = () => panel.getAllByRole("button").filter((b) => b.textContent?.startsWith("Error"));
    const more = () => panel.queryByText(/^Show \d+ more \(\d+ not shown\)$/)?.closest("button") ?? null;
    expect(rows()).toHaveLength(PROBLEMS_PAGE);
    expect(rows()[0]).toHaveProperty("textContent", expect.stringMatching(/^ErrorTitle \(widget 1\)/));
    expect(more()?.textContent).toBe("Show 200 more (250 not shown)");
    await user.click(more() ?? panel.getByText("no Show more button"));
    expect(rows()).toHaveLength(400);
    // The keyboard goes on from the first problem added.
    expect(document.activeElement).toBe(rows()[200]);
    expect(document.activeElement?.textContent).toContain("Title (widget 201)");
    expect(more()?.textContent).toBe("Show 50 more (50 not shown)");
    await user.click(more() ?? panel.getByText("no Show more button"));
    expect(rows()).toHaveLength(450);
    expect(more()).toBeNull();
    // The last one still leads to its field.
    const last = rows()[449];
    if (!last) throw new Error("450 problems are listed");
    await user.click(last);
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    expect(document.activeElement?.id).toBe("field:widgets/449/title_row/text");
  });
});
