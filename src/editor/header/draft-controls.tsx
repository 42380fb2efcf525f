import { useEffect, useState } from "react";
import { useStore } from "zustand";
import { changeDraftAloud, quotedDraftName } from "../drafts/draft-announce";
import type { DraftSession } from "../drafts/draft-session";
import type { DraftMeta } from "../drafts/draft-storage";
import { downloadText } from "../ui/download-text";
import { IconButton } from "../ui/icon-button";
import { textDirection } from "../ui/text-direction";
import { NewDraftMenu } from "./new-draft-menu";

/** The local drafts: picker, name field, New draft (a menu asking what to start) and Delete draft. */
export function DraftControls(props: { session: DraftSession; onChat?: () => void }) {
  const { session } = props;
  const drafts = useStore(session.ui, (s) => s.drafts);
  const currentId = useStore(session.ui, (s) => s.currentId);
  const current = drafts.find((d) => d.id === currentId);
  const [name, setName] = useState(current?.name ?? "");
  useEffect(() => setName(current?.name ?? ""), [current?.name]);
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
        dir={textDirection(current?.name ?? "")}
        value={currentId}
        onChange={(e) => {
          const id = e.target.value;
          if (!session.switchTo(id))
            offerRemoval(
              session,
              drafts.find((d) => d.id === id),
            );
        }}
      >
        {drafts.map((d) => (
          <option key={d.id} value={d.id} dir="auto">
            {d.name}
          </option>
        ))}
      </select>
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
