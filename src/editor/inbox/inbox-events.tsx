import { type Dispatch, type SetStateAction, useId, useMemo, useState } from "react";
import { deliveredEventTypeSchema } from "../../platform/events";
import type { FetchJson } from "./fetch-json";
import { type InboxRow, matchesFilter, START_REQUEST_TYPE, SUBSCRIPTION_FAILED_TYPE } from "./inbox-entries";
import { useOlderEntries } from "./use-older-entries";

const DELIVERED_TYPES = deliveredEventTypeSchema.options;

/** The inbox stream's state; "paused" when the proxy ended it for a newer stream of the session. */
export type InboxLive = "connecting" | "live" | "lost" | "paused";

/** The inbox proper: live status, filters (type, text, post token), the events table and "Load older". */
export function InboxEvents(props: {
  rows: InboxRow[];
  setRows: Dispatch<SetStateAction<InboxRow[]>>;
  signedIn: boolean;
  live: InboxLive;
  fetchJson: FetchJson | undefined;
}) {
  const { rows, signedIn, live } = props;
  const [type, setType] = useState("");
  const [text, setText] = useState("");
  const [resource, setResource] = useState("");
  const older = useOlderEntries(rows, props.setRows, props.fetchJson);
  const ids = useId();
  // The known types, then any other a delivery named (a type newer than the studio's contract).
  const typeOptions = useMemo(() => {
    const known: string[] = [...DELIVERED_TYPES, START_REQUEST_TYPE, SUBSCRIPTION_FAILED_TYPE];
    const other = new Set(rows.map((r) => r.type).filter((t) => !known.includes(t)));
    return [...known, ...[...other].sort()];
  }, [rows]);
  const shown = useMemo(
    () =>
      rows.filter((r) => matchesFilter(r, type, text) && (!resource.trim() || r.post === resource.trim())),
    [rows, type, text, resource],
  );

  return (
    <section aria-labelledby={`${ids}-inbox`}>
      <h3 id={`${ids}-inbox`}>Inbox</h3>
      {signedIn ? (
        <p role="status">
          {live === "live"
            ? "Live: new events appear here as they arrive."
            : live === "lost"
              ? "Connection lost: reconnecting…"
              : live === "paused"
                ? "Paused: the inbox is open in more tabs than this studio keeps live; this tab reconnects in 30 seconds, and events that arrive meanwhile are shown then."
                : "Connecting…"}
        </p>
      ) : null}
      <div className="inbox-filters">
        <label className="field-label" htmlFor={`${ids}-ft`}>
          Filter by type
        </label>
        <select
          className="input"
          id={`${ids}-ft`}
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            older.reset();
          }}
        >
          <option value="">All types</option>
          {typeOptions.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <label className="field-label" htmlFor={`${ids}-fx`}>
          Filter text
        </label>
        <input
          className="input"
          id={`${ids}-fx`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <label className="field-label" htmlFor={`${ids}-fr`}>
          Post token
        </label>
        <input
          className="input"
          id={`${ids}-fr`}
          type="search"
          value={resource}
          onChange={(e) => {
            setResource(e.target.value);
            older.reset();
          }}
        />
      </div>
      <p>
        Showing {shown.length} of {rows.length}
      </p>
      {/* Scrolls sideways in a narrow panel rather than squeezing the text to a few words a line. */}
      <div className="inbox-table">
        <table aria-label="Received events">
          <thead>
            <tr>
              <th scope="col">Type</th>
              {/* Second, where a narrow panel still shows it whole: a Persian message starts at its right edge. */}
              <th scope="col">Text</th>
              <th scope="col">Time</th>
              <th scope="col">Conversation</th>
              <th scope="col">Sender</th>
              <th scope="col">As received</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.id}
                className={
                  r.type === SUBSCRIPTION_FAILED_TYPE ||
                  r.raw.kind === "unread_event" ||
                  (r.raw.kind === "start_request" && (r.raw.start.problems?.length ?? 0) > 0)
                    ? "inbox-failure"
                    : undefined
                }
              >
                <td>
                  <code>{r.type}</code>
                  {r.count > 1 ? <div>received {r.count}×</div> : null}
                  {r.post ? <div>post {r.post}</div> : null}
                  {r.metadata ? <div className="muted">metadata {r.metadata}</div> : null}
                </td>
                <td dir="auto" className="inbox-text">
                  {r.text ?? ""}
                </td>
                <td>
                  <time dateTime={r.time.toISOString()}>{r.time.toLocaleString()}</time>
                </td>
                <td>{r.conversation ?? ""}</td>
                <td>{r.sender ?? ""}</td>
                <td>
                  <details>
                    <summary>
                      JSON
                      <span className="visually-hidden">
                        {" "}
                        of {r.type}, entry {r.id}
                      </span>
                    </summary>
                    {/* A scrolling box a keyboard reaches, to scroll a long body without a mouse. */}
                    {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
                    <pre className="inbox-json" tabIndex={0}>
                      {JSON.stringify(r.raw, null, 2)}
                    </pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {signedIn ? (
        <p>
          <button
            className="button"
            type="button"
            disabled={older.loading || older.exhausted}
            onClick={() => void older.loadOlder(type, resource)}
          >
            {older.loading ? "Loading…" : older.exhausted ? "No older events" : "Load older"}
          </button>
          {older.error ? <span role="alert"> {older.error}</span> : null}
        </p>
      ) : null}
    </section>
  );
}
