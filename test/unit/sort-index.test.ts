import { arrayMove } from "@dnd-kit/sortable";
import { describe, expect, it } from "vitest";
import { sortIndex } from "../../src/editor/canvas/sort-index";

describe("a row's place while another is dragged over the list", () => {
  it("is where dnd-kit's own arrayMove puts it, for every row, pick-up and place of a 7-row list", () => {
    const items = ["a", "b", "c", "d", "e", "f", "g"];
    for (let activeIndex = 0; activeIndex < items.length; activeIndex++)
      for (let overIndex = 0; overIndex < items.length; overIndex++) {
        const moved = arrayMove(items, activeIndex, overIndex);
        for (const id of items)
          expect(
            sortIndex({ id, items, activeIndex, overIndex }),
            `${id}: ${activeIndex} → ${overIndex}`,
          ).toBe(moved.indexOf(id));
      }
  });

  it("is -1 for an id not in the list, as arrayMove's indexOf says", () => {
    expect(sortIndex({ id: "z", items: ["a", "b"], activeIndex: 0, overIndex: 1 })).toBe(-1);
  });
});
