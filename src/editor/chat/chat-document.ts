import * as z from "zod";
import { CHAT_MAX_BUTTONS } from "../../platform/bodies";
import type { PathSegment } from "../../platform/problems";
import { newId, setAtPath } from "../store/document";

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

/** A button as added from the composer: a caption and a link, ready to edit. */
export function newChatButton(): ChatButtonItem {
  return { id: newId(), value: { caption: "مشاهده", action: { open_direct_link: "https://example.com" } } };
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

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length || from === to) return out;
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

/** Sets the message text. */
export function setMessage(d: ChatDraft, message: string): ChatDraft {
  return { ...d, message };
}

/** Adds a row holding one new button; refused (unchanged) when the side already holds the maximum. */
export function addRow(d: ChatDraft, side: ChatSide): ChatDraft {
  if (buttonCount(d[side]) >= CHAT_MAX_BUTTONS) return d;
  return withSide(d, side, [...d[side], { id: newId(), buttons: [newChatButton()] }]);
}

/** Removes a row and its buttons. */
export function removeRow(d: ChatDraft, side: ChatSide, rowId: string): ChatDraft {
  return withSide(
    d,
    side,
    d[side].filter((r) => r.id !== rowId),
  );
}

/** Moves a row from one position to another. */
export function moveRow(d: ChatDraft, side: ChatSide, from: number, to: number): ChatDraft {
  return withSide(d, side, move(d[side], from, to));
}

/** Adds a button at the end of a row; refused (unchanged) at the side's maximum. */
export function addButton(d: ChatDraft, side: ChatSide, rowId: string): ChatDraft {
  if (buttonCount(d[side]) >= CHAT_MAX_BUTTONS) return d;
  return withSide(
    d,
    side,
    d[side].map((r) => (r.id === rowId ? { ...r, buttons: [...r.buttons, newChatButton()] } : r)),
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
 * move is removed. Out-of-range targets leave the draft unchanged.
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
  const rows = d[side].map((r) => ({ ...r, buttons: [...r.buttons] }));
  const [button] = rows[at.row]?.buttons.splice(at.index, 1) ?? [];
  const dest = rows[toRow];
  if (!button || !dest) return d;
  dest.buttons.splice(Math.max(0, Math.min(toIndex, dest.buttons.length)), 0, button);
  return withSide(
    d,
    side,
    rows.filter((r) => r.buttons.length > 0),
  );
}

/** Moves a button one step: earlier/later in its row, or to the end of the previous/next row. */
export function nudgeButton(
  d: ChatDraft,
  side: ChatSide,
  buttonId: string,
  direction: "earlier" | "later" | "up" | "down",
): ChatDraft {
  const at = locateButton(d[side], buttonId);
  if (!at) return d;
  if (direction === "earlier") return moveButton(d, side, buttonId, at.row, Math.max(at.index - 1, 0));
  if (direction === "later") return moveButton(d, side, buttonId, at.row, at.index + 1);
  const toRow = direction === "up" ? at.row - 1 : at.row + 1;
  const dest = d[side][toRow];
  return dest ? moveButton(d, side, buttonId, toRow, dest.buttons.length) : d;
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
          value: typeof next === "object" && next !== null && !Array.isArray(next) ? { ...next } : {},
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
