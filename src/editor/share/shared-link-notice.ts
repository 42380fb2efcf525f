// What the editor says about a share link, at start-up (boot.ts, main.tsx) and when one is opened in
// a tab that already shows the studio (use-shared-link.ts).
import type { Notice } from "../drafts/draft-session";
import type { ImportResult } from "../json/import-body";
import { countOf } from "../ui/count-of";

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

/** When the code that decodes share links could not be fetched: the link stays in the address. */
export const SHARE_CODE_FAILED: Notice = {
  tone: "error",
  text: "Could not load the code that opens the shared link. Reload the page to try again: the link is still in the address bar.",
};

/** The name of a draft opened from a share link that names none (or a link from before names were sent). */
export const SHARED_DRAFT_NAME = "Shared add-on";
