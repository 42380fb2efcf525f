import { type DraftSession, type Notice, startDraftSession } from "./drafts/draft-session";
import type { ImportResult } from "./json/import-body";
import { createEditorStore, type EditorStore } from "./store/editor-store";
import { countOf } from "./ui/count-of";

/** Where the editor reads its start-up state from (the window, or fakes in tests). */
export interface BootEnv {
  location: Pick<Location, "href" | "hash" | "search">;
  storage: Storage;
  channel: DraftSessionChannel | null;
  target: Pick<Window, "addEventListener" | "removeEventListener"> | null;
  /** Drops the share fragment from the address so a reload does not open it again. */
  clearHash: () => void;
}

type DraftSessionChannel = NonNullable<Parameters<typeof startDraftSession>[0]["channel"]>;

/**
 * Builds the store and the draft session: `?post_token=` becomes the publish target; a share link
 * (`#doc=`) opens as a new draft (never over an existing one); otherwise the last draft reopens.
 */
export function bootEditor(
  env: BootEnv,
  /** The decoded share link, when the address carries one (decoded by the caller, lazily loaded). */
  shared?: ImportResult,
): { store: EditorStore; session: DraftSession } {
  const params = new URLSearchParams(env.location.search);
  const store = createEditorStore({ postToken: params.get("post_token") });
  let opening: Parameters<typeof startDraftSession>[0]["open"];
  let notice: Notice | null = null;
  if (shared?.ok) {
    const info = shared.from === "v1" ? " It was a v1 body and was migrated to v2." : "";
    const problems = shared.errors ? ` It came with ${countOf(shared.errors, "error")}: see Problems.` : "";
    opening = {
      doc: shared.doc,
      name: "Shared add-on",
      notice: {
        tone: "info",
        text: `Opened a shared add-on as a new draft; your other drafts are untouched.${info}${problems}`,
      },
    };
  } else if (shared && !shared.ok) {
    notice = { tone: "error", text: `Could not open the shared link. ${shared.message}` };
  }
  if (shared) env.clearHash();
  const session = startDraftSession({
    store,
    storage: env.storage,
    channel: env.channel,
    target: env.target,
    open: opening,
  });
  if (notice) session.setNotice(notice);
  return { store, session };
}
