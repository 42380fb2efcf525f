import { useStore } from "zustand";
import { chatButtonSchema } from "../../platform/bodies";
import { describeFields } from "../../platform/fields";
import type { PathSegment, Problem } from "../../platform/problems";
import { FieldEditor } from "../inspector/field-editor";
import { FormProvider } from "../inspector/form-context";
import { KeptKeyField } from "../inspector/key-fixes";
import { renameKeyAt, setAtPath } from "../store/json-paths";
import { fieldId } from "../store/selectors";
import { SIDE_LABEL } from "./button-grid";
import { type ChatSide, locateButton, type Nudge, nudgeButton, SIDE_KEYS } from "./chat-document";
import type { ChatState, ChatStore } from "./chat-store";
import { refusedMove } from "./grid-moves";
import { key, ProblemLines } from "./problem-lines";

/**
 * The fields of a chat button form, generated from the contract. The deprecated `icon_name` has no
 * control of its own: a button that has it (an old draft) is offered its rename to `icon`.
 */
const BUTTON_FIELDS = describeFields(chatButtonSchema);

/** The four one-step moves, as the grid (right to left) shows them; Alt+arrow does the same. */
const MOVES: ReadonlyArray<{ to: Nudge; glyph: string; label: string; keys: string }> = [
  { to: "earlier", glyph: "→", label: "Move right (earlier in the row)", keys: "Alt+→" },
  { to: "later", glyph: "←", label: "Move left (later in the row)", keys: "Alt+←" },
  { to: "up", glyph: "↑", label: "Move to the row above", keys: "Alt+↑" },
  { to: "down", glyph: "↓", label: "Move to the row below (or a new row)", keys: "Alt+↓" },
];

/** Props of the chat button inspector. */
export interface ButtonInspectorProps {
  store: ChatStore;
  selected: { side: ChatSide; id: string } | null;
  problems: Map<string, Problem[]>;
  onNudge: (side: ChatSide, id: string, to: Nudge) => void;
  onRemove: (side: ChatSide, id: string) => void;
}

/** Edits the selected chat button with the add-on inspector's field controls; moves and removes it. */
export function ButtonInspector(props: ButtonInspectorProps) {
  const { store, selected, problems } = props;
  const draft = useStore(store, (s: ChatState) => s.draft);
  const rows = selected ? draft[selected.side] : null;
  const at = selected && rows ? locateButton(rows, selected.id) : undefined;
  const button = at && rows ? rows[at.row]?.buttons[at.index] : undefined;
  if (!selected || !rows || !at || !button)
    return (
      <div className="chat-inspector-empty">
        <p>Select a button in a grid to edit its caption, action and icon.</p>
        <p className="muted">
          The dashed cells add one: a new button gets a numbered caption and a server link (the app’s start
          address answers where it leads), so the message stays valid while you edit.
        </p>
      </div>
    );
  const { side } = selected;
  const prefix: PathSegment[] = [SIDE_KEYS[side], "rows", at.row, "buttons", at.index];
  const oldIcon = [...prefix, "icon_name"];
  const oldIconProblems = problems.get(key(oldIcon)) ?? [];
  const api = store.getState();
  // A move is offered exactly when the document would make it (it alone keeps the layout's rules).
  const refused = (to: Nudge) => nudgeButton(draft, side, button.id, to) === draft;
  return (
    <div className="chat-inspector-body">
      <p className="chat-inspector-title" id={fieldId(prefix)} tabIndex={-1}>
        {SIDE_LABEL[side]} buttons · row {at.row + 1}, button {at.index + 1}
      </p>
      <FormProvider
        value={{
          prefix,
          problemsAt: (p) => problems.get(key(p)) ?? [],
          // An icon picked for a button that still has the deprecated icon_name replaces it (one
          // step): both at once is an error, and the picker showed no icon for it.
          set: (path, value) =>
            path.length === 1 && path[0] === "icon" && button.value.icon_name !== undefined
              ? api.setButtonField(
                  side,
                  button.id,
                  [],
                  setAtPath(setAtPath(button.value, ["icon_name"], undefined), path, value),
                )
              : api.setButtonField(side, button.id, path, value),
          // One step (one undo): the whole button, the key renamed in place.
          rename: (path, to) => api.setButtonField(side, button.id, [], renameKeyAt(button.value, path, to)),
          endTyping: () => {},
          postToken: null,
        }}
      >
        <ProblemLines problems={problems.get(key(prefix))} />
        {BUTTON_FIELDS.map((f) => (
          <FieldEditor key={f.key} field={f} parent={[]} owner={button.value} />
        ))}
        {button.value.icon_name !== undefined ? (
          <KeptKeyField
            path={["icon_name"]}
            at={oldIcon}
            name="icon_name"
            value={button.value.icon_name}
            problems={oldIconProblems}
          />
        ) : null}
      </FormProvider>
      <fieldset className="chat-inspector-actions" aria-label="Move or remove this button">
        {MOVES.map((m) => (
          <button
            key={m.to}
            type="button"
            className="icon-button"
            aria-label={m.label}
            title={`${m.label} (${m.keys})${refused(m.to) ? `: ${refusedMove(m.to, rows, at.row)}` : ""}`}
            aria-keyshortcuts={m.keys
              .replace("→", "ArrowRight")
              .replace("←", "ArrowLeft")
              .replace("↑", "ArrowUp")
              .replace("↓", "ArrowDown")}
            disabled={refused(m.to)}
            onClick={() => props.onNudge(side, button.id, m.to)}
          >
            {m.glyph}
          </button>
        ))}
        <button type="button" className="button is-danger" onClick={() => props.onRemove(side, button.id)}>
          Remove button
        </button>
      </fieldset>
    </div>
  );
}
