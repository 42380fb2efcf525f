import { useEffect, useRef, useState } from "react";
import { useStore } from "zustand";
import { changeDraftAloud, quotedDraftName } from "../drafts/draft-announce";
import type { DraftSession } from "../drafts/draft-session";
import type { DraftMeta } from "../drafts/draft-storage";
import { downloadText } from "../ui/download-text";
import { IconButton } from "../ui/icon-button";
import { textDirection } from "../ui/text-direction";
import { NewDraftMenu } from "./new-draft-menu";

/** Keys that step a closed select's value (the first letter of a name does too). */
const STEP_KEYS = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);
/** Keys that open a select's list (with Alt+ArrowUp/Down). */
const OPEN_KEYS = new Set([" ", "F4"]);
/** A change this soon after such a key came from it (the key's own default action). */
const STEP_MS = 100;

/** The local drafts: picker, name field, New draft (a menu asking what to start) and Delete draft. */
export function DraftControls(props: { session: DraftSession; onChat?: () => void }) {
  const { session } = props;
  const drafts = useStore(session.ui, (s) => s.drafts);
  const currentId = useStore(session.ui, (s) => s.currentId);
  const current = drafts.find((d) => d.id === currentId);
  const [name, setName] = useState(current?.name ?? "");
  useEffect(() => setName(current?.name ?? ""), [current?.name]);
  // A draft chosen with the arrow keys, not opened yet (see the select's onChange).
  const [picked, setPicked] = useState<string | null>(null);
  const stepped = useRef(Number.NEGATIVE_INFINITY);
  const shown = drafts.find((d) => d.id === (picked ?? currentId));
  const open = (id: string) => {
    setPicked(null);
    stepped.current = Number.NEGATIVE_INFINITY;
    if (id === currentId) return;
    if (!session.switchTo(id))
      offerRemoval(
        session,
        drafts.find((d) => d.id === id),
      );
  };
  const commit = () => {
    const trimmed = name.trim();
    if (trimmed && trimmed !== current?.name) session.rename(trimmed);
    else setName(current?.name ?? "");
  };
  return (
    <fieldset className="draft-controls bare" aria-label="Drafts">
      <label className="visually-hidden" htmlFor="draft-select">
        Open draft
      </label>
      <select
        id="draft-select"
        className="input draft-select"
        // A closed select draws its option in its own direction: a Persian name reads from the right,
        // and is cut at its end, not its start.
        dir={textDirection(shown?.name ?? "")}
        value={shown?.id ?? currentId}
        aria-describedby="draft-select-help"
        onKeyDown={(e) => {
          // Opening the list starts it on the open draft, so a choice in it is a change (Enter in a
          // popup reaches the popup, not the page: a choice of the stepped-to draft would be none).
          if (picked !== null && (OPEN_KEYS.has(e.key) || (e.altKey && STEP_KEYS.has(e.key)))) {
            setPicked(null);
            return;
          }
          if (STEP_KEYS.has(e.key) || e.key.length === 1) stepped.current = performance.now();
          if (e.key === "Enter" && picked !== null) {
            // Chromium (but on a Mac) also opens the list on Enter: the draft is opened, the list stays shut.
            e.preventDefault();
            open(picked);
          }
          if (e.key === "Escape") {
            if (picked !== null) setPicked(null);
            stepped.current = Number.NEGATIVE_INFINITY;
          }
        }}
        onMouseDown={() => {
          if (picked !== null) setPicked(null);
        }}
        onBlur={() => {
          if (picked !== null) open(picked);
        }}
        onChange={(e) => {
          // An arrow key on the closed list changes its value at once (Chrome, Firefox on Windows and
          // Linux): opening each draft passed would replace the editor under the keyboard. Such a step
          // waits for Enter or leaving the list; a click, or Enter in the opened list, opens at once.
          if (performance.now() - stepped.current < STEP_MS) setPicked(e.target.value);
          else open(e.target.value);
        }}
      >
        {drafts.map((d) => (
          <option key={d.id} value={d.id} dir="auto">
            {d.name}
          </option>
        ))}
      </select>
      <span id="draft-select-help" className="visually-hidden">
        Choose a draft, then press Enter to open it.
      </span>
      <label className="visually-hidden" htmlFor="draft-name">
        Draft name
      </label>
      <input
        id="draft-name"
        className="input draft-name"
        // A Persian name reads from the right, as the inspector's text fields do.
        dir="auto"
        value={name}
        data-native-undo=""
        onChange={(e) => setName(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
          if (e.key === "Escape") setName(current?.name ?? "");
        }}
      />
      <NewDraftMenu session={session} onChat={props.onChat} />
      <IconButton
        icon="delete"
        label="Delete draft"
        danger
        onClick={() => {
          if (
            window.confirm(`Delete the draft ${quotedDraftName(current?.name ?? "")}? This cannot be undone.`)
          )
            changeDraftAloud(
              session,
              () => session.remove(currentId),
              (open, before) => `Deleted the draft ${before}; ${open} is open.`,
            );
        }}
      />
    </fieldset>
  );
}

/**
 * A draft that cannot be read (damaged, or written by another tool) cannot be opened, so Delete
 * draft cannot reach it: the picker offers to remove it, and its stored text is downloaded first,
 * so nothing the user made is lost.
 */
function offerRemoval(session: DraftSession, draft: DraftMeta | undefined): void {
  if (!draft) return;
  const text = session.storedText(draft.id);
  const file = `${draft.name.replace(/[^\p{L}\p{N} ._-]+/gu, "_")}.draft.txt`;
  const keep = text ? ` Its stored text is downloaded first (${file}), so nothing is lost.` : "";
  if (
    !window.confirm(
      `The draft ${quotedDraftName(draft.name)} could not be read from browser storage. Remove it from the list?${keep}`,
    )
  )
    return;
  if (text) downloadText(file, text, "text/plain");
  session.remove(draft.id);
  session.setNotice({
    tone: "info",
    text: text
      ? `Removed the unreadable draft ${quotedDraftName(draft.name)}; its stored text was downloaded as ${file}.`
      : `Removed the unreadable draft ${quotedDraftName(draft.name)}.`,
  });
}
