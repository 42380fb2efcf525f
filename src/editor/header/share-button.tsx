import { useEffect, useRef, useState } from "react";
import { loadContract } from "../contract/contract-gate";
import type { DraftSession } from "../drafts/draft-session";
import { DEFAULT_DRAFT_NAME } from "../drafts/draft-storage";
import { linkTooLong, longLinkText, tooLongText } from "../share/link-length";
import { useEditorStoreApi } from "../store/editor-store-context";
import { selectExportBody } from "../store/selectors";
import { downloadText } from "../ui/download-text";
import { ChromeIcon } from "../ui/icons";
import { useOutsideClose } from "./use-outside-close";

/** "Share": copies a link that carries the whole document (and the draft's name) in its address. */
export function ShareButton(props: { session: DraftSession }) {
  const api = useEditorStoreApi();
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const wrap = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const download = useRef<HTMLButtonElement>(null);
  useOutsideClose(wrap, link !== null, () => setLink(null));
  async function share() {
    const s = api.getState();
    // The contract tells which nulls the link leaves out (it is loaded right after the first paint).
    const [{ shareUrl }] = await Promise.all([import("../share/share-link"), loadContract()]);
    // The draft's own name goes with it, so the link opens under that name (not a default one).
    const ui = props.session.ui.getState();
    const name = ui.drafts.find((d) => d.id === ui.currentId)?.name;
    const url = shareUrl(
      window.location.href,
      s.doc.kind,
      selectExportBody(s),
      name === DEFAULT_DRAFT_NAME ? undefined : name,
    );
    setLink(url);
    // A link browsers would not open is not copied (it would be sent, and open nothing).
    if (linkTooLong(url.length)) {
      setStatus(tooLongText(url.length));
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Share link copied.");
    } catch {
      setStatus("Copy the link below.");
    }
  }
  const closeOnEscape = (e: React.KeyboardEvent) => {
    if (e.key !== "Escape" || link === null) return;
    setLink(null);
    wrap.current?.querySelector("button")?.focus();
  };
  useEffect(() => {
    // Keyboard users land on the link, selected, ready to copy by hand if the clipboard refused.
    // Too long to be a link, the add-on goes as a file: they land on its download instead.
    if (link !== null) (input.current ?? download.current)?.focus();
  }, [link]);
  return (
    <div className="menu-wrap" ref={wrap}>
      <button
        type="button"
        className="button"
        onClick={share}
        onKeyDown={closeOnEscape}
        aria-expanded={link !== null}
        aria-controls="share-menu"
        title="Copy a link that opens this add-on"
      >
        <ChromeIcon name="share" />
        <span className="button-text">Share</span>
      </button>
      {link ? (
        <fieldset id="share-menu" className="menu" aria-label="Share link" onKeyDown={closeOnEscape}>
          {linkTooLong(link.length) ? (
            <>
              <p role="status">{status}</p>
              <button
                ref={download}
                type="button"
                className="button"
                onClick={() => {
                  const s = api.getState();
                  const file = `${s.doc.kind}-addon.json`;
                  downloadText(file, `${JSON.stringify(selectExportBody(s), null, 2)}\n`, "application/json");
                  setStatus(`Downloaded ${file}: send this file instead of a link.`);
                }}
              >
                Download JSON
              </button>
            </>
          ) : (
            <>
              <p role="status">{status} Opening it loads this add-on as a new draft, in any browser.</p>
              <label className="field-label" htmlFor="share-link">
                Share link
              </label>
              <input
                ref={input}
                id="share-link"
                className="input"
                readOnly
                value={link}
                data-native-undo=""
                onFocus={(e) => e.currentTarget.select()}
              />
              {longLinkText(link.length) ? <p className="note">{longLinkText(link.length)}</p> : null}
            </>
          )}
          <button
            type="button"
            className="button"
            onClick={() => {
              setLink(null);
              wrap.current?.querySelector("button")?.focus();
            }}
          >
            Close
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}
