import { type DeliveredEvent, deliveredTypeFor, type SubscriptionEventType } from "../platform/events";
import type { FetchLike } from "../platform/fetch-like";
import { type StartRequest, startResponseSchema } from "../platform/start-request";
import { accessTokenUsable, type EmulatorState, type SubscriptionRecord } from "./state";

/** Subscriptions that would receive an event now: matching type and resource, token still valid (spec 6.3.3). */
export function activeSubscriptions(
  state: EmulatorState,
  eventType: SubscriptionEventType,
  resourceId: string | undefined,
): SubscriptionRecord[] {
  const now = state.clock.now();
  return state.subscriptions.filter((s) => {
    if (s.eventType !== eventType) return false;
    if (s.resourceId !== undefined && s.resourceId !== resourceId) return false;
    const token = state.tokens.find((t) => t.accessToken === s.accessToken);
    return token !== undefined && accessTokenUsable(token, now);
  });
}

/**
 * Delivers an event to the app's event address once per active subscription (spec 6.3.2), with the
 * identification key in Authorization (spec 4.5). Returns the statuses, one per delivery.
 */
export async function deliverEvent(
  state: EmulatorState,
  fetchFn: FetchLike,
  eventType: SubscriptionEventType,
  resourceId: string | undefined,
  build: () => Omit<DeliveredEvent, "metadata" | "meta_data">,
): Promise<(number | "failed")[]> {
  const subs = activeSubscriptions(state, eventType, resourceId);
  const target = state.app.eventsUrl;
  if (!target || subs.length === 0) return [];
  const out: (number | "failed")[] = [];
  for (const sub of subs) {
    const event: Record<string, unknown> = { ...build() };
    if (sub.metadata) event[sub.metadataField] = sub.metadata;
    let status: number | "failed" = "failed";
    try {
      const res = await fetchFn(target, {
        method: "POST",
        headers: { authorization: state.app.identificationKey, "content-type": "application/json" },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(5000),
      });
      await res.body?.cancel();
      status = res.status;
    } catch {
      status = "failed";
    }
    state.deliveries.push({
      at: state.clock.now(),
      kind: "event",
      target,
      status,
      summary: `${deliveredTypeFor(eventType)} for subscription ${sub.id}`,
    });
    out.push(status);
  }
  return out;
}

/** Header spelling for the start request's version (facts "Start address": both are seen). */
export type VersionHeader = "API-Version" | "API_VERSION";

/**
 * Sends the start-address request (spec 4.11) and returns the address the app answered, or a reason.
 */
export async function sendStartRequest(
  state: EmulatorState,
  fetchFn: FetchLike,
  req: Omit<StartRequest, "version">,
  versionHeader: VersionHeader = "API-Version",
): Promise<{ ok: true; url: string } | { ok: false; reason: string }> {
  const target = state.app.startUrl;
  if (!target) return { ok: false, reason: "The app has no start address set in the panel." };
  const body: Record<string, unknown> = {};
  if (req.postToken) body.post_token = req.postToken;
  if (req.conversationId) body.conversation_id = req.conversationId;
  if (req.userSide) body.user_side = req.userSide;
  if (req.source) body.source = req.source;
  if (req.userId) body.user_id = req.userId;
  body.extra_data = req.data;
  if (req.completionUrl) body.completion_url = req.completionUrl;
  let status: number | "failed" = "failed";
  try {
    const res = await fetchFn(target, {
      method: "POST",
      headers: {
        authorization: state.app.identificationKey,
        "content-type": "application/json",
        [versionHeader]: "2",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    status = res.status;
    const text = await res.text();
    if (!res.ok) return { ok: false, reason: `The app answered ${res.status}.` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, reason: "The app's answer is not JSON." };
    }
    const parsed = startResponseSchema.safeParse(json);
    if (!parsed.success) return { ok: false, reason: "The app's answer is not {url}." };
    return { ok: true, url: parsed.data.url };
  } catch (e) {
    return {
      ok: false,
      reason: `The start address could not be reached (${e instanceof Error ? e.name : "unknown error"}).`,
    };
  } finally {
    state.deliveries.push({ at: state.clock.now(), kind: "start", target, status, summary: "start request" });
  }
}

/** What a page says about an event it delivered: to how many subscriptions, and what the app answered. */
export function deliveryNote(statuses: (number | "failed")[]): string {
  if (statuses.length === 0) return "not delivered: the app holds no active subscription for it";
  return `delivered ${statuses.length}× (app answered ${statuses.join(", ")})`;
}
