import { describe, expect, it } from "vitest";
import { gridStep } from "../../src/editor/inspector/icon-picker";

describe("the icon grid's keys", () => {
  it("move along a row, between rows, and to either end", () => {
    // 10 options shown, 3 per row.
    expect(gridStep("ArrowRight", 4, 10, 3)).toBe(5);
    expect(gridStep("ArrowLeft", 4, 10, 3)).toBe(3);
    expect(gridStep("ArrowLeft", 0, 10, 3)).toBe(0);
    expect(gridStep("ArrowDown", 4, 10, 3)).toBe(7);
    expect(gridStep("ArrowUp", 4, 10, 3)).toBe(1);
    expect(gridStep("ArrowUp", 2, 10, 3)).toBe(2);
    expect(gridStep("Home", 7, 10, 3)).toBe(0);
    expect(gridStep("End", 1, 10, 3)).toBe(9);
    // Past the last one shown: the picker shows more (or stays on the last).
    expect(gridStep("ArrowDown", 8, 10, 3)).toBe(11);
    expect(gridStep("Enter", 4, 10, 3)).toBeNull();
    expect(gridStep("a", 4, 10, 3)).toBeNull();
  });
});
