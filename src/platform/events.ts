import * as z from "zod";
import { typeError } from "./fields";
import { isRecord } from "./json";
import { consentScopes, scopeSchema } from "./scopes";

/** Subscription event types the live OpenAPI accepts (RegisterEventSubscriptionRequestEventType). */
export const LIVE_SUBSCRIPTION_EVENT_TYPES: readonly string[] = ["NEW_MESSAGE_ON_POST", "POST_UPDATE"];

/**
 * Subscription event types and the scope each needs (spec 6.1). The live document takes only
 * LIVE_SUBSCRIPTION_EVENT_TYPES; the others are accepted with a warning (validate).
 */
export const subscriptionEventTypeSchema = z.enum([
  "NEW_MESSAGE_ON_POST",
  "NEW_CHATBOT_MESSAGE",
  "USER_ACCESS_REVOCATION",
  "POST_UPDATE",
  "PAYMENT_TRANSACTION",
]);
export type SubscriptionEventType = z.infer<typeof subscriptionEventTypeSchema>;

/** Delivered event types (spec 6.2). */
export const deliveredEventTypeSchema = z.enum([
  "NEW_MESSAGE",
  "NEW_CHATBOT_MESSAGE",
  "USER_ACCESS_REVOCATION",
  "POST_UPDATE",
  "PAYMENT_TRANSACTION",
]);
export type DeliveredEventType = z.infer<typeof deliveredEventTypeSchema>;

/** The app's own data (spec 2.7 "arbitrary data"): an object, whatever its values. */
const appData = z.record(z.string(), z.unknown(), {
  error: (iss) => typeError(iss.input, "an object of the app's own data"),
});

function rootError(what: string) {
  return { error: (iss: { input?: unknown }) => typeError(iss.input, `a JSON object (${what})`) };
}

/**
 * Event subscription request (spec 2.7, 4.4). The spec shows both `metadata` and `meta_data`; the
 * live OpenAPI has only `metadata`, so `meta_data` is refused ("did you mean metadata").
 */
export const subscriptionRequestSchema = z.strictObject(
  {
    event_type: subscriptionEventTypeSchema,
    event_resource_id: z
      .string({ error: (iss) => typeError(iss.input, "an id (a string), such as a post token") })
      .min(1, { error: "must not be empty: give an id, or leave the field out to cover all" })
      .optional(),
    metadata: appData.optional(),
  },
  rootError("the event subscription request"),
);
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

/** The scopes a token must hold to subscribe (spec 6.1); alternatives are listed as separate sets. */
export function scopesForSubscription(eventType: SubscriptionEventType, resourceId?: string): string[][] {
  switch (eventType) {
    case "NEW_MESSAGE_ON_POST":
      return resourceId
        ? [[`CHAT_POST_CONVERSATIONS_READ.${resourceId}`], ["CHAT_SUPPLIER_ALL_CONVERSATIONS_READ"]]
        : [["CHAT_SUPPLIER_ALL_CONVERSATIONS_READ"]];
    case "USER_ACCESS_REVOCATION":
      return [["NOTIFICATION_ACCESS_REVOCATION", "USER_ID"]];
    case "POST_UPDATE":
      return [["USER_POSTS_GET"]];
    case "NEW_CHATBOT_MESSAGE":
    case "PAYMENT_TRANSACTION":
      return [[]];
  }
}

/**
 * What signing in for a subscription asks for (as the proxy's 401 names it); null when the resource
 * id cannot be part of a scope (the proxy refuses that request with its own message).
 */
export function subscriptionConsentScopes(
  eventType: SubscriptionEventType,
  resourceId?: string,
): string[] | null {
  const sets = scopesForSubscription(eventType, resourceId);
  if (sets.flat().some((s) => !scopeSchema.safeParse(s).success)) return null;
  return consentScopes(sets);
}

/** Which delivered type a subscription yields (spec 6.3.4 and 6.2). */
export function deliveredTypeFor(eventType: SubscriptionEventType): DeliveredEventType {
  return eventType === "NEW_MESSAGE_ON_POST" ? "NEW_MESSAGE" : eventType;
}

/** ChatMessage of a delivered event (spec 2.9, enumerations from facts "Events"). */
export const chatMessageEventSchema = z.looseObject(
  {
    id: z.string().min(1),
    conversation: z.looseObject(
      {
        id: z.string().min(1),
        type: z.enum(["POST", "BOT"]),
        post_token: z.string().optional(),
      },
      { error: (iss) => typeError(iss.input, "the conversation {id, type, post_token}") },
    ),
    sender: z.looseObject(
      {
        side: z.enum(["SELLER", "BUYER"]),
        type: z.enum(["HUMAN", "BOT", "USER"]),
      },
      { error: (iss) => typeError(iss.input, "the sender {side, type}") },
    ),
    type: z.enum(["TEXT", "IMAGE", "FILE", "VOICE", "LOCATION", "VIDEO", "CONTACT"]),
    /** Microseconds since the epoch (facts "Events"). */
    sent_at: z
      .number({ error: (iss) => typeError(iss.input, "a whole number of microseconds") })
      .int({ error: "must be a whole number of microseconds since the epoch (no decimals)" })
      .nonnegative({ error: "must not be negative: it is a time in microseconds since the epoch" }),
    text: z.string().optional(),
  },
  {
    error: (iss) => typeError(iss.input, "the chat message {id, conversation, sender, type, sent_at, text}"),
  },
);
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;

/** PostUpdate (facts "Events"); the post's other fields are not shown, so they pass through. */
export const postUpdateSchema = z.looseObject(
  {
    type: z.enum(["PUBLISH", "RETIRE", "ONGOING", "ARCHIVE"]),
    post: z.looseObject(
      { token: z.string().min(1) },
      { error: (iss) => typeError(iss.input, "the post {token, ...}") },
    ),
  },
  { error: (iss) => typeError(iss.input, "the post update {type, post}") },
);

/** Fields of UserAccessRevocation and Transaction are not shown (spec 2.8), so any object is accepted. */
const opaquePayload = z.looseObject({});

/**
 * Delivered event (spec 2.8). The top level is strict so that an old-shape delivery (spec 6.3.7:
 * payload, timestamp, CHAT_MESSAGE) is refused, and the payload named by `type` must be present.
 */
export const deliveredEventSchema = z
  .strictObject(
    {
      type: deliveredEventTypeSchema,
      new_message: chatMessageEventSchema.optional(),
      new_chatbot_message: chatMessageEventSchema.optional(),
      user_access_revocation: opaquePayload.optional(),
      post_update: postUpdateSchema.optional(),
      transaction: opaquePayload.optional(),
      metadata: appData.optional(),
      meta_data: appData.optional(),
    },
    rootError("the delivered event"),
  )
  .superRefine((v, ctx) => {
    const field = payloadFieldFor(v.type);
    if (v[field] === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `is required: a ${v.type} event carries its payload in ${field} (spec 6.2)`,
      });
    }
  });
export type DeliveredEvent = z.infer<typeof deliveredEventSchema>;

/** The payload field that a delivered type fills (spec 6.2). */
export function payloadFieldFor(
  type: DeliveredEventType,
): "new_message" | "new_chatbot_message" | "user_access_revocation" | "post_update" | "transaction" {
  switch (type) {
    case "NEW_MESSAGE":
      return "new_message";
    case "NEW_CHATBOT_MESSAGE":
      return "new_chatbot_message";
    case "USER_ACCESS_REVOCATION":
      return "user_access_revocation";
    case "POST_UPDATE":
      return "post_update";
    case "PAYMENT_TRANSACTION":
      return "transaction";
  }
}

/**
 * The type a delivered event the contract cannot read is filed under (the proxy's inbox and the
 * editor's type filter): the `type` it names when it looks like one (a type newer than the
 * contract), else UNREAD.
 */
export function unreadEventType(body: unknown): string {
  const type = isRecord(body) ? body.type : undefined;
  return typeof type === "string" && /^[A-Z][A-Z0-9_]{0,63}$/.test(type) ? type : "UNREAD";
}
