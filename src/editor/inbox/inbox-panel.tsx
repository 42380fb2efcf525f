import "../../preview/preview-styles";
import "../proxy/panels.css";
import "./inbox-panel.css";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { StudioErrorDetail } from "../../platform/errors";
import { NoProxyNote } from "../proxy/no-proxy-note";
import {
  browserStorage,
  type KeyValueStorage,
  readOAuthReturn,
  withoutOAuthParams,
} from "../proxy/oauth-resume";
import { withOffline } from "../proxy/offline-access";
import { createProxyClient, type ProxyClient } from "../proxy/proxy-client";
import { signInReturnError } from "../proxy/sign-in-failure";
import { useProxySession } from "../proxy/use-proxy-session";
import { browserEnvironment, type FlowEnvironment } from "../proxy/use-send-flow";
import { isolateQuoted } from "../ui/isolate-quoted";
import { arrivalsAloud } from "./arrivals-aloud";
import type { FetchJson } from "./fetch-json";
import { addInboxEntry, type InboxRow, inboxRow, parseInboxEntry } from "./inbox-entries";
import { InboxEvents, type InboxLive } from "./inbox-events";
import { Subscriptions } from "./subscriptions";

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
  /**
   * Whether arrivals are said aloud (default yes): not while the output panel is collapsed, where
   * the panel stays mounted but the tab's count (useInboxUnseen) says them instead.
   */
  aloud?: boolean;
}

/** The inbox keeps the latest entries only, so a long session stays fast. */
const MAX_ROWS = 500;

/** Subscriptions (spec 4.4) and a live, filterable inbox of what the platform delivered (4.5, 4.11). */
export function InboxPanel(props: InboxPanelProps = {}) {
  const storage = useMemo(() => props.storage ?? browserStorage(), [props.storage]);
  const client = useMemo(() => props.client ?? createProxyClient(), [props.client]);
  const env = props.env ?? (() => browserEnvironment(storage));
  const openStream = props.openStream ?? ((url: string) => new EventSource(url));
  const proxy = useProxySession(client);
  const [rows, setRows] = useState<InboxRow[]>([]);
  const [live, setLive] = useState<InboxLive>("connecting");
  const aloudNow = useRef(props.aloud !== false);
  aloudNow.current = props.aloud !== false;
  const ids = useId();
  const signedIn = proxy.status === "present" && proxy.session?.signedIn === true;
  const signInError = useInboxSignInReturn(env);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream opens once per sign-in; openStream is a factory
  useEffect(() => {
    if (!signedIn) return;
    const source = openStream("/api/inbox/stream");
    // What the first connection replays of earlier deliveries is shown silently; what arrives after
    // its `caught_up` is new to the user, and said aloud. So is what a reconnection replays (from the
    // last id: it arrived while the connection was down), each entry once.
    const aloud = arrivalsAloud();
    let caughtUp = false;
    const heard = new Set<number>();
    source.addEventListener("ready", () => setLive("live"));
    source.addEventListener("caught_up", () => {
      caughtUp = true;
    });
    source.addEventListener("inbox", (e) => {
      const entry = parseInboxEntry(e.data);
      if (!entry) return;
      setLive("live");
      const row = inboxRow(entry);
      setRows((r) => addInboxEntry(r, entry, MAX_ROWS, row));
      const fresh = !heard.has(entry.id);
      heard.add(entry.id);
      if (caughtUp && fresh && aloudNow.current) aloud.add(row.type);
    });
    // Ended to make way for a newer stream of this session (too many tabs): EventSource comes back
    // by itself after the retry the proxy sent, from the last event id.
    let paused = false;
    source.addEventListener("evicted", () => {
      paused = true;
      setLive("paused");
    });
    // EventSource reconnects by itself (sending Last-Event-ID); this only says so.
    source.onerror = () => {
      if (!paused) setLive("lost");
    };
    source.addEventListener("ready", () => {
      paused = false;
    });
    return () => {
      aloud.stop();
      source.close();
    };
  }, [signedIn]);

  return (
    <section className="inbox-panel" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Events</h2>
      <p className="muted" id={`${ids}-scope`}>
        What the platform delivered to this app since you signed in, and earlier deliveries that match your
        subscriptions below. A delivery does not say whose subscription it answers, so others signed in to
        this studio at the same time see the same new deliveries.
      </p>
      <NoProxyNote proxy={proxy} />
      {signInError && !signedIn ? <p role="alert">{isolateQuoted(signInError.message)}</p> : null}
      {proxy.status === "present" && !signedIn ? (
        <p>
          Sign in to see events:{" "}
          <a
            href={withOffline(
              `/oauth/start?scope=USER_PHONE&returnTo=${encodeURIComponent(`${env().location.pathname}?resume=inbox`)}`,
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
        session={proxy.status === "present" ? (proxy.session ?? null) : null}
        env={env}
        disabled={proxy.status !== "present"}
        storage={storage}
        offlineHeld={proxy.status === "present" && proxy.session?.scopes.includes("offline_access") === true}
      />

      <InboxEvents
        rows={rows}
        setRows={setRows}
        signedIn={signedIn}
        live={live}
        fetchJson={props.fetchJson}
      />
    </section>
  );
}

/**
 * The Inbox's own return from the consent page (`resume=inbox`): what went wrong, said once, and the
 * address tidied. A refusal or a platform's error would otherwise leave the same "Sign in" link
 * without a word.
 */
function useInboxSignInReturn(env: () => FlowEnvironment): StudioErrorDetail | undefined {
  const [error, setError] = useState<StudioErrorDetail>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the panel opens
  useEffect(() => {
    const e = env();
    const back = readOAuthReturn(e.location.search);
    if (back.resume !== "inbox") return;
    e.replaceUrl(withoutOAuthParams(e.location.pathname, e.location.search, e.location.hash));
    setError(signInReturnError(back));
  }, []);
  return error;
}
