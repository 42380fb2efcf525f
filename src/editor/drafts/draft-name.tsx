import { createContext, type ReactNode, useCallback, useContext } from "react";
import type { DraftSession } from "./draft-session";
import { DEFAULT_DRAFT_NAME } from "./draft-storage";

/** The open draft's name, or undefined while it has the default one (nothing to name a link or file after). */
export function currentDraftName(session: DraftSession): string | undefined {
  const ui = session.ui.getState();
  const name = ui.drafts.find((d) => d.id === ui.currentId)?.name;
  return name === DEFAULT_DRAFT_NAME ? undefined : name;
}

const DraftNameContext = createContext<() => string | undefined>(() => undefined);

/** Lets the panels below read the open draft's name when they need it (a download), not on every rename. */
export function DraftNameProvider(props: { session: DraftSession; children: ReactNode }) {
  const { session } = props;
  const get = useCallback(() => currentDraftName(session), [session]);
  return <DraftNameContext.Provider value={get}>{props.children}</DraftNameContext.Provider>;
}

/** A reader of the open draft's name (see `currentDraftName`); without a provider, always undefined. */
export function useDraftName(): () => string | undefined {
  return useContext(DraftNameContext);
}
