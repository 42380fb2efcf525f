import "./json-panel.css";
import { useEffect, useRef, useState } from "react";
import type { MigrationChange } from "../../platform/migrate";
import { quotedDraftName } from "../drafts/draft-announce";
import { useDraftName, useOpenAsNewDraft } from "../drafts/draft-name";
import { DEFAULT_DRAFT_NAME } from "../drafts/draft-storage";
import { bodyBytes, importSizeNote } from "../publish/body-size";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { selectExportBody, selectExportWidgets, selectWidgetIds } from "../store/selectors";
import { countOf } from "../ui/count-of";
import { downloadAddon } from "./addon-file";
import { importText, MAX_IMPORT_BYTES } from "./import-body";
import { JsonCodeView } from "./json-code-view";
import { MAX_IMPORT_WIDGETS } from "./limits";
import { MigrationReport } from "./migration-report";

/**
 * The import box's text per editor: the panel unmounts when another output tab is shown, and a
 * pasted body being fixed after a refused import must still be there when the user comes back.
 */
const keptPaste = new WeakMap<object, string>();

/** Where a pasted import came from, in the outcome's words. */
const PASTED = "the pasted text";

type Outcome =
  | { tone: "error"; text: string }
  | { tone: "ok" | "warn"; text: string; report: readonly MigrationChange[] };

/** The export body, live; copy, download; import by paste or file. */
export function JsonPanel() {
  const body = useEditorStore(selectExportBody);
  const widgets = useEditorStore(selectExportWidgets);
  const ids = useEditorStore(selectWidgetIds);
  const kind = useEditorStore((s) => s.doc.kind);
  const api = useEditorStoreApi();
  const draftName = useDraftName();
  const openAsNewDraft = useOpenAsNewDraft();
  const [status, setStatus] = useState<string | null>(null);
  const [paste, setPasteState] = useState(() => keptPaste.get(api) ?? "");
  const setPaste = (text: string) => {
    keptPaste.set(api, text);
    setPasteState(text);
  };
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // The result is drawn under the import box, often below the output panel's visible part: bring
  // it into view and give it focus, so an error is seen (and read out) where the user is.
  useEffect(() => {
    const el = outcomeRef.current;
    if (!outcome || !el) return;
    el.scrollIntoView?.({ block: "nearest" });
    el.focus({ preventScroll: true });
  }, [outcome]);
  // The full text is built only when it is copied or downloaded; the view draws it widget by widget.
  const fullText = () => JSON.stringify(body, null, 2);

  async function copy() {
    const text = fullText();
    try {
      await navigator.clipboard.writeText(text);
      setStatus("JSON copied to the clipboard.");
    } catch {
      setStatus("The browser refused clipboard access: select the JSON below and copy it by hand.");
    }
  }

  function download() {
    const file = downloadAddon(kind, body, draftName());
    // More widgets than an import takes (a draft saved before adding stopped there): said before it is needed.
    const over = widgets.length - MAX_IMPORT_WIDGETS;
    setStatus(
      over > 0
        ? `Downloaded ${file}. It has ${widgets.length.toLocaleString("en")} widgets and the studio imports at most ${MAX_IMPORT_WIDGETS.toLocaleString("en")}: delete ${over.toLocaleString("en")} (or split the add-on) before opening it here again.`
        : `Downloaded ${file}.`,
    );
  }

  function load(input: string, source: string) {
    const res = importText(input, api.getState().doc.kind);
    if (!res.ok) {
      setOutcome({ tone: "error", text: res.message });
      return;
    }
    // Over a draft with widgets, the import opens as a new draft, as a template or a share link does:
    // the draft it would replace stays saved (an undo step would not outlive a reload).
    const kept =
      api.getState().doc.widgets.length > 0 && openAsNewDraft
        ? (draftName() ?? DEFAULT_DRAFT_NAME)
        : undefined;
    if (kept !== undefined && openAsNewDraft) openAsNewDraft(res.doc, importedName(source));
    else api.getState().replace(res.doc);
    const what = res.doc.kind === "post" ? "post add-on" : "user add-on";
    const parts = [
      res.from === "v1"
        ? `Migrated a v1 ${what} from ${source} to v2 (${res.report.length} ${res.report.length === 1 ? "change" : "changes"}, listed below).`
        : res.report.length
          ? `Loaded a v2 ${what} from ${source} and converted its v1 leftovers and old spellings (${res.report.length} ${res.report.length === 1 ? "change" : "changes"}, listed below).`
          : `Loaded a v2 ${what} from ${source}.`,
    ];
    if (res.errors)
      parts.push(
        // Said of the import: it stays true while the user fixes them (the Problems tab counts what is left).
        `It came with ${countOf(res.errors, "error")}: the Problems tab lists what is left to fix.`,
      );
    else if (res.warnings)
      parts.push(`It is valid, with ${res.warnings} ${res.warnings === 1 ? "warning" : "warnings"}.`);
    else parts.push("It is valid.");
    // A body the proxy would refuse (HTTP 413) is said now, not after the work of fixing it.
    const size = importSizeNote(bodyBytes(selectExportBody(api.getState())));
    if (size) parts.push(size);
    parts.push(
      kept === undefined
        ? "Undo (Ctrl+Z) brings back the previous document."
        : `It opened as a new draft; your draft ${quotedDraftName(kept)} is kept: switch back to it in the header's draft list.`,
    );
    setOutcome({ tone: res.errors || size ? "warn" : "ok", text: parts.join(" "), report: res.report });
    setPaste("");
  }

  async function onFile(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      // Reading and parsing a file this large would freeze the page before any message could show.
      setOutcome({
        tone: "error",
        text: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the editor imports files up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Check that it is an add-on body. Your document was not changed.`,
      });
      return;
    }
    load(await file.text(), file.name);
  }

  return (
    <section className="json-panel" aria-label="JSON">
      <div className="json-export">
        <div className="toolbar">
          <button type="button" className="button" onClick={copy}>
            Copy JSON
          </button>
          <button type="button" className="button" onClick={download}>
            Download JSON
          </button>
          <span className="muted" role="status">
            {status}
          </span>
        </div>
        <JsonCodeView id="json-export-text" ids={ids} widgets={widgets} body={body} />
      </div>
      <div className="json-import">
        <label className="field-label" htmlFor="json-import-text">
          Paste JSON to import (v2, or v1 to migrate)
        </label>
        <textarea
          id="json-import-text"
          className="input json-import-text"
          data-native-undo=""
          dir="ltr"
          spellCheck={false}
          value={paste}
          onChange={(e) => setPaste(e.target.value)}
          rows={8}
        />
        <div className="toolbar">
          <button type="button" className="button is-primary" onClick={() => load(paste, PASTED)}>
            Import JSON
          </button>
          <button type="button" className="button" onClick={() => fileRef.current?.click()}>
            Open a JSON file…
          </button>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            // Opened by the button above; hidden from screen readers too, which listed it as a
            // second, unlabelled-looking button beside it.
            hidden
            tabIndex={-1}
            aria-label="JSON file to import"
            onChange={onFile}
          />
        </div>
        {outcome ? (
          <div
            ref={outcomeRef}
            className={`import-outcome is-${outcome.tone}`}
            role={outcome.tone === "error" ? "alert" : "status"}
            tabIndex={-1}
          >
            <p>{outcome.text}</p>
            {"report" in outcome && outcome.report.length ? (
              <MigrationReport report={outcome.report} />
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The new draft's name for an import: the file's name without `.json`, or "Imported add-on" for a paste. */
function importedName(source: string): string {
  if (source === PASTED) return "Imported add-on";
  return (
    source
      .replace(/\.json$/i, "")
      .trim()
      .slice(0, 80) || "Imported add-on"
  );
}
