import type { Active, DragEndEvent, DragMoveEvent, DragStartEvent } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { makeAnnouncements } from "../../src/editor/shell/drag-announcements";
import { createEditorStore } from "../../src/editor/store/editor-store";

const active: Active = {
  id: "palette:title_row",
  data: { current: undefined },
  rect: { current: { initial: null, translated: null } },
};
const activatorEvent = new Event("pointerdown");
const start: DragStartEvent = { active, activatorEvent };
const move: DragMoveEvent = { active, activatorEvent, collisions: null, delta: { x: 0, y: 4 }, over: null };
const over = {
  id: "list:end",
  rect: { width: 1, height: 1, top: 0, left: 0, bottom: 1, right: 1 },
  disabled: false,
  data: { current: undefined },
};
const end: DragEndEvent = { ...move, over };

describe("what a screen reader hears of a palette drag", () => {
  it("ends on where the widget was added: a move reported after the drop says nothing", () => {
    const store = createEditorStore();
    const say = makeAnnouncements(store);
    expect(say.onDragStart(start)).toBe("Picked up Title from the palette.");
    store.getState().setPaletteDrop({ kind: "title_row", at: 0 });
    expect(say.onDragMove?.(move)).toBe("Title will be added at position 1.");
    expect(say.onDragEnd(end)).toBe("Added Title at position 1.");
    // The drop cleared the palette's place; dnd-kit's effect for the last pointer move runs after it.
    store.getState().setPaletteDrop(null);
    expect(say.onDragMove?.(move)).toBeUndefined();
    expect(say.onDragOver({ ...move, over: null })).toBeUndefined();
    // The next drag is heard again.
    expect(say.onDragStart(start)).toBe("Picked up Title from the palette.");
    store.getState().setPaletteDrop({ kind: "title_row", at: 0 });
    expect(say.onDragMove?.(move)).toBe("Title will be added at position 1.");
  });
});
