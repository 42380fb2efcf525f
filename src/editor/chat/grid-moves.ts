import { CHAT_GRID, CHAT_MAX_BUTTONS } from "../../platform/bodies";
import { buttonCount, type ChatRowItem, type Nudge } from "./chat-document";

/** The key of the cell that adds a button to a row, and of the cell that opens a new row. */
export const addCellKey = (rowId: string) => `add:${rowId}`;
export const NEW_ROW_KEY = "new-row";

/**
 * The focusable cells of one side's grid, row by row in reading order (index 0 is the rightmost):
 * each row's buttons, then its add cell while the row has room, then a new-row cell while the grid
 * has room. Room is the app's 3 by 3 layout and the 9 buttons a side may carry.
 */
export function gridCells(rows: readonly ChatRowItem[]): string[][] {
  const room = buttonCount(rows) < CHAT_MAX_BUTTONS;
  const cells = rows.map((r) => [
    ...r.buttons.map((b) => b.id),
    ...(room && r.buttons.length < CHAT_GRID ? [addCellKey(r.id)] : []),
  ]);
  if (room && rows.length < CHAT_GRID) cells.push([NEW_ROW_KEY]);
  if (cells.length === 0) cells.push([NEW_ROW_KEY]);
  return cells;
}

/**
 * The cell an arrow key (or Home/End) leads to from `key`. The grid reads right to left, so
 * ArrowRight goes to the earlier cell and ArrowLeft to the later one; up and down keep the place in
 * the row as far as the other row reaches.
 */
export function neighbourCell(cells: readonly string[][], key: string, pressed: string): string | undefined {
  const row = cells.findIndex((r) => r.includes(key));
  const cellsOfRow = cells[row];
  if (!cellsOfRow) return cells[0]?.[0];
  const index = cellsOfRow.indexOf(key);
  const at = (r: number, i: number) => {
    const target = cells[r];
    return target ? target[Math.min(i, target.length - 1)] : undefined;
  };
  switch (pressed) {
    case "ArrowRight":
      return cellsOfRow[index - 1];
    case "ArrowLeft":
      return cellsOfRow[index + 1];
    case "ArrowUp":
      return at(row - 1, index);
    case "ArrowDown":
      return at(row + 1, index);
    case "Home":
      return cellsOfRow[0];
    case "End":
      return cellsOfRow[cellsOfRow.length - 1];
    default:
      return undefined;
  }
}

/** The one-step move an Alt+arrow shortcut asks for (right is earlier: the grid reads right to left). */
export const NUDGE_KEYS: Readonly<Record<string, Nudge>> = {
  ArrowRight: "earlier",
  ArrowLeft: "later",
  ArrowUp: "up",
  ArrowDown: "down",
};

/** Why a move into row `row` (counted from 0) did nothing when that row is full. */
export function fullRowNote(row: number): string {
  return `Row ${row + 1} is full: the app draws at most ${CHAT_GRID} buttons in a row.`;
}

/** Why a one-step move did nothing, said to the user instead of silence. */
export function refusedMove(direction: Nudge, rows: readonly ChatRowItem[], row: number): string {
  if (direction === "earlier") return "It is already the first (rightmost) button of its row.";
  if (direction === "later") return "It is already the last (leftmost) button of its row.";
  if (direction === "up" && row === 0) return "It is already in the top row.";
  const target = rows[direction === "up" ? row - 1 : row + 1];
  if (target && target.buttons.length >= CHAT_GRID) return fullRowNote(row + (direction === "up" ? -1 : 1));
  if (!target && rows[row]?.buttons.length === 1) return "It is already alone in the last row.";
  return `The app draws at most ${CHAT_GRID} rows: there is no room for another.`;
}
