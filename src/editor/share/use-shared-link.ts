import { useEffect, useRef } from "react";
import { loadContract } from "../contract/contract-gate";
import type { DraftSession } from "../drafts/draft-session";
import { SHARED_DOC } from "../shell/early-shell";
import { SHARE_CODE_FAILED, SHARED_DRAFT_NAME, sharedLinkNotice } from "./shared-link-notice";

/**
 * A share link opened in a tab that already shows the studio (pasted into its address bar, or
 * followed from another page of it) changes only the address's fragment: the page is not loaded
 * again, so the start-up code that opens links does not run. This opens it the same way, as a new
 * draft (the open one is saved first and kept), and drops the fragment as start-up does.
 */
export function useSharedLink(session: DraftSession, onOpened: () => void): void {
  // The latest callback, without subscribing again (a link being decoded would be dropped).
  const opened = useRef(onOpened);
  opened.current = onOpened;
  useEffect(() => {
    let live = true;
    const onHashChange = () => {
      const hash = window.location.hash;
      if (!SHARED_DOC.test(hash)) return;
      Promise.all([import("./share-link"), loadContract()]).then(
        ([m]) => {
          if (!live) return;
          const shared = m.decodeShare(hash);
          if (!shared) return;
          history.replaceState(null, "", window.location.pathname + window.location.search);
          if (shared.ok) {
            session.newDraft(shared.doc, shared.name ?? SHARED_DRAFT_NAME);
            opened.current();
          }
          session.setNotice(sharedLinkNotice(shared));
        },
        () => session.setNotice(SHARE_CODE_FAILED),
      );
    };
    window.addEventListener("hashchange", onHashChange);
    return () => {
      live = false;
      window.removeEventListener("hashchange", onHashChange);
    };
  }, [session]);
}
