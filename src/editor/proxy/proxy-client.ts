import * as z from "zod";
import { formatErrorMessage, type StudioErrorDetail, studioErrorSchema } from "../../platform/errors";
import type { SubscriptionRequest } from "../../platform/events";
import type { FetchLike } from "../../platform/fetch-like";
import type { Problem } from "../../platform/problems";

/** What a proxy call came to: a value, a catalogue error, or no proxy at all. */
export type ProxyResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: "error"; status: number; error: StudioErrorDetail }
  | { ok: false; kind: "unreachable"; message: string };

const warningsSchema = z.array(z.looseObject({ at: z.string(), message: z.string() })).optional();

/** A successful publish or send, as the proxy answers it (docs/api.md). */
const publishedSchema = z.looseObject({
  ok: z.literal(true),
  result: z.unknown().optional(),
  warnings: warningsSchema,
  postPageUrl: z.string().nullable().optional(),
  attachedLater: z.boolean().optional(),
  /** The platform accepted it, but its answer could not be read or kept whole (docs/api.md). */
  answerNote: z.string().optional(),
});
export type Published = z.infer<typeof publishedSchema>;

/**
 * A 2xx of a publish, removal or send is a delivery even when its body is not what docs/api.md says:
 * reporting it as an error would invite sending it again (the studio never repeats what may have
 * been received).
 */
const deliveredSchema = publishedSchema.catch(() => ({
  ok: true as const,
  answerNote:
    "The studio answered that it was delivered, but its answer could not be read. Do not send it again before checking the target.",
}));

const subscriptionSchema = z.looseObject({
  event_type: z.string(),
  event_resource_id: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  renewedAt: z.string(),
  lastError: z.string().nullable(),
});
export type HeldSubscription = z.infer<typeof subscriptionSchema>;
const subscriptionsSchema = z.looseObject({
  subscriptions: z.array(subscriptionSchema),
  /** On a subscribe: the platform's answer was odd, or it held the subscription already (docs/api.md). */
  answerNote: z.string().optional(),
});

/** The embedded emulator's pages and demo objects (only when the studio runs one). */
const emulatorSchema = z.looseObject({
  index: z.url({ protocol: /^https?$/ }),
  demoPostToken: z.string(),
  demoConversationId: z.string(),
  userPageUrl: z.string(),
  // Optional: a proxy from before this link only loses the link, not the other offers.
  conversationPageUrl: z.string().optional(),
});
export type EmulatorLinks = z.infer<typeof emulatorSchema>;

/** The proxy's session status (GET /api/session). */
const sessionSchema = z.looseObject({
  signedIn: z.boolean(),
  expired: z.boolean().optional(),
  scopes: z.array(z.string()),
  offline: z.boolean().optional(),
  mode: z.string().optional(),
  app: z.string().optional(),
  postPageUrl: z.string().nullable().optional(),
  completionUrl: z.string().nullable().optional(),
  /** False when this studio keeps no publish history (no store): GET /api/history would answer 404. */
  history: z.boolean().optional(),
  // A shape this editor does not know (an older or newer proxy) only hides the offer.
  emulator: emulatorSchema.nullable().optional().catch(null),
  subscriptions: z.array(subscriptionSchema).optional(),
});
export type ProxySession = z.infer<typeof sessionSchema>;

const signedOutSchema = z.looseObject({ signedIn: z.literal(false) });
const phonesSchema = z.looseObject({ phone_numbers: z.array(z.string()) });

/**
 * Who a user add-on goes to: a phone (spec 4.7) or a divar_user_id (live platform); the live
 * semantic delete by divar_user_id also names the user's phone.
 */
export type UserTarget = { phone: string } | { divarUserId: string; phone?: string };

/** Message shown when no proxy answers (static hosting, or the server is down). */
export const NO_PROXY_MESSAGE =
  "No proxy is running, so publishing, sending and events are off here. Start the studio with `npm start` (it runs the editor, the proxy and a local emulator of the platform), then reload this page. Editing, preview and export keep working without it.";

/** A failure of a send the platform may have received: "outcome unknown" in the histories (maybe-delivered.ts). */
function maybeSent(status: number, message: string): ProxyResult<never> {
  return { ok: false, kind: "error", status, error: { code: "upstream_outcome_unknown", message } };
}

/** A send answered by something other than the proxy (`notTheProxyMessage`); a 413 there sent nothing on. */
function notTheProxy(status: number): ProxyResult<never> {
  const message = notTheProxyMessage(status);
  return status === 413
    ? { ok: false, kind: "error", status, error: { code: "payload_too_large", message } }
    : maybeSent(status, message);
}

/**
 * A send whose connection to the proxy broke: the proxy may have passed it on
 * before that, so it is not "no proxy" (which would suggest starting one and sending again).
 */
function connectionBrokeMessage(detail: string): string {
  return `The studio did not answer: the connection to it failed or broke (${detail}). If it had already passed the request on to the platform, it may have been delivered; it was not sent again. Check the target before sending it again, and reload this page once the studio runs again.`;
}

/**
 * A send answered by something other than the proxy (no JSON): a server in front of the studio (a
 * reverse proxy or gateway), or the studio stopping. A 413 there refused it before it went on.
 */
function notTheProxyMessage(status: number): string {
  const said = `The studio's address answered HTTP ${status} with a page, not the proxy's answer: a server in front of the studio (a reverse proxy or gateway) answered`;
  if (status === 413)
    return `${said} that the request is too large for it, and nothing was sent to the platform. Raise that server's body limit to at least 1 MB (nginx: client_max_body_size 1m), then send it again.`;
  return `${said}, or the studio stopped. The request may or may not have reached the platform, and it was not sent again: check the target before sending it again.`;
}

function describeProblems(problems: readonly Problem[] | undefined): string {
  return problems?.length ? ` (${problems.length} problem${problems.length === 1 ? "" : "s"})` : "";
}

/** A one-paragraph explanation of a proxy error for people, from the shared catalogue. */
export function errorText(error: StudioErrorDetail): string {
  return `${error.message}${describeProblems(error.problems)}`;
}

/** Talks to the proxy's JSON routes; every answer is parsed, never cast. */
export function createProxyClient(opts: { fetch?: FetchLike; baseUrl?: string } = {}) {
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = opts.baseUrl ?? "";

  async function call<T>(
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    /** The request goes on to the platform (a publish, removal, message or subscription). */
    sends = false,
  ): Promise<ProxyResult<T>> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        credentials: "same-origin",
        headers:
          body === undefined
            ? { accept: "application/json" }
            : { accept: "application/json", "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      if (sends) return maybeSent(0, connectionBrokeMessage(detail));
      return { ok: false, kind: "unreachable", message: `${NO_PROXY_MESSAGE} (${detail})` };
    }
    // The proxy answers JSON, never through a redirect. Anything else came from something in front of
    // it: static hosting (no proxy), or for a send, which is only offered once the proxy answered, a
    // gateway (its error page; a sign-in page a redirect ended on, whose 200 is no delivery).
    const fromProxy = !res.redirected && /json/i.test(res.headers.get("content-type") ?? "");
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      if (!sends || res.status === 404) return { ok: false, kind: "unreachable", message: NO_PROXY_MESSAGE };
      if (!fromProxy) return notTheProxy(res.status);
      // The proxy's own answer, cut off: a 2xx of a send is still a delivery (`deliveredSchema` says
      // its answer could not be read).
      json = undefined;
    }
    if (sends && !fromProxy) return notTheProxy(res.status);
    if (res.ok) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return { ok: true, value: parsed.data };
      return {
        ok: false,
        kind: "error",
        status: res.status,
        error: {
          code: "upstream_invalid_response",
          message: formatErrorMessage("upstream_invalid_response", {
            detail: `the proxy's answer to ${method} ${path} did not match docs/api.md`,
          }),
        },
      };
    }
    const err = studioErrorSchema.safeParse(json);
    if (err.success) return { ok: false, kind: "error", status: res.status, error: err.data.error };
    if (res.status === 404) return { ok: false, kind: "unreachable", message: NO_PROXY_MESSAGE };
    return {
      ok: false,
      kind: "error",
      status: res.status,
      error: {
        code: "internal_error",
        message: formatErrorMessage("internal_error", { detail: `HTTP ${res.status} without an error body` }),
      },
    };
  }

  /** A call that goes on to the platform (a publish, removal, message or subscription): see `call`'s `sends`. */
  const send = <T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown) =>
    call(method, path, schema, body, true);
  const q = (returnTo: string) => `?returnTo=${encodeURIComponent(returnTo)}`;
  const userPath = (target: UserTarget) =>
    "divarUserId" in target
      ? `id/${encodeURIComponent(target.divarUserId)}`
      : `phone/${encodeURIComponent(target.phone)}`;
  // The live delete by divar_user_id requires the phone in the query (OpenAPI).
  const phoneQuery = (target: UserTarget) =>
    "divarUserId" in target && target.phone !== undefined ? `&phone=${encodeURIComponent(target.phone)}` : "";
  return {
    /** The session status; `unreachable` means there is no proxy (static hosting). */
    session: () => call("GET", "/api/session", sessionSchema),
    /** Spec 4.6: publishes a post add-on. */
    publishPost: (postToken: string, body: unknown, returnTo: string) =>
      send("POST", `/api/posts/${encodeURIComponent(postToken)}/addon${q(returnTo)}`, deliveredSchema, body),
    /** Spec 4.7: publishes a user add-on by phone or divar_user_id. */
    publishUser: (target: UserTarget, body: unknown, returnTo: string) =>
      send("POST", `/api/users/${userPath(target)}/addon${q(returnTo)}`, deliveredSchema, body),
    /** Removes this app's add-ons from a post (DELETE /v1/open-platform/addons/post/{token}). */
    deletePostAddons: (postToken: string, returnTo: string) =>
      send("DELETE", `/api/posts/${encodeURIComponent(postToken)}/addon${q(returnTo)}`, deliveredSchema),
    /** Removes one user add-on by the id its publish answered. */
    deleteUserAddon: (id: string, returnTo: string) =>
      send("DELETE", `/api/user-addons/${encodeURIComponent(id)}${q(returnTo)}`, deliveredSchema),
    /** Spec 4.8: creates (replaces) the user's semantic. */
    publishSemantic: (target: UserTarget, body: unknown, returnTo: string) =>
      send("POST", `/api/users/${userPath(target)}/semantic${q(returnTo)}`, deliveredSchema, body),
    /** Spec 4.9: deletes the user's semantic. */
    deleteSemantic: (target: UserTarget, returnTo: string) =>
      send(
        "DELETE",
        `/api/users/${userPath(target)}/semantic${q(returnTo)}${phoneQuery(target)}`,
        deliveredSchema,
      ),
    /** Spec 4.10: sends a chat message into a conversation. */
    sendMessage: (conversationId: string, body: unknown, returnTo: string) =>
      send(
        "POST",
        `/api/conversations/${encodeURIComponent(conversationId)}/messages${q(returnTo)}`,
        deliveredSchema,
        body,
      ),
    /** Spec 4.3: the signed-in user's phone numbers. */
    phones: (returnTo: string) => call("GET", `/api/phones${q(returnTo)}`, phonesSchema),
    /** The subscriptions the proxy holds for this session. */
    subscriptions: () => call("GET", "/api/subscriptions", subscriptionsSchema),
    /** Spec 4.4: creates an event subscription (held by the proxy to renew after a refresh). */
    subscribe: (req: SubscriptionRequest, returnTo: string) =>
      send("POST", `/api/subscriptions${q(returnTo)}`, subscriptionsSchema, req),
    /** Stops holding (and renewing) a subscription; the platform has no removal call (spec 6.3.9). */
    unsubscribe: (eventType: string, resourceId: string | null) => {
      const p = new URLSearchParams({ event_type: eventType });
      if (resourceId) p.set("event_resource_id", resourceId);
      return call("DELETE", `/api/subscriptions?${p.toString()}`, subscriptionsSchema);
    },
    /** Ends this session; a copy of its cookie kept elsewhere stops working too. */
    signOut: () => call("POST", "/api/session/signout", signedOutSchema),
    /** Ends every session the studio issued until now, in every browser. */
    signOutEverywhere: () => call("POST", "/api/session/signout-everywhere", signedOutSchema),
  };
}

export type ProxyClient = ReturnType<typeof createProxyClient>;
