// Build-time only (scripts/prerender-page.mjs, in Node): the editor's own components render the
// empty editor that index.html shows before its JavaScript runs, and each widget's list row and
// preview frame for the palette's early clicks (early-shell.ts). Never part of the browser bundle.
import { renderToString } from "react-dom/server";
import { WIDGET_METAS } from "../../widgets/catalog";
import { App } from "../app";
import { startDraftSession } from "../drafts/draft-session";
import { MemoryStorage } from "../drafts/memory-storage";
import { createEditorStore, type EditorStore } from "../store/editor-store";

/** The editor as first shown, and after one widget of each kind was added. */
export interface PrerenderedEditor {
  shell: string;
  /** The whole editor holding one widget of `kind` (not selected) with the id `id`. */
  withOne: { kind: string; id: string; html: string }[];
}

function render(setUp: (store: EditorStore) => void): string {
  const store = createEditorStore({ postToken: null });
  const session = startDraftSession({ store, storage: new MemoryStorage() });
  setUp(store);
  // On a server React reads a store's initial state (useSyncExternalStore's server snapshot).
  const now: EditorStore = { ...store, getInitialState: store.getState };
  return renderToString(<App store={now} session={session} />);
}

/** Renders the empty editor and, per widget kind, the editor with one widget of that kind. */
export function prerenderEditor(): PrerenderedEditor {
  return {
    shell: render(() => {}),
    withOne: WIDGET_METAS.map((m) => {
      let id = "";
      const html = render((store) => {
        id = store.getState().addWidget(m.kind);
        store.getState().select(null);
      });
      return { kind: m.kind, id, html };
    }),
  };
}
