import { type ReactNode, useId } from "react";
import type { FetchJson } from "../inbox/fetch-json";
import { importText } from "../json/import-body";
import type { HistoryEntry } from "../proxy/publish-history";
import { useEditorStoreApi } from "../store/editor-store-context";
import { LocalHistory } from "./local-history";
import { ServerHistory } from "./server-history";

/**
 * The publish panel's right column: sign-in options, then the proxy's history when signed in to a
 * studio that keeps one (each entry can be opened, published again or removed), else this browser's own.
 */
export function PublishSide(props: {
  /** Signed in to a studio that keeps a publish history (GET /api/session's `history`): the proxy's list is shown. */
  serverHistory: boolean;
  history: readonly HistoryEntry[];
  onClearHistory: () => void;
  /** Changes after each finished send, so the proxy's list is read again. */
  refreshKey: number;
  absent: boolean;
  busy: boolean;
  fetchJson: FetchJson | undefined;
  onRemoveAddon: (addonId: string) => void;
  /** Runs a send-flow target with a body (again, or a removal). */
  onRun: (target: Record<string, string>, body: unknown) => void;
  /** Sign-out and offline access, above the history. */
  signIn: ReactNode;
  /** The outcome of an action started from the history, shown above it. */
  outcome: ReactNode;
}) {
  const store = useEditorStoreApi();
  const id = useId();
  const localHistory = (
    <LocalHistory
      history={props.history}
      labelledBy={`${id}-hist`}
      disabled={props.absent || props.busy}
      onRemoveAddon={props.onRemoveAddon}
      onClear={props.onClearHistory}
    />
  );
  return (
    <div className="publish-side">
      {props.signIn}
      <h3 id={`${id}-hist`}>Publish history</h3>
      {props.outcome}
      {props.serverHistory ? (
        <ServerHistory
          fallback={localHistory}
          refreshKey={props.refreshKey}
          disabled={props.busy}
          {...(props.fetchJson ? { fetchJson: props.fetchJson } : {})}
          onOpen={(r) => {
            const res = importText(JSON.stringify(r.body), r.target.kind === "user_addon" ? "user" : "post");
            if (!res.ok) return;
            store.getState().replace(res.doc);
            if (r.target.kind === "post_addon") store.getState().setPostToken(r.target.id);
          }}
          onRun={props.onRun}
        />
      ) : (
        localHistory
      )}
    </div>
  );
}
