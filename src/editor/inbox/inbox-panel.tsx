import "../../preview/preview-styles";
import "../proxy/panels.css";
import "./inbox-panel.css";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { formatErrorMessage } from "../../platform/errors";
import {
  deliveredEventTypeSchema,
  type SubscriptionEventType,
  subscriptionEventTypeSchema,
  subscriptionRequestSchema,
} from "../../platform/events";
import { browserStorage, type KeyValueStorage } from "../proxy/oauth-resume";
import { OfflineAccessToggle, withOffline } from "../proxy/offline-access";
import { createProxyClient, errorText, type HeldSubscription, type ProxyClient } from "../proxy/proxy-client";
import { SendOutcomeView } from "../proxy/send-outcome-view";
import { useProxySession } from "../proxy/use-proxy-session";
import { browserEnvironment, type FlowEnvironment, useSendFlow } from "../proxy/use-send-flow";
import {
  addInboxEntry,
  type InboxRow,
  matchesFilter,
  parseInboxEntry,
  START_REQUEST_TYPE,
  SUBSCRIPTION_FAILED_TYPE,
} from "./inbox-entries";
import { type FetchJson, useOlderEntries } from "./use-older-entries";

/** The part of EventSource the inbox uses; tests pass a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void;
  onerror: ((e: Event) => void) | null;
  close(): void;
}

/** Injectable collaborators (tests); the app uses the defaults. */
export interface InboxPanelProps {
  client?: ProxyClient;
  env?: () => FlowEnvironment;
  storage?: KeyValueStorage;
  openStream?: (url: string) => EventSourceLike;
  /** Reads GET /api/inbox pages for "Load older" (tests inject it). */
  fetchJson?: FetchJson;
}

const EVENT_TYPES = subscriptionEventTypeSchema.options;
const DELIVERED_TYPES = deliveredEventTypeSchema.options;
/** The inbox keeps the latest entries only, so a long session stays fast. */
const MAX_ROWS = 500;

type Pair = { id: number; key: string; value: string };
let pairIds = 0;

/** What the resource id means for each event type (spec 6.1). */
const RESOURCE_HINT: Record<SubscriptionEventType, string> = {
  NEW_MESSAGE_ON_POST:
    "A post token: messages in that post's conversations. Leave empty for all of the user's conversations.",
  NEW_CHATBOT_MESSAGE: "Leave empty for all of the app's chatbot conversations.",
  USER_ACCESS_REVOCATION: "Leave empty: the event is about the signed-in user.",
  POST_UPDATE: "A post token, or empty for all of the user's posts.",
  PAYMENT_TRANSACTION: "Leave empty for all of the app's transactions.",
};

function Subscriptions(props: {
  client: ProxyClient;
  env: () => FlowEnvironment;
  disabled: boolean;
  storage: KeyValueStorage | undefined;
  offlineHeld: boolean;
}) {
  const { client, env } = props;
  const ids = useId();
  const [type, setType] = useState<SubscriptionEventType>("NEW_MESSAGE_ON_POST");
  const [resource, setResource] = useState("");
  const [pairs, setPairs] = useState<Pair[]>([]);
  const [held, setHeld] = useState<HeldSubscription[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);

  const [checking, setChecking] = useState(false);

  const refresh = useCallback(async () => {
    const r = await client.subscriptions();
    if (r.ok) {
      setHeld(r.value.subscriptions);
      setListError(null);
    } else setListError(r.kind === "unreachable" ? r.message : errorText(r.error));
  }, [client]);

  // Asking for the session renews an expired token and re-creates the held subscriptions (6.3.3).
  const checkSession = async () => {
    setChecking(true);
    const r = await client.session();
    setChecking(false);
    if (r.ok) {
      setHeld(r.value.subscriptions ?? []);
      setListError(
        r.value.signedIn && r.value.expired
          ? "The session has expired and could not be renewed (no offline access): sign in again, then subscribe again."
          : null,
      );
    } else setListError(r.kind === "unreachable" ? r.message : errorText(r.error));
  };

  const stop = async (s: HeldSubscription) => {
    const r = await client.unsubscribe(s.event_type, s.event_resource_id);
    if (r.ok) setHeld(r.value.subscriptions);
    else setListError(r.kind === "unreachable" ? r.message : errorText(r.error));
  };

  useEffect(() => {
    if (!props.disabled) void refresh();
  }, [refresh, props.disabled]);

  const flow = useSendFlow({
    action: "subscribe",
    env,
    send: async (_target, body, returnTo) => {
      const req = subscriptionRequestSchema.safeParse(body);
      if (!req.success) {
        const detail = req.error.issues
          .map((i) => `${i.path.join(".") || "request"}: ${i.message}`)
          .join("; ");
        return {
          ok: false,
          kind: "error",
          status: 400,
          error: { code: "invalid_request", message: formatErrorMessage("invalid_request", { detail }) },
        };
      }
      const r = await client.subscribe(req.data, returnTo);
      if (!r.ok) return r;
      setHeld(r.value.subscriptions);
      return { ok: true, value: { ok: true } };
    },
  });

  const request = () => {
    const metadata: Record<string, string> = {};
    for (const p of pairs) if (p.key.trim()) metadata[p.key.trim()] = p.value;
    return {
      event_type: type,
      ...(resource.trim() ? { event_resource_id: resource.trim() } : {}),
      ...(Object.keys(metadata).length ? { metadata } : {}),
    };
  };

  return (
    <section aria-labelledby={`${ids}-h`} className="subscriptions">
      <h3 id={`${ids}-h`}>Event subscriptions</h3>
      <div className="field">
        <label className="field-label" htmlFor={`${ids}-type`}>
          Event type
        </label>
        <select
          className="input"
          id={`${ids}-type`}
          value={type}
          onChange={(e) => {
            const t = subscriptionEventTypeSchema.safeParse(e.target.value);
            if (t.success) setType(t.data);
          }}
        >
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${ids}-res`}>
          Resource id
        </label>
        <input
          className="input"
          id={`${ids}-res`}
          dir="ltr"
          value={resource}
          onChange={(e) => setResource(e.target.value)}
        />
        <small>{RESOURCE_HINT[type]}</small>
      </div>
      <fieldset className="metadata">
        <legend>Metadata</legend>
        {pairs.map((p, i) => (
          <div key={p.id} className="pair">
            <label>
              Key {i + 1}
              <input
                className="input"
                value={p.key}
                dir="ltr"
                onChange={(e) =>
                  setPairs(pairs.map((x) => (x.id === p.id ? { ...x, key: e.target.value } : x)))
                }
              />
            </label>
            <label>
              Value {i + 1}
              <input
                className="input"
                value={p.value}
                onChange={(e) =>
                  setPairs(pairs.map((x) => (x.id === p.id ? { ...x, value: e.target.value } : x)))
                }
              />
            </label>
            <button
              className="icon-button"
              type="button"
              aria-label={`Remove metadata ${i + 1}`}
              onClick={() => setPairs(pairs.filter((x) => x.id !== p.id))}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          className="button"
          type="button"
          onClick={() => setPairs([...pairs, { id: ++pairIds, key: "", value: "" }])}
        >
          Add metadata
        </button>
      </fieldset>
      {props.disabled ? null : <OfflineAccessToggle storage={props.storage} held={props.offlineHeld} />}
      <button
        className="button is-primary"
        type="button"
        disabled={props.disabled || flow.outcome.status === "sending"}
        onClick={() => void flow.run({ eventType: type }, request())}
      >
        Subscribe
      </button>
      <SendOutcomeView
        outcome={flow.outcome}
        successText="Subscribed. The proxy holds it and creates it again after each token refresh."
        onAuthorize={flow.authorizeAgain}
      />
      <h4 id={`${ids}-held`}>Held by the proxy</h4>
      <p className="muted">
        A subscription ends with the token it was made with; the proxy makes each one again after renewing the
        token (spec 6.3.3).
      </p>
      <button
        className="button"
        type="button"
        disabled={props.disabled || checking}
        onClick={() => void checkSession()}
      >
        {checking ? "Checking…" : "Check the session now"}
      </button>
      {listError ? <p>{listError}</p> : null}
      {held && held.length === 0 ? <p>No subscriptions yet.</p> : null}
      {held && held.length > 0 ? (
        <ul aria-labelledby={`${ids}-held`}>
          {held.map((s) => (
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
                onClick={() => void stop(s)}
              >
                Stop holding
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Subscriptions (spec 4.4) and a live, filterable inbox of what the platform delivered (4.5, 4.11). */
export function InboxPanel(props: InboxPanelProps = {}) {
  const storage = useMemo(() => props.storage ?? browserStorage(), [props.storage]);
  const client = useMemo(() => props.client ?? createProxyClient(), [props.client]);
  const env = props.env ?? (() => browserEnvironment(storage));
  const openStream = props.openStream ?? ((url: string) => new EventSource(url));
  const proxy = useProxySession(client);
  const [rows, setRows] = useState<InboxRow[]>([]);
  const [live, setLive] = useState<"connecting" | "live" | "lost">("connecting");
  const [type, setType] = useState("");
  const [text, setText] = useState("");
  const [resource, setResource] = useState("");
  const older = useOlderEntries(rows, setRows, props.fetchJson);
  const ids = useId();
  const signedIn = proxy.status === "present" && proxy.session?.signedIn === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream opens once per sign-in; openStream is a factory
  useEffect(() => {
    if (!signedIn) return;
    const source = openStream("/api/inbox/stream");
    source.addEventListener("ready", () => setLive("live"));
    source.addEventListener("inbox", (e) => {
      const entry = parseInboxEntry(e.data);
      if (!entry) return;
      setLive("live");
      setRows((r) => addInboxEntry(r, entry, MAX_ROWS));
    });
    // EventSource reconnects by itself (sending Last-Event-ID); this only says so.
    source.onerror = () => setLive("lost");
    return () => source.close();
  }, [signedIn]);

  const shown = useMemo(
    () =>
      rows.filter((r) => matchesFilter(r, type, text) && (!resource.trim() || r.post === resource.trim())),
    [rows, type, text, resource],
  );

  return (
    <section className="inbox-panel" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Events</h2>
      {proxy.status === "absent" ? <p role="note">{proxy.message}</p> : null}
      {proxy.status === "present" && !signedIn ? (
        <p>
          Sign in to see events:{" "}
          <a
            href={withOffline(
              `/oauth/start?scope=USER_PHONE&returnTo=${encodeURIComponent(env().location.pathname)}`,
              storage,
            )}
          >
            authorize the app
          </a>
          .
        </p>
      ) : null}
      <Subscriptions
        client={client}
        env={env}
        disabled={proxy.status !== "present"}
        storage={storage}
        offlineHeld={proxy.status === "present" && proxy.session?.scopes.includes("offline_access") === true}
      />

      <section aria-labelledby={`${ids}-inbox`}>
        <h3 id={`${ids}-inbox`}>Inbox</h3>
        {signedIn ? (
          <p role="status">
            {live === "live"
              ? "Live: new events appear here as they arrive."
              : live === "lost"
                ? "Connection lost: reconnecting…"
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
            {[...DELIVERED_TYPES, START_REQUEST_TYPE, SUBSCRIPTION_FAILED_TYPE].map((t) => (
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
        <table aria-label="Received events">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Time</th>
              <th scope="col">Conversation</th>
              <th scope="col">Sender</th>
              <th scope="col">Text</th>
              <th scope="col">As received</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id} className={r.type === SUBSCRIPTION_FAILED_TYPE ? "inbox-failure" : undefined}>
                <td>
                  <code>{r.type}</code>
                  {r.count > 1 ? <div>received {r.count}×</div> : null}
                  {r.post ? <div>post {r.post}</div> : null}
                  {r.metadata ? <div className="muted">metadata {r.metadata}</div> : null}
                </td>
                <td>
                  <time dateTime={r.time.toISOString()}>{r.time.toLocaleString()}</time>
                </td>
                <td>{r.conversation ?? ""}</td>
                <td>{r.sender ?? ""}</td>
                <td dir="auto">{r.text ?? ""}</td>
                <td>
                  <details>
                    <summary>JSON</summary>
                    <pre className="inbox-json">{JSON.stringify(r.raw, null, 2)}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
    </section>
  );
}
