import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  horizontalListSortingStrategy,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useMemo } from "react";
import { useStore } from "zustand";
import { CHAT_MAX_BUTTONS, chatButtonSchema } from "../../platform/bodies";
import { describeFields } from "../../platform/fields";
import type { PathSegment, Problem } from "../../platform/problems";
import { FieldEditor } from "../inspector/field-editor";
import { FormProvider } from "../inspector/form-context";
import { buttonCount, type ChatSide, locateButton, SIDE_KEYS } from "./chat-document";
import type { ChatState, ChatStore } from "./chat-store";

import { gridKeyboardCoordinates } from "./grid-keyboard";

/** The fields of a chat button form, generated from the contract (the live `icon` spelling only when used). */
const BUTTON_FIELDS = describeFields(chatButtonSchema);

const SIDE_LABEL: Record<ChatSide, string> = { sender: "Sender", receiver: "Receiver" };

/** A problem-map key for a path. */
export const key = (path: readonly PathSegment[]) => JSON.stringify(path);

/**
 * The four move buttons of a chat button, each disabled where that move would leave the grid.
 * Earlier points right and later left: the grid reads right to left.
 */
const NUDGES: ReadonlyArray<{
  to: "earlier" | "later" | "up" | "down";
  label: string;
  glyph: string;
  atEnd: (button: number, buttons: number, row: number, rows: number) => boolean;
}> = [
  { to: "earlier", label: "Move button earlier", glyph: "→", atEnd: (i) => i === 0 },
  { to: "later", label: "Move button later", glyph: "←", atEnd: (i, n) => i === n - 1 },
  { to: "up", label: "Move button to the row above", glyph: "↑", atEnd: (_i, _n, r) => r === 0 },
  {
    to: "down",
    label: "Move button to the row below",
    glyph: "↓",
    atEnd: (_i, _n, r, rows) => r === rows - 1,
  },
];

/** Injectable collaborators (tests); the app uses the defaults. */
function SortableItem(props: {
  id: string;
  handleLabel: string;
  className: string;
  children: ReactNode;
  label: string;
  dir?: "ltr" | "rtl";
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
  });
  return (
    <fieldset
      ref={setNodeRef}
      aria-label={props.label}
      className={props.className}
      dir={props.dir}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <button
        type="button"
        className="drag-handle"
        aria-label={props.handleLabel}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      {props.children}
    </fieldset>
  );
}

export function ProblemLines(props: { problems: readonly Problem[] | undefined }) {
  if (!props.problems?.length) return null;
  return (
    <ul className="field-problems">
      {props.problems.map((p) => (
        <li key={`${p.code}:${p.message}`} className={`field-problem is-${p.severity}`}>
          {p.severity === "error" ? "Error: " : "Warning: "}
          {p.message}
        </li>
      ))}
    </ul>
  );
}

/** One side's grid of chat buttons: sortable by drag or keys, each with its form. */
export function ButtonGrid(props: { side: ChatSide; store: ChatStore; problems: Map<string, Problem[]> }) {
  const { side, store, problems } = props;
  const rows = useStore(store, (s: ChatState) => s.draft[side]);
  const api = store.getState();
  const rowIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const isRow = useMemo(() => (id: UniqueIdentifier) => rowIds.has(String(id)), [rowIds]);
  const coordinateGetter = useMemo(() => gridKeyboardCoordinates(isRow), [isRow]);
  // Rows only collide with rows, buttons only with buttons (a row's own buttons sit inside it).
  const collision = useMemo<CollisionDetection>(
    () => (args) =>
      closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => isRow(c.id) === isRow(args.active.id)),
      }),
    [isRow],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const count = buttonCount(rows);
  const full = count >= CHAT_MAX_BUTTONS;
  const sideKey = SIDE_KEYS[side];
  const label = SIDE_LABEL[side];

  // Screen readers hear positions ("Sender row 2, button 1"), never the editor's internal ids.
  const nameOf = (id: UniqueIdentifier): string => {
    const r = rows.findIndex((x) => x.id === id);
    if (r >= 0) return `${label} row ${r + 1}`;
    const at = locateButton(rows, String(id));
    return at ? `${label} row ${at.row + 1}, button ${at.index + 1}` : "the item";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${nameOf(active.id)} is over the place of ${nameOf(over.id)}.`
        : `${nameOf(active.id)} is in its own place.`,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `${nameOf(active.id)} was dropped at the place of ${nameOf(over.id)}.`
        : `${nameOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving was cancelled: ${nameOf(active.id)} stayed where it was.`,
  };

  const onDragEnd = (e: DragEndEvent) => {
    const active = String(e.active.id);
    const over = e.over ? String(e.over.id) : undefined;
    if (!over || over === active) return;
    const rowFrom = rows.findIndex((r) => r.id === active);
    if (rowFrom >= 0) {
      const rowTo = rows.findIndex((r) => r.id === over || r.buttons.some((b) => b.id === over));
      if (rowTo >= 0) api.moveRow(side, rowFrom, rowTo);
      return;
    }
    const target = locateButton(rows, over);
    if (target) api.moveButton(side, active, target.row, target.index);
    else {
      const row = rows.findIndex((r) => r.id === over);
      if (row >= 0) api.moveButton(side, active, row, rows[row]?.buttons.length ?? 0);
    }
  };

  return (
    <section className="chat-grid" aria-label={`${label} buttons`}>
      <h3>
        {label} buttons{" "}
        <small>
          ({count} of {CHAT_MAX_BUTTONS})
        </small>
      </h3>
      <ProblemLines
        problems={[...(problems.get(key([sideKey])) ?? []), ...(problems.get(key([sideKey, "rows"])) ?? [])]}
      />
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move a row or a button, press Space, then the arrow keys; Space drops it, Escape cancels. The arrow buttons beside it do the same in one step.",
          },
        }}
      >
        <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
          {rows.map((row, r) => (
            <SortableItem
              key={row.id}
              id={row.id}
              className="chat-row"
              label={`${label} row ${r + 1}`}
              handleLabel={`Drag ${label.toLowerCase()} row ${r + 1}`}
            >
              <div className="chat-row-tools">
                <button
                  className="icon-button"
                  type="button"
                  aria-label="Move row up"
                  disabled={r === 0}
                  onClick={() => api.moveRow(side, r, r - 1)}
                >
                  ↑
                </button>
                <button
                  className="icon-button"
                  type="button"
                  aria-label="Move row down"
                  disabled={r === rows.length - 1}
                  onClick={() => api.moveRow(side, r, r + 1)}
                >
                  ↓
                </button>
                <button
                  className="button"
                  type="button"
                  onClick={() => api.addButton(side, row.id)}
                  disabled={full}
                >
                  Add button
                </button>
                <button className="button" type="button" onClick={() => api.removeRow(side, row.id)}>
                  Remove row
                </button>
              </div>
              <ProblemLines problems={problems.get(key([sideKey, "rows", r, "buttons"]))} />
              <SortableContext items={row.buttons.map((b) => b.id)} strategy={horizontalListSortingStrategy}>
                {/* Right to left, as the app lays a row out: the first button is the rightmost. */}
                <div className="chat-row-buttons" dir="rtl">
                  {row.buttons.map((b, i) => {
                    const prefix: PathSegment[] = [sideKey, "rows", r, "buttons", i];
                    return (
                      <SortableItem
                        key={b.id}
                        id={b.id}
                        className="chat-button-editor"
                        dir="ltr"
                        label={`${label} row ${r + 1}, button ${i + 1}`}
                        handleLabel={`Drag ${label.toLowerCase()} row ${r + 1}, button ${i + 1}`}
                      >
                        <FormProvider
                          value={{
                            prefix,
                            problemsAt: (p) => problems.get(key(p)) ?? [],
                            set: (path, value) => api.setButtonField(side, b.id, path, value),
                            endTyping: () => {},
                            postToken: null,
                          }}
                        >
                          <ProblemLines problems={problems.get(key(prefix))} />
                          {BUTTON_FIELDS.filter((f) => f.key !== "icon" || b.value.icon !== undefined).map(
                            (f) => (
                              <FieldEditor key={f.key} field={f} parent={[]} value={b.value[f.key]} />
                            ),
                          )}
                        </FormProvider>
                        <div className="chat-button-tools">
                          {NUDGES.map((n) => (
                            <button
                              key={n.to}
                              className="icon-button"
                              type="button"
                              aria-label={n.label}
                              disabled={n.atEnd(i, row.buttons.length, r, rows.length)}
                              onClick={() => api.nudgeButton(side, b.id, n.to)}
                            >
                              {n.glyph}
                            </button>
                          ))}
                          <button
                            className="button"
                            type="button"
                            onClick={() => api.removeButton(side, b.id)}
                          >
                            Remove button
                          </button>
                        </div>
                      </SortableItem>
                    );
                  })}
                </div>
              </SortableContext>
            </SortableItem>
          ))}
        </SortableContext>
      </DndContext>
      <button className="button" type="button" onClick={() => api.addRow(side)} disabled={full}>
        Add row
      </button>
      {full ? (
        <p className="muted">A side takes at most {CHAT_MAX_BUTTONS} buttons: remove one to add another.</p>
      ) : null}
    </section>
  );
}
