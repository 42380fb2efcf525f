import { type DraftSession, type Notice, startDraftSession } from "./drafts/draft-session";
import { keepHistory, takeHistory } from "./history/kept-history";
import type { SharedDoc } from "./share/share-link";
import { SHARED_DRAFT_NAME, sharedLinkNotice } from "./share/shared-link-notice";
import { readTabMemory, rememberInTab } from "./shell/tab-memory";
import { indexOfWidget } from "./store/document";
import { createEditorStore, type EditorStore } from "./store/editor-store";

/** Where the editor reads its start-up state from (the window, or fakes in tests). */
export interface BootEnv {
  location: Pick<Location, "href" | "hash" | "search">;
  storage: Storage;
  channel: DraftSessionChannel | null;
  target: Pick<Window, "addEventListener" | "removeEventListener"> | null;
  /** Drops the share fragment from the address so a reload does not open it again. */
  clearHash: () => void;
  /** This tab's storage (sessionStorage): the selection and the post published to, over a reload. */
  tab?: Pick<Storage, "getItem" | "setItem"> | null;
}

type DraftSessionChannel = NonNullable<Parameters<typeof startDraftSession>[0]["channel"]>;

/**
 * Builds the store and the draft session: `?post_token=` becomes the publish target; a share link
 * (`#doc=`) opens as a new draft (never over an existing one); otherwise the last draft reopens.
 */
export function bootEditor(
  env: BootEnv,
  /** The decoded share link, when the address carries one (decoded by the caller, lazily loaded). */
  shared?: SharedDoc,
): { store: EditorStore; session: DraftSession; stop: () => void } {
  const params = new URLSearchParams(env.location.search);
  const tab = env.tab ?? null;
  const kept = readTabMemory(tab);
  const store = createEditorStore({ postToken: params.get("post_token") ?? kept.postToken ?? null });
  let opening: Parameters<typeof startDraftSession>[0]["open"];
  let notice: Notice | null = null;
  if (shared?.ok)
    opening = { doc: shared.doc, name: shared.name ?? SHARED_DRAFT_NAME, notice: sharedLinkNotice(shared) };
  else if (shared) notice = sharedLinkNotice(shared);
  if (shared) {
    env.clearHash();
    // A shared add-on is shown in the add-on editor, whichever side this tab showed last.
    rememberInTab(tab, { mode: undefined });
  }
  const session = startDraftSession({
    store,
    storage: env.storage,
    channel: env.channel,
    target: env.target,
    open: opening,
    tab,
  });
  if (notice) session.setNotice(notice);
  const stop = keepPlaceOverReload(store, session, env, tab, kept);
  return { store, session, stop };
}

/**
 * A reload of this tab (the consent page's way back, a sign-out, F5) keeps the widget selected in the
 * same draft, its undo steps and the post being published to, as the draft itself is kept. Written
 * as the page is left (`pagehide`), never in an edit's own task. Returns what stops listening (a
 * test's studio).
 */
function keepPlaceOverReload(
  store: EditorStore,
  session: DraftSession,
  env: Pick<BootEnv, "target">,
  tab: Pick<Storage, "getItem" | "setItem"> | null,
  kept: ReturnType<typeof readTabMemory>,
): () => void {
  if (!tab) return () => {};
  // The undo steps of the draft that was open, if it opened again unchanged (history/kept-history.ts).
  const history = takeHistory(tab, session.ui.getState().currentId, store.getState().doc);
  if (history) store.getState().restoreHistory(history.past, history.future);
  const sel = kept.selection;
  if (
    sel &&
    sel.draftId === session.ui.getState().currentId &&
    indexOfWidget(store.getState().doc, sel.widgetId) >= 0
  )
    store.getState().select(sel.widgetId);
  const listening = new AbortController();
  env.target?.addEventListener(
    "pagehide",
    () => {
      const { selectedId, postToken } = store.getState();
      const draftId = session.ui.getState().currentId;
      rememberInTab(tab, {
        selection: selectedId ? { draftId, widgetId: selectedId } : undefined,
        postToken: postToken ?? undefined,
      });
      keepHistory(tab, draftId, store.getState());
    },
    { signal: listening.signal },
  );
  return () => listening.abort();
}
