import { announce } from "../ui/announcer";
import type { DraftSession } from "./draft-session";

/**
 * A draft's name as said inside an English sentence: quoted, and isolated so a Persian name keeps its
 * own order and does not pull the words around it.
 */
export function quotedDraftName(name: string): string {
  return `“\u2068${name}\u2069”`;
}

function openName(session: DraftSession): string {
  const { drafts, currentId } = session.ui.getState();
  return drafts.find((d) => d.id === currentId)?.name ?? "";
}

/**
 * Runs `change`, which opens another draft (a new one, a template, the next after a delete), then says
 * through the page's announcer which draft is open now and what became of the one before: the header's
 * draft controls change out of the user's sight.
 */
export function changeDraftAloud(
  session: DraftSession,
  change: () => void,
  say: (open: string, before: string) => string,
): void {
  const before = quotedDraftName(openName(session));
  change();
  announce(say(quotedDraftName(openName(session)), before));
}
