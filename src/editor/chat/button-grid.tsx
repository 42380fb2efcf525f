import type { Announcements, DragEndEvent, UniqueIdentifier } from "@dnd-kit/core";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useStore } from "zustand";
import { CHAT_MAX_BUTTONS } from "../../platform/bodies";
import type { Problem } from "../../platform/problems";
import { textOf } from "../../preview/preview-kit";
import { DragArea, type DragKit } from "../ui/lazy-drag";
import { buttonCount, type ChatSide, locateButton, newChatButton, SIDE_KEYS } from "./chat-document";
import type { ChatState, ChatStore } from "./chat-store";
import { AddCell, ButtonCell } from "./grid-cell";
import { addCellKey, fullRowNote, gridCells, NEW_ROW_KEY, NUDGE_KEYS, neighbourCell } from "./grid-moves";
import { hasProblemUnder, key, ProblemLines } from "./problem-lines";

/** Display names of the sides. */
export const SIDE_LABEL: Record<ChatSide, string> = { sender: "Sender", receiver: "Receiver" };
const SIDE_NOTE: Record<ChatSide, string> = {
  sender: "Shown under the message to the user it is sent as.",
  receiver: "Shown under the message to the other user of the conversation.",
};

/** Props of one side's grid. */
export interface ButtonGridProps {
  side: ChatSide;
  store: ChatStore;
  problems: Map<string, Problem[]>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Moves the selected button one step (the inspector's move buttons do the same). */
  onNudge: (id: string, to: "earlier" | "later" | "up" | "down") => void;
  /** Removes a button (Delete or Backspace on it), as the inspector's Remove does. */
  onRemove: (id: string) => void;
  say: (text: string) => void;
  /** The visible line that names the grid's keys, read with every cell. */
  hintId: string;
}

/**
 * One side's buttons drawn as the chat draws them: at most 3 rows of 3, right to left. A click or the
 * arrow keys select a button (the inspector edits it), Alt+arrows or a pointer drag move it, and the
 * dashed cells add one.
 */
export function ButtonGrid(props: ButtonGridProps) {
  const { side, store, problems, selectedId, onSelect, say } = props;
  const rows = useStore(store, (s: ChatState) => s.draft[side]);
  const api = store.getState();
  const ids = useId();
  const label = SIDE_LABEL[side];
  const count = buttonCount(rows);
  const cells = gridCells(rows);
  const flat = cells.flat();
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const pending = useRef<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const roving =
    (focusKey && flat.includes(focusKey) ? focusKey : null) ??
    (selectedId && flat.includes(selectedId) ? selectedId : flat[0]);

  // A moved or added button is drawn anew (perhaps in another row): focus follows it there.
  useEffect(() => {
    const want = pending.current;
    if (!want) return;
    pending.current = null;
    const cells = gridRef.current?.querySelectorAll<HTMLElement>("[data-cell]") ?? [];
    for (const cell of cells) if (cell.dataset.cell === want) cell.focus();
  });
  const focusCell = (cell: string) => {
    pending.current = cell;
    setFocusKey(cell);
    if (!cell.startsWith("add:") && cell !== NEW_ROW_KEY) onSelect(cell);
  };

  const where = (id: string) => {
    const at = locateButton(store.getState().draft[side], id);
    return at ? `row ${at.row + 1}, button ${at.index + 1}` : "its place";
  };
  const captionOf = (id: string) => {
    const at = locateButton(store.getState().draft[side], id);
    return textOf(at ? store.getState().draft[side][at.row]?.buttons[at.index]?.value.caption : "");
  };

  const add = (rowId: string | null) => {
    const button = newChatButton(rows);
    if (rowId) api.addButton(side, rowId, button);
    else api.addRow(side, button);
    if (!locateButton(store.getState().draft[side], button.id)) return;
    focusCell(button.id);
    say(`Added ${textOf(button.value.caption)} to the ${label.toLowerCase()} buttons, ${where(button.id)}.`);
  };

  const onKeyDown = (cell: string) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const nudge = NUDGE_KEYS[e.key];
    if (e.altKey && nudge) {
      e.preventDefault();
      if (flat.includes(cell) && !cell.startsWith("add:") && cell !== NEW_ROW_KEY) {
        pending.current = cell;
        props.onNudge(cell, nudge);
      }
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // Backspace too: the key labelled "delete" on Mac keyboards sends it.
    if ((e.key === "Delete" || e.key === "Backspace") && locateButton(rows, cell)) {
      e.preventDefault();
      props.onRemove(cell);
      return;
    }
    const next = neighbourCell(cells, cell, e.key);
    if (next === undefined) return;
    e.preventDefault();
    focusCell(next);
  };

  const nameOf = (id: UniqueIdentifier) => {
    const s = String(id);
    if (s === NEW_ROW_KEY) return "a new row";
    const row = rows.findIndex((r) => addCellKey(r.id) === s);
    if (row >= 0) return `the end of row ${row + 1}`;
    return `${captionOf(s)} (${where(s)})`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : ""),
    onDragEnd: ({ active }) => `${captionOf(String(active.id))} is now at ${where(String(active.id))}.`,
    onDragCancel: ({ active }) => `Moving was cancelled: ${nameOf(active.id)} stayed where it was.`,
  };
  const onDragEnd = (e: DragEndEvent) => {
    const active = String(e.active.id);
    const over = e.over ? String(e.over.id) : undefined;
    if (!over || over === active) return;
    if (over === NEW_ROW_KEY) api.moveButtonToNewRow(side, active);
    else {
      const row = rows.findIndex((r) => addCellKey(r.id) === over);
      const target = locateButton(rows, over);
      const from = locateButton(rows, active);
      const toRow = row >= 0 ? row : target?.row;
      const dest = toRow === undefined ? undefined : rows[toRow];
      if (toRow === undefined || !dest || !from) return;
      const before = store.getState().draft;
      api.moveButton(side, active, toRow, row >= 0 ? dest.buttons.length : (target?.index ?? 0));
      // The document refuses a move into a full row; say so rather than drop the button silently.
      if (store.getState().draft === before && toRow !== from.row) {
        say(fullRowNote(toRow));
        return;
      }
    }
    onSelect(active);
  };

  const sideKey = SIDE_KEYS[side];
  return (
    <section className="chat-grid" data-side={side} aria-labelledby={`${ids}-h`}>
      <div className="chat-grid-head">
        <h3 id={`${ids}-h`}>{label} buttons</h3>
        <span className="chat-grid-count">
          {count} of {CHAT_MAX_BUTTONS}
        </span>
      </div>
      <p className="chat-grid-note">{SIDE_NOTE[side]}</p>
      <DragArea
        withKit={(kit, children) => (
          <GridDnd kit={kit} onDragEnd={onDragEnd} announcements={announcements}>
            {children}
          </GridDnd>
        )}
      >
        <div className="chat-grid-rows" ref={gridRef}>
          {rows.map((row, r) => (
            <div key={row.id} className="chat-grid-line">
              <fieldset aria-label={`${label} row ${r + 1}`} className="chat-grid-row" dir="rtl">
                {row.buttons.map((b, i) => (
                  <ButtonCell
                    key={b.id}
                    cellKey={b.id}
                    value={b.value}
                    label={`Row ${r + 1}, button ${i + 1}: ${textOf(b.value.caption) || "no caption"}`}
                    selected={b.id === selectedId}
                    problem={
                      hasProblemUnder(problems, [sideKey, "rows", r, "buttons", i], "error")
                        ? "error"
                        : hasProblemUnder(problems, [sideKey, "rows", r, "buttons", i], "warning")
                          ? "warning"
                          : undefined
                    }
                    focusable={b.id === roving}
                    hintId={props.hintId}
                    onSelect={() => focusCell(b.id)}
                    onFocus={() => setFocusKey(b.id)}
                    onKeyDown={onKeyDown(b.id)}
                  />
                ))}
                {flat.includes(addCellKey(row.id)) ? (
                  <AddCell
                    cellKey={addCellKey(row.id)}
                    label={`Add a button to ${label.toLowerCase()} row ${r + 1}`}
                    focusable={addCellKey(row.id) === roving}
                    hintId={props.hintId}
                    onAdd={() => add(row.id)}
                    onFocus={() => setFocusKey(addCellKey(row.id))}
                    onKeyDown={onKeyDown(addCellKey(row.id))}
                  />
                ) : null}
              </fieldset>
              <ProblemLines problems={problems.get(key([sideKey, "rows", r, "buttons"]))} />
            </div>
          ))}
          {flat.includes(NEW_ROW_KEY) ? (
            <div className="chat-grid-row" dir="rtl">
              <AddCell
                cellKey={NEW_ROW_KEY}
                wide
                label={`Add a ${label.toLowerCase()} button in a new row`}
                // The words shown are part of the name (speech control says what it sees).
                text={rows.length === 0 ? `Add a ${label.toLowerCase()} button` : "New row"}
                focusable={NEW_ROW_KEY === roving}
                hintId={props.hintId}
                onAdd={() => add(null)}
                onFocus={() => setFocusKey(NEW_ROW_KEY)}
                onKeyDown={onKeyDown(NEW_ROW_KEY)}
              />
            </div>
          ) : null}
        </div>
      </DragArea>
      <ProblemLines
        problems={[...(problems.get(key([sideKey])) ?? []), ...(problems.get(key([sideKey, "rows"])) ?? [])]}
      />
      {count >= CHAT_MAX_BUTTONS ? (
        <p className="chat-grid-note">
          A side takes at most {CHAT_MAX_BUTTONS} buttons: remove one to add another.
        </p>
      ) : null}
    </section>
  );
}

/** The grid's dnd-kit context (pointer drags; Alt+arrows move by keyboard without it). */
function GridDnd(props: {
  kit: DragKit;
  onDragEnd: (e: DragEndEvent) => void;
  announcements: Announcements;
  children: ReactNode;
}) {
  const { kit } = props;
  const sensors = kit.useSensors(
    kit.useSensor(kit.ListPointerSensor, { activationConstraint: { distance: 4 } }),
  );
  return (
    <kit.DndContext
      sensors={sensors}
      collisionDetection={kit.closestCenter}
      onDragEnd={props.onDragEnd}
      accessibility={{ announcements: props.announcements }}
    >
      {props.children}
    </kit.DndContext>
  );
}
