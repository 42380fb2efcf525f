import { useId } from "react";
import type { HeldSubscription } from "../proxy/proxy-client";

/** The subscriptions the proxy holds for the user (spec 6.3.3), with a session check and "Stop holding". */
export function HeldSubscriptions(props: {
  held: HeldSubscription[] | null;
  listError: string | null;
  disabled: boolean;
  checking: boolean;
  onCheck: () => void;
  onStop: (s: HeldSubscription) => void;
}) {
  const ids = useId();
  return (
    <>
      <h4 id={`${ids}-held`}>Held by the proxy</h4>
      <p className="muted">
        A subscription ends with the token it was made with; the proxy makes each one again after renewing the
        token (spec 6.3.3).
      </p>
      <button
        className="button"
        type="button"
        disabled={props.disabled || props.checking}
        onClick={props.onCheck}
      >
        {props.checking ? "Checking…" : "Check the session now"}
      </button>
      {props.listError ? <p>{props.listError}</p> : null}
      {props.held && props.held.length === 0 ? <p>No subscriptions yet.</p> : null}
      {props.held && props.held.length > 0 ? (
        <ul aria-labelledby={`${ids}-held`}>
          {props.held.map((s) => (
            <li key={`${s.event_type}:${s.event_resource_id ?? ""}`}>
              <code>{s.event_type}</code>
              {s.event_resource_id ? ` on ${s.event_resource_id}` : ""} · renewed{" "}
              {new Date(s.renewedAt).toLocaleString()}
              {s.metadata && Object.keys(s.metadata).length
                ? ` · metadata ${Object.entries(s.metadata)
                    .map(([k, v]) => `${k}=${String(v)}`)
                    .join(", ")}`
                : ""}
              {s.lastError ? ` · last renewal failed: ${s.lastError}` : ""}{" "}
              <button
                className="button"
                type="button"
                aria-label={`Stop holding ${s.event_type}${s.event_resource_id ? ` on ${s.event_resource_id}` : ""}`}
                onClick={() => props.onStop(s)}
              >
                Stop holding
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
