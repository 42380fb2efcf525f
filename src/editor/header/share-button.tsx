import { useEffect, useRef, useState } from "react";
import { loadContract } from "../contract/contract-gate";
import { currentDraftName } from "../drafts/draft-name";
import type { DraftSession } from "../drafts/draft-session";
import { downloadAddon } from "../json/addon-file";
import { longLinkText, type ShareBlock, shareBlock } from "../share/link-length";
import { useEditorStoreApi } from "../store/editor-store-context";
import { selectExportBody } from "../store/selectors";
import { ChromeIcon } from "../ui/icons";
import { useOutsideClose } from "./use-outside-close";

/** "Share": copies a link that carries the whole document (and the draft's name) in its address. */
export function ShareButton(props: { session: DraftSession }) {
  const api = useEditorStoreApi();
  const [link, setLink] = useState<string | null>(null);
  // Why no link is given (too many widgets for the studio, too long for browsers), if so.
  const [blocked, setBlocked] = useState<ShareBlock | null>(null);
  const [status, setStatus] = useState("");
  const wrap = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const download = useRef<HTMLButtonElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  useOutsideClose(wrap, link !== null, () => setLink(null));
  async function share() {
    const s = api.getState();
    // The contract tells which nulls the link leaves out (it is loaded right after the first paint).
    const [{ shareUrl }] = await Promise.all([import("../share/share-link"), loadContract()]);
    // The draft's own name goes with it, so the link opens under that name (not a default one).
    const name = currentDraftName(props.session);
    const count = s.doc.widgets.length;
    // More widgets than the studio opens: no link is built (it would be refused where it is opened).
    const tooMany = shareBlock(0, count);
    const url = tooMany ? "" : shareUrl(window.location.href, s.doc.kind, selectExportBody(s), name);
    const block = tooMany ?? shareBlock(url.length, count);
    setLink(url);
    setBlocked(block);
    // A link that would not open is not copied (it would be sent, and open nothing).
    if (block) {
      setStatus(block.text);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Share link copied.");
    } catch {
      setStatus("Copy the link below.");
    }
  }
  const close = () => {
    setLink(null);
    setBlocked(null);
    wrap.current?.querySelector("button")?.focus();
  };
  const closeOnEscape = (e: React.KeyboardEvent) => {
    if (e.key === "Escape" && link !== null) close();
  };
  useEffect(() => {
    // Keyboard users land on the link, selected, ready to copy by hand if the clipboard refused.
    // Too long to be a link, the add-on goes as a file: they land on its download instead.
    if (link !== null) (input.current ?? download.current ?? closer.current)?.focus();
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
      {link !== null ? (
        <fieldset id="share-menu" className="menu" aria-label="Share link" onKeyDown={closeOnEscape}>
          {blocked ? (
            <>
              <p role="status">{status}</p>
              {blocked.download ? (
                <button
                  ref={download}
                  type="button"
                  className="button"
                  onClick={() => {
                    const s = api.getState();
                    const file = downloadAddon(
                      s.doc.kind,
                      selectExportBody(s),
                      currentDraftName(props.session),
                    );
                    setStatus(`Downloaded ${file}: send this file instead of a link.`);
                  }}
                >
                  Download JSON
                </button>
              ) : null}
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
          <button ref={closer} type="button" className="button" onClick={close}>
            Close
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}
