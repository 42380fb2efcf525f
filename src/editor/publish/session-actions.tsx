import { useState } from "react";
import type { ProxyClient } from "../proxy/proxy-client";
import { ConfirmButton } from "./confirm-button";

/**
 * Sign out (this session, including any copy of its cookie) and sign out everywhere (every session
 * the studio issued, in every browser). Reloads the page afterwards, so every panel reads the
 * signed-out state; the document is kept as a draft in the browser.
 */
export function SessionActions(props: { client: ProxyClient; reload?: () => void }) {
  const [error, setError] = useState<string | undefined>();
  const reload = props.reload ?? (() => window.location.reload());
  const run = async (action: () => ReturnType<ProxyClient["signOut"]>) => {
    const r = await action();
    if (r.ok) reload();
    else setError(r.kind === "unreachable" ? r.message : r.error.message);
  };
  return (
    <div className="session-actions">
      <button className="button" type="button" onClick={() => void run(props.client.signOut)}>
        Sign out
      </button>
      <ConfirmButton
        label="Sign out everywhere"
        question="End every studio session, in every browser (other people's sessions of this studio too)?"
        confirmLabel="Sign out everywhere"
        onConfirm={() => void run(props.client.signOutEverywhere)}
      />
      {error ? (
        <p className="send-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
