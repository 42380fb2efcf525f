import { createContext, type ReactNode, useCallback, useContext } from "react";
import type { EditorDocument } from "../store/document";
import type { DraftSession } from "./draft-session";
import { DEFAULT_DRAFT_NAME } from "./draft-storage";

/** The open draft's name, or undefined while it has the default one (nothing to name a link or file after). */
export function currentDraftName(session: DraftSession): string | undefined {
  const ui = session.ui.getState();
  const name = ui.drafts.find((d) => d.id === ui.currentId)?.name;
  return name === DEFAULT_DRAFT_NAME ? undefined : name;
}

const DraftNameContext = createContext<() => string | undefined>(() => undefined);

/** Opens a document as a new draft, the open one kept; absent without a draft session (tests). */
export type OpenAsNewDraft = (doc: EditorDocument, name: string) => void;
const NewDraftContext = createContext<OpenAsNewDraft | undefined>(undefined);

/**
 * Lets the panels below read the open draft's name when they need it (a download), not on every
 * rename, and open a document as a new draft (an import over a draft that has widgets).
 */
export function DraftNameProvider(props: { session: DraftSession; children: ReactNode }) {
  const { session } = props;
  const get = useCallback(() => currentDraftName(session), [session]);
  const open = useCallback<OpenAsNewDraft>((doc, name) => session.newDraft(doc, name), [session]);
  return (
    <DraftNameContext.Provider value={get}>
      <NewDraftContext.Provider value={open}>{props.children}</NewDraftContext.Provider>
    </DraftNameContext.Provider>
  );
}

/** Opens a document as a new draft (see `DraftNameProvider`); undefined without a draft session. */
export function useOpenAsNewDraft(): OpenAsNewDraft | undefined {
  return useContext(NewDraftContext);
}

/** A reader of the open draft's name (see `currentDraftName`); without a provider, always undefined. */
export function useDraftName(): () => string | undefined {
  return useContext(DraftNameContext);
}
