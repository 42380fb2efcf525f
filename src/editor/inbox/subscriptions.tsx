import { useCallback, useEffect, useId, useState } from "react";
import { formatErrorMessage } from "../../platform/errors";
import {
  type SubscriptionEventType,
  scopesForSubscription,
  subscriptionConsentScopes,
  subscriptionEventTypeSchema,
  subscriptionRequestSchema,
} from "../../platform/events";
import { HeldNote } from "../proxy/held-note";
import type { KeyValueStorage } from "../proxy/oauth-resume";
import { OfflineAccessToggle } from "../proxy/offline-access";
import { errorText, type HeldSubscription, type ProxyClient, type ProxySession } from "../proxy/proxy-client";
import { SendOutcomeView } from "../proxy/send-outcome-view";
import { scopesToSignInFirst } from "../proxy/sign-in-first";
import { type FlowEnvironment, useSendFlow } from "../proxy/use-send-flow";
import { HeldSubscriptions } from "./held-subscriptions";
import { MetadataPairs, type Pair } from "./metadata-pairs";

const EVENT_TYPES = subscriptionEventTypeSchema.options;

/** What the resource id means for each event type (spec 6.1). */
const RESOURCE_HINT: Record<SubscriptionEventType, string> = {
  NEW_MESSAGE_ON_POST:
    "A post token: messages in that post's conversations. Leave empty for all of the user's conversations.",
  NEW_CHATBOT_MESSAGE: "Leave empty for all of the app's chatbot conversations.",
  USER_ACCESS_REVOCATION: "Leave empty: the event is about the signed-in user.",
  POST_UPDATE: "A post token, or empty for all of the user's posts.",
  PAYMENT_TRANSACTION: "Leave empty for all of the app's transactions.",
};

/** Subscribing to platform events (spec 4.4) and the subscriptions the proxy holds. */
export function Subscriptions(props: {
  client: ProxyClient;
  /** The session as the editor last read it (null until read): known signed out, Subscribe signs in first. */
  session: ProxySession | null;
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
      const note = r.value.answerNote;
      return { ok: true, value: note === undefined ? { ok: true } : { ok: true, answerNote: note } };
    },
    // Known signed out, or signed in without what this subscription needs: to sign-in for it, without
    // a request the proxy answers 401 or 403.
    signInFirst: async (t) => {
      const eventType = subscriptionEventTypeSchema.safeParse(t.eventType);
      if (!eventType.success) return undefined;
      // A resource id no scope can carry is the proxy's to refuse, with its message.
      const wanted = subscriptionConsentScopes(eventType.data, t.resourceId);
      if (!wanted) return undefined;
      const sets = scopesForSubscription(eventType.data, t.resourceId);
      return scopesToSignInFirst(client, props.session, sets, (held) => [...new Set([...held, ...wanted])]);
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
      <MetadataPairs pairs={pairs} onPairs={setPairs} />
      {props.disabled ? null : <OfflineAccessToggle storage={props.storage} held={props.offlineHeld} />}
      {flow.waiting ? <HeldNote id={`${ids}-held`} left={flow.waitLeft ?? 0} visible={false} /> : null}
      <button
        className="button is-primary"
        type="button"
        disabled={props.disabled || flow.outcome.status === "sending" || flow.waiting}
        aria-describedby={flow.waiting ? `${ids}-held` : undefined}
        onClick={() =>
          void flow.run(
            { eventType: type, ...(resource.trim() ? { resourceId: resource.trim() } : {}) },
            request(),
          )
        }
      >
        Subscribe
      </button>
      <SendOutcomeView
        outcome={flow.outcome}
        successText="Subscribed. The proxy holds it and creates it again after each token refresh."
        onAuthorize={flow.authorizeAgain}
        waitLeft={flow.waitLeft}
      />
      <HeldSubscriptions
        held={held}
        listError={listError}
        disabled={props.disabled}
        checking={checking}
        onCheck={() => void checkSession()}
        onStop={(s) => void stop(s)}
      />
    </section>
  );
}
