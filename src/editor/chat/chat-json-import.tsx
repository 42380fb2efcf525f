import "../json/json-panel.css";
import { useId, useState } from "react";
import { useStore } from "zustand";
import type { MigrationChange } from "../../platform/migrate";
import { MigrationReport } from "../json/migration-report";
import { buttonCount, emptyChatDraft } from "./chat-document";
import { importChatText } from "./chat-import";
import type { ChatState, ChatStore } from "./chat-store";

/**
 * Pastes a chat message body (spec 4.10, or the old send body, migrated with a report) into the
 * composer. A body that cannot be read leaves the message as it was and says why; one that can
 * replaces it, after asking when the message being composed is not the sample one.
 */
export function ChatJsonImport(props: { store: ChatStore }) {
  const draft = useStore(props.store, (s: ChatState) => s.draft);
  const [text, setText] = useState("");
  const [outcome, setOutcome] = useState<{
    tone: "error" | "info";
    text: string;
    report: readonly MigrationChange[];
  } | null>(null);
  const ids = useId();
  const run = () => {
    const res = importChatText(text, draft);
    if (!res.ok) {
      setOutcome({ tone: "error", text: res.message, report: [] });
      return;
    }
    const sample = emptyChatDraft();
    const edited = draft.message !== sample.message || draft.sender.length > 0 || draft.receiver.length > 0;
    if (edited && !window.confirm("Replace the message you are composing with the imported one?")) {
      // Not a word left from an earlier attempt (an error about other text) beside this choice.
      setOutcome({ tone: "info", text: "Not imported: the message you are composing was kept.", report: [] });
      return;
    }
    props.store.getState().replaceDraft(res.draft);
    const left =
      res.leftOut.length > 0
        ? ` Left out (the composer has no place for them): ${res.leftOut.join(", ")}.`
        : "";
    const counts = `${buttonCount(res.draft.sender)} sender and ${buttonCount(res.draft.receiver)} receiver buttons`;
    setOutcome({
      tone: "info",
      text:
        res.from === "v1"
          ? `Migrated an old send body (${res.report.length} changes) and imported it: ${counts}.${left}`
          : `Imported the message: ${counts}${res.report.length > 0 ? `, ${res.report.length} leftovers converted` : ""}.${left}`,
      report: res.report,
    });
    setText("");
  };
  return (
    <div className="json-import">
      <label className="field-label" htmlFor={`${ids}-in`}>
        Paste a message body to import (v2, or the old send body to migrate)
      </label>
      <textarea
        id={`${ids}-in`}
        className="input json-import-text"
        dir="ltr"
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="button-row">
        <button className="button" type="button" onClick={run}>
          Import JSON
        </button>
      </div>
      {outcome ? (
        <div
          className={`import-outcome is-${outcome.tone}`}
          role={outcome.tone === "error" ? "alert" : "status"}
        >
          <p>{outcome.text}</p>
          {outcome.report.length > 0 ? <MigrationReport report={outcome.report} /> : null}
        </div>
      ) : null}
    </div>
  );
}
