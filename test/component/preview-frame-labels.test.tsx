// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Widget } from "../../src/platform/widgets";
import { AddonPreview } from "../../src/preview/addon-preview";

afterEach(cleanup);

const title = (text: string): Widget => ({ title_row: { text } }) as Widget;

/** The frames' accessible names, in order. */
function labels(): string[] {
  const frames = screen.getByRole("region", { name: "Add-on preview" }).querySelectorAll("article");
  return [...frames].map((el) => el.getAttribute("aria-label") ?? "");
}

describe("preview frames: position and name in each label", () => {
  it("renumbers every frame after an insert, a delete and a move, and follows a renamed widget", () => {
    const a = title("یک");
    const b = title("دو");
    const c = title("سه");
    const onSelect = vi.fn();
    const view = (widgets: Widget[], keys: string[]) => (
      <AddonPreview widgets={widgets} keys={keys} theme="light" selectedIndex={0} onSelect={onSelect} />
    );
    const { rerender } = render(view([a, b, c], ["a", "b", "c"]));
    expect(labels()).toEqual(["1. Title: یک", "2. Title: دو", "3. Title: سه"]);

    const n = title("نو");
    rerender(view([n, a, b, c], ["n", "a", "b", "c"]));
    expect(labels()).toEqual(["1. Title: نو", "2. Title: یک", "3. Title: دو", "4. Title: سه"]);

    rerender(view([n, b, c], ["n", "b", "c"]));
    expect(labels()).toEqual(["1. Title: نو", "2. Title: دو", "3. Title: سه"]);

    rerender(view([c, n, b], ["c", "n", "b"]));
    expect(labels()).toEqual(["1. Title: سه", "2. Title: نو", "3. Title: دو"]);

    const renamed = title("دوم");
    rerender(view([c, n, renamed], ["c", "n", "b"]));
    expect(labels()).toEqual(["1. Title: سه", "2. Title: نو", "3. Title: دوم"]);

    // Selection by click and by keys reports the frame's position now, not when it was drawn.
    fireEvent.click(screen.getByRole("article", { name: "3. Title: دوم" }));
    expect(onSelect).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(screen.getByRole("article", { name: "1. Title: سه" }), { key: "ArrowDown" });
    expect(onSelect).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(screen.getByRole("article", { name: "2. Title: نو" }), { key: "End" });
    expect(onSelect).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(screen.getByRole("article", { name: "1. Title: سه" }), { key: "Enter" });
    expect(onSelect).toHaveBeenLastCalledWith(0);
  });
});
