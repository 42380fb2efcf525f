import * as z from "zod";
import { CHAT_GRID, CHAT_MAX_BUTTONS } from "../../platform/bodies";
import { isRecord } from "../../platform/json";
import type { PathSegment } from "../../platform/problems";
import { persianDigits } from "../../preview/preview-kit";
import { newId } from "../store/document";
import { setAtPath } from "../store/json-paths";

/** One chat button as the composer holds it: the exported JSON plus an editor-only id. */
export interface ChatButtonItem {
  id: string;
  value: Record<string, unknown>;
}

/** One row of buttons. */
export interface ChatRowItem {
  id: string;
  buttons: ChatButtonItem[];
}

/** The two button sets of a message. */
export type ChatSide = "sender" | "receiver";

/** The composer's document: the 4.10 body's parts, plus where to send it and how to preview it. */
export interface ChatDraft {
  message: string;
  sender: ChatRowItem[];
  receiver: ChatRowItem[];
  conversationId: string;
  appName: string;
}

/** Body key of each side. */
export const SIDE_KEYS = { sender: "sender_buttons", receiver: "receiver_buttons" } as const;

/**
 * A new button: a numbered caption no other button of the side has ("دکمه ۲"), and a server link,
 * which is valid as it stands and, pressed, asks the app's start address where to go (no made-up URL).
 */
export function newChatButton(rows: readonly ChatRowItem[] = []): ChatButtonItem {
  const taken = new Set(rows.flatMap((r) => r.buttons.map((b) => b.value.caption)));
  let n = 1;
  while (taken.has(`دکمه ${persianDigits(n)}`)) n++;
  return {
    id: newId(),
    value: { caption: `دکمه ${persianDigits(n)}`, action: { open_server_link: { data: {} } } },
  };
}

/** An empty composer with a sample message. */
export function emptyChatDraft(): ChatDraft {
  return {
    message: "سلام! گزارش کارشناسی آگهی شما آماده است.",
    sender: [],
    receiver: [],
    conversationId: "",
    appName: "",
  };
}

/** How many buttons a side holds. */
export function buttonCount(rows: readonly ChatRowItem[]): number {
  return rows.reduce((n, r) => n + r.buttons.length, 0);
}

function withSide(d: ChatDraft, side: ChatSide, rows: ChatRowItem[]): ChatDraft {
  return side === "sender" ? { ...d, sender: rows } : { ...d, receiver: rows };
}

/** Sets the message text. */
export function setMessage(d: ChatDraft, message: string): ChatDraft {
  return { ...d, message };
}

/** Adds a row holding one new button; refused (unchanged) when the side already holds the maximum. */
export function addRow(d: ChatDraft, side: ChatSide, button = newChatButton(d[side])): ChatDraft {
  if (buttonCount(d[side]) >= CHAT_MAX_BUTTONS) return d;
  return withSide(d, side, [...d[side], { id: newId(), buttons: [button] }]);
}

/** Adds a button at the end of a row; refused (unchanged) at the side's maximum. */
export function addButton(
  d: ChatDraft,
  side: ChatSide,
  rowId: string,
  button = newChatButton(d[side]),
): ChatDraft {
  if (buttonCount(d[side]) >= CHAT_MAX_BUTTONS) return d;
  return withSide(
    d,
    side,
    d[side].map((r) => (r.id === rowId ? { ...r, buttons: [...r.buttons, button] } : r)),
  );
}

/** Removes a button; a row left empty goes too (an empty row is invalid and shows nothing). */
export function removeButton(d: ChatDraft, side: ChatSide, buttonId: string): ChatDraft {
  const rows = d[side]
    .map((r) => ({ ...r, buttons: r.buttons.filter((b) => b.id !== buttonId) }))
    .filter((r) => r.buttons.length > 0);
  return withSide(d, side, rows);
}

/** Where a button sits: its row's index and its index in the row. */
export function locateButton(
  rows: readonly ChatRowItem[],
  buttonId: string,
): { row: number; index: number } | undefined {
  for (let row = 0; row < rows.length; row++) {
    const index = rows[row]?.buttons.findIndex((b) => b.id === buttonId) ?? -1;
    if (index >= 0) return { row, index };
  }
  return undefined;
}

/**
 * Moves a button to position `toIndex` of row `toRow` (possibly another row). A row emptied by the
 * move is removed. The draft comes back unchanged (the same object) when the target is out of range,
 * the button would stay where it is, or the target row already holds the three buttons the app draws
 * in a row: the one place that rule is kept, for drags and one-step moves alike.
 */
export function moveButton(
  d: ChatDraft,
  side: ChatSide,
  buttonId: string,
  toRow: number,
  toIndex: number,
): ChatDraft {
  const at = locateButton(d[side], buttonId);
  const target = d[side][toRow];
  if (!at || !target) return d;
  if (toRow !== at.row && target.buttons.length >= CHAT_GRID) return d;
  const rows = d[side].map((r) => ({ ...r, buttons: [...r.buttons] }));
  const [button] = rows[at.row]?.buttons.splice(at.index, 1) ?? [];
  const dest = rows[toRow];
  if (!button || !dest) return d;
  const index = Math.max(0, Math.min(toIndex, dest.buttons.length));
  if (toRow === at.row && index === at.index) return d;
  dest.buttons.splice(index, 0, button);
  return withSide(
    d,
    side,
    rows.filter((r) => r.buttons.length > 0),
  );
}

/**
 * Moves a button into a new row of its own at the end. Unchanged when it is alone in the last row, or
 * when the new row would be a fourth (the app draws at most three).
 */
export function moveButtonToNewRow(d: ChatDraft, side: ChatSide, buttonId: string): ChatDraft {
  const at = locateButton(d[side], buttonId);
  const button = at ? d[side][at.row]?.buttons[at.index] : undefined;
  if (!at || !button) return d;
  if (at.row === d[side].length - 1 && d[side][at.row]?.buttons.length === 1) return d;
  const rows = d[side]
    .map((r) => ({ ...r, buttons: r.buttons.filter((b) => b.id !== buttonId) }))
    .filter((r) => r.buttons.length > 0);
  if (rows.length >= CHAT_GRID) return d;
  return withSide(d, side, [...rows, { id: newId(), buttons: [button] }]);
}

/** A one-step move of a button. */
export type Nudge = "earlier" | "later" | "up" | "down";

/**
 * Moves a button one step: earlier/later in its row, or to the row above/below at the same place;
 * down from the last row opens a new row. Unchanged (the same object) where the step would leave the
 * grid or break the app's three-by-three layout, which the moves above refuse.
 */
export function nudgeButton(d: ChatDraft, side: ChatSide, buttonId: string, direction: Nudge): ChatDraft {
  const at = locateButton(d[side], buttonId);
  if (!at) return d;
  if (direction === "earlier")
    return at.index === 0 ? d : moveButton(d, side, buttonId, at.row, at.index - 1);
  if (direction === "later") return moveButton(d, side, buttonId, at.row, at.index + 1);
  const toRow = direction === "up" ? at.row - 1 : at.row + 1;
  if (toRow < 0) return d;
  if (toRow >= d[side].length) return moveButtonToNewRow(d, side, buttonId);
  return moveButton(d, side, buttonId, toRow, at.index);
}

/** Sets a field of a button (path relative to the button; undefined removes it). */
export function setButtonField(
  d: ChatDraft,
  side: ChatSide,
  buttonId: string,
  path: readonly PathSegment[],
  value: unknown,
): ChatDraft {
  return withSide(
    d,
    side,
    d[side].map((r) => ({
      ...r,
      buttons: r.buttons.map((b) => {
        if (b.id !== buttonId) return b;
        const next = setAtPath(b.value, path, value);
        return {
          ...b,
          value: isRecord(next) ? { ...next } : {},
        };
      }),
    })),
  );
}

/** The 4.10 body: the message and each side that has buttons (sides without buttons are left out). */
export function chatBody(d: ChatDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { message: d.message };
  for (const side of ["sender", "receiver"] as const) {
    if (d[side].length > 0)
      body[SIDE_KEYS[side]] = { rows: d[side].map((r) => ({ buttons: r.buttons.map((b) => b.value) })) };
  }
  return body;
}

const buttonItemSchema = z.object({ id: z.string(), value: z.record(z.string(), z.unknown()) });
const rowItemSchema = z.object({ id: z.string(), buttons: z.array(buttonItemSchema) });
/** The autosaved draft's shape, checked on load (storage is outside the program's control). */
export const chatDraftSchema = z.object({
  message: z.string(),
  sender: z.array(rowItemSchema),
  receiver: z.array(rowItemSchema),
  conversationId: z.string(),
  appName: z.string(),
});
