// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Widget } from "../../src/platform/widgets";
import { AddonPreview } from "../../src/preview/addon-preview";
import { frameAt, framesOf } from "../../src/preview/frame-labels";

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

describe("preview frames in chunks: a long preview keeps its frames across edits", () => {
  it("inserts, deletes and moves keep every other frame's element and number the frames right", async () => {
    const n = 300;
    let widgets = Array.from({ length: n }, (_, i) => title(`ردیف ${i + 1}`));
    let keys = widgets.map((_, i) => `w${i}`);
    const view = () => <AddonPreview widgets={widgets} keys={keys} theme="light" onSelect={() => {}} />;
    const { rerender } = render(view());
    const frames = () => [
      ...screen.getByRole("region", { name: "Add-on preview" }).querySelectorAll("article"),
    ];
    const elementOf = () => new Map(frames().map((el, i) => [keys[i], el]));
    const edit = (change: () => void) => {
      const before = elementOf();
      change();
      rerender(view());
      const after = elementOf();
      // Frames of widgets that were there before are the same elements (not drawn anew).
      const redrawn = keys.filter((k) => before.has(k) && before.get(k) !== after.get(k));
      return redrawn;
    };

    expect(
      edit(() => {
        widgets = [...widgets.slice(0, 150), title("نو"), ...widgets.slice(150)];
        keys = [...keys.slice(0, 150), "new", ...keys.slice(150)];
      }),
    ).toEqual([]);
    // A frame drawn after the edit is labelled at the next idle moment (frame-labels.ts).
    await waitFor(() => expect(labels()[150]).toBe("151. Title: نو"));
    expect(labels()[151]).toBe("152. Title: ردیف 151");

    expect(
      edit(() => {
        widgets = widgets.filter((_, i) => i !== 10);
        keys = keys.filter((_, i) => i !== 10);
      }),
    ).toEqual([]);
    expect(labels()[10]).toBe("11. Title: ردیف 12");

    // A move by one place across a chunk's edge draws one frame anew at most.
    const moved = edit(() => {
      widgets = [...widgets.slice(0, 31), widgets[32] as Widget, widgets[31] as Widget, ...widgets.slice(33)];
      keys = [...keys.slice(0, 31), keys[32] as string, keys[31] as string, ...keys.slice(33)];
    });
    expect(moved.length).toBeLessThanOrEqual(1);
    expect(labels().slice(30, 34)).toEqual([
      "31. Title: ردیف 32",
      "32. Title: ردیف 34",
      "33. Title: ردیف 33",
      "34. Title: ردیف 35",
    ]);
    expect(frames()).toHaveLength(n);
  });

  it("labels the frames of a chunk drawn anew when it outgrows its size and is cut", async () => {
    let widgets = Array.from({ length: 40 }, (_, i) => title(`ردیف ${i + 1}`));
    let keys = widgets.map((_, i) => `w${i}`);
    const view = () => <AddonPreview widgets={widgets} keys={keys} theme="light" onSelect={() => {}} />;
    const { rerender } = render(view());
    const expected = () =>
      widgets.map((w, i) => `${i + 1}. Title: ${(w as { title_row: { text: string } }).title_row.text}`);
    const append = (n: number, prefix: string) => {
      const added = Array.from({ length: n }, (_, i) => title(`${prefix} ${i + 1}`));
      widgets = [...widgets, ...added];
      keys = [...keys, ...added.map((_, i) => `${prefix}${i}`)];
      rerender(view());
    };
    // The last chunk grows to 98 frames, then past 128: its second part is drawn anew, and frames
    // 101-130 keep their positions and widgets in new elements.
    append(90, "نو");
    await waitFor(() => expect(labels()).toEqual(expected()));
    append(40, "بعد");
    await waitFor(() => expect(labels()).toEqual(expected()));
  });

  it("selects by click and by keys across the boxes the chunks are drawn in, and finds a frame by position", () => {
    const widgets = Array.from({ length: 200 }, (_, i) => title(`ردیف ${i + 1}`));
    const keys = widgets.map((_, i) => `w${i}`);
    const onSelect = vi.fn();
    render(
      <AddonPreview widgets={widgets} keys={keys} theme="light" selectedIndex={0} onSelect={onSelect} />,
    );
    const phone = screen.getByRole("region", { name: "Add-on preview" });
    const frames = framesOf(phone);
    expect(frames).toHaveLength(200);
    // Drawn in several boxes, not all in one (a change lays out its own box only).
    const boxes = new Set(frames.map((f) => f.parentElement));
    expect(boxes.size).toBeGreaterThan(2);
    expect(frames.every((f) => f.parentElement !== phone)).toBe(true);
    // The last frame of a box and the first of the next: positions run on across them.
    const edge = frames.findIndex((f, i) => i > 0 && f.parentElement !== frames[i - 1]?.parentElement);
    expect(edge).toBeGreaterThan(0);
    const at = (i: number): HTMLElement => {
      const el = frames[i];
      if (!el) throw new Error(`no frame ${i}`);
      return el;
    };
    const last = at(edge - 1);
    expect(last.getAttribute("aria-label")).toBe(`${edge}. Title: ردیف ${edge}`);
    expect(frameAt(phone, edge)).toBe(frames[edge]);
    expect(frameAt(phone, 199)).toBe(frames[199]);
    expect(frameAt(phone, 200)).toBeUndefined();
    fireEvent.keyDown(last, { key: "ArrowDown" });
    expect(onSelect).toHaveBeenLastCalledWith(edge);
    expect(document.activeElement).toBe(frames[edge]);
    fireEvent.keyDown(at(edge), { key: "ArrowUp" });
    expect(onSelect).toHaveBeenLastCalledWith(edge - 1);
    fireEvent.click(screen.getByRole("article", { name: "170. Title: ردیف 170" }));
    expect(onSelect).toHaveBeenLastCalledWith(169);
    fireEvent.keyDown(at(3), { key: "End" });
    expect(onSelect).toHaveBeenLastCalledWith(199);
  });
});
