import { useEffect, useRef } from "react";
import { loadContract } from "../contract/contract-gate";
import type { DraftSession, Notice } from "../drafts/draft-session";
import type { ImportResult } from "../json/import-body";
import { countOf } from "../ui/count-of";

/** A fragment that carries a shared document (`#doc=…`). */
const SHARED = /(^#|&)doc=/;

/** What opening a shared link says: a new draft and what came with it, or why it was not opened. */
export function sharedLinkNotice(shared: ImportResult): Notice {
  if (!shared.ok) return { tone: "error", text: `Could not open the shared link. ${shared.message}` };
  const info = shared.from === "v1" ? " It was a v1 body and was migrated to v2." : "";
  const problems = shared.errors ? ` It came with ${countOf(shared.errors, "error")}: see Problems.` : "";
  return {
    tone: "info",
    text: `Opened a shared add-on as a new draft; your other drafts are untouched.${info}${problems}`,
  };
}

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
      if (!SHARED.test(hash)) return;
      Promise.all([import("./share-link"), loadContract()]).then(
        ([m]) => {
          if (!live) return;
          const shared = m.decodeShare(hash);
          if (!shared) return;
          history.replaceState(null, "", window.location.pathname + window.location.search);
          if (shared.ok) {
            session.newDraft(shared.doc, "Shared add-on");
            opened.current();
          }
          session.setNotice(sharedLinkNotice(shared));
        },
        () =>
          session.setNotice({
            tone: "error",
            text: "Could not load the code that opens the shared link. Reload the page to try again: the link is still in the address bar.",
          }),
      );
    };
    window.addEventListener("hashchange", onHashChange);
    return () => {
      live = false;
      window.removeEventListener("hashchange", onHashChange);
    };
  }, [session]);
}
