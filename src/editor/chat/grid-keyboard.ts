import type { ClientRect, KeyboardCoordinateGetter, UniqueIdentifier } from "@dnd-kit/core";

const ARROWS: Record<string, "up" | "down" | "left" | "right"> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

/**
 * Keyboard moves for the nested grid: a row steps to the next row, a button to the nearest button in
 * the pressed direction (in its row, or the row above or below). dnd-kit's sortable getter would look
 * at rows and buttons alike, so a row moving down lands on its own first button and goes nowhere.
 */
/** Arrow keys move a dragged chat button by grid cells (right to left), not by pixels. */
export function gridKeyboardCoordinates(isRow: (id: UniqueIdentifier) => boolean): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const dir = ARROWS[event.code];
    if (!dir) return undefined;
    event.preventDefault();
    const { active, collisionRect, droppableRects, droppableContainers } = context;
    if (!active || !collisionRect) return undefined;
    const row = isRow(active.id);
    const cx = collisionRect.left + collisionRect.width / 2;
    const cy = collisionRect.top + collisionRect.height / 2;
    let best: ClientRect | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const c of droppableContainers.getEnabled()) {
      if (c.id === active.id || isRow(c.id) !== row) continue;
      const r = droppableRects.get(c.id);
      if (!r) continue;
      const dx = r.left + r.width / 2 - cx;
      const dy = r.top + r.height / 2 - cy;
      const ahead = dir === "down" ? dy > 1 : dir === "up" ? dy < -1 : dir === "right" ? dx > 1 : dx < -1;
      // Left and right stay in the row (same height band); up and down may change column.
      const sameBand = dir === "left" || dir === "right" ? Math.abs(dy) < r.height / 2 : true;
      if (!ahead || !sameBand) continue;
      const distance = dir === "up" || dir === "down" ? Math.abs(dy) * 4 + Math.abs(dx) : Math.abs(dx);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = r;
      }
    }
    if (!best) return undefined;
    // Puts the dragged item's centre on the target's centre, so closest-centre collision picks it.
    return {
      x: best.left + best.width / 2 - collisionRect.width / 2,
      y: best.top + best.height / 2 - collisionRect.height / 2,
    };
  };
}
