import { useEffect, useRef, useState } from "react";
import { loadContract } from "../contract/contract-gate";
import type { DraftSession } from "../drafts/draft-session";
import { DEFAULT_DRAFT_NAME } from "../drafts/draft-storage";
import { useEditorStoreApi } from "../store/editor-store-context";
import { selectExportBody } from "../store/selectors";
import { ChromeIcon } from "../ui/icons";
import { useOutsideClose } from "./use-outside-close";

/** Links longer than this are cut by some messengers and mail clients (browsers take ~2 MB). */
const LONG_LINK = 8000;

/** "Share": copies a link that carries the whole document (and the draft's name) in its address. */
export function ShareButton(props: { session: DraftSession }) {
  const api = useEditorStoreApi();
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const wrap = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
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
    if (link !== null) input.current?.focus();
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
          {link.length > LONG_LINK ? (
            <p className="note">
              This link is {link.length.toLocaleString("en")} characters long. Browsers open it, but some chat
              apps and mail clients cut long links: for an add-on this size, send the downloaded JSON file
              instead.
            </p>
          ) : null}
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
