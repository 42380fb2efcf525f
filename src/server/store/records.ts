import * as z from "zod";
import { deliveredEventSchema, subscriptionEventTypeSchema, unreadEventType } from "../../platform/events";
import type { StartRequest } from "../../platform/start-request";

/**
 * What the store keeps, as zod schemas: rows come back from the database as JSON, and each one is
 * parsed here before the proxy sees it (no unchecked casts at the boundary). Types derive from the
 * schemas.
 */

/** What went through the proxy: a publish or update (same call), a removal, or a chat message. */
export const publishOperationSchema = z.enum(["publish", "remove", "send"]);
export type PublishOperation = z.infer<typeof publishOperationSchema>;

/**
 * Where it went: an add-on on a post, a user add-on, a user semantic, or a conversation; `ref` names
 * what `id` is (a user is addressed by phone or by the platform's user id; a user add-on is removed by
 * its own id).
 */
export const publishTargetSchema = z.strictObject({
  kind: z.enum(["post_addon", "user_addon", "user_semantic", "chat_message"]),
  ref: z.enum(["post_token", "phone", "divar_user_id", "addon_id", "conversation_id"]),
  id: z.string().min(1),
});
export type PublishTarget = z.infer<typeof publishTargetSchema>;

/** The outcome the user was told: the proxy's HTTP status and either the result or the error. */
export const publishResultSchema = z.discriminatedUnion("ok", [
  z.strictObject({ ok: z.literal(true), status: z.number().int(), response: z.unknown() }),
  z.strictObject({
    ok: z.literal(false),
    status: z.number().int(),
    /** A catalogue code (src/platform/errors.ts) and the message shown. */
    error: z.strictObject({ code: z.string(), message: z.string() }),
  }),
]);
export type PublishResult = z.infer<typeof publishResultSchema>;

/** One publish, update, removal or send, as recorded. `at` is epoch milliseconds on input. */
export interface PublishRecordInput {
  /** The platform's user id of the session that sent it. */
  userId: string;
  operation: PublishOperation;
  target: PublishTarget;
  /** The body sent upstream; null for a removal. */
  body: unknown;
  result: PublishResult;
  at: number;
}

export const publishRecordSchema = z.strictObject({
  id: z.number().int(),
  userId: z.string(),
  operation: publishOperationSchema,
  target: publishTargetSchema,
  body: z.unknown(),
  result: publishResultSchema,
  /** ISO 8601. */
  at: z.string(),
});
export type PublishRecord = z.infer<typeof publishRecordSchema>;

/** The normalised start request (src/platform/start-request.ts), checked when read back. */
const startRequestSchema = z.strictObject({
  version: z.union([z.literal(1), z.literal(2)]),
  postToken: z.string().optional(),
  conversationId: z.string().optional(),
  userSide: z.enum(["SUPPLY", "DEMAND"]).optional(),
  source: z.enum(["POST_ADDON", "CHAT_MESSAGE_ACTION", "CHAT"]).optional(),
  userId: z.string().optional(),
  data: z.record(z.string(), z.string()),
  completionUrl: z.string().optional(),
  problems: z.array(z.string()).optional(),
  body: z.unknown().optional(),
});
// A compile error here means StartRequest changed and this schema must follow it.
const _startRequestMatches: z.ZodType<StartRequest> = startRequestSchema;
void _startRequestMatches;

/**
 * A delivery the platform made: an event (spec 2.8), a start request (spec 4.11), or an event the
 * studio could not read (a type or shape newer than its contract, the old shape of spec 6.3.7),
 * kept as it came with the problems found, so nothing the platform sent is lost.
 */
export const deliverySchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("event"), event: deliveredEventSchema }),
  z.strictObject({ kind: z.literal("start_request"), start: startRequestSchema, answeredUrl: z.string() }),
  z.strictObject({ kind: z.literal("unread_event"), body: z.unknown(), problems: z.array(z.string()) }),
]);
export type Delivery = z.infer<typeof deliverySchema>;

/** A stored delivery: the shape of the proxy's InboxEntry (docs/api.md). */
export type StoredEvent = Delivery & { id: number; receivedAt: string };

/** The `type` a start request is filed under (events use their own type, e.g. NEW_MESSAGE). */
export const START_REQUEST_TYPE = "START_REQUEST";

/** The type and resource (a post token, where the delivery names one) an event is filtered by. */
export function eventKeys(d: Delivery): { type: string; resource: string | null } {
  if (d.kind === "start_request") return { type: START_REQUEST_TYPE, resource: d.start.postToken ?? null };
  if (d.kind === "unread_event") return { type: unreadEventType(d.body), resource: null };
  const e = d.event;
  switch (e.type) {
    case "NEW_MESSAGE":
      return { type: e.type, resource: e.new_message?.conversation.post_token ?? null };
    case "NEW_CHATBOT_MESSAGE":
      return { type: e.type, resource: e.new_chatbot_message?.conversation.post_token ?? null };
    case "POST_UPDATE":
      return { type: e.type, resource: e.post_update?.post.token ?? null };
    default:
      return { type: e.type, resource: null };
  }
}

/** A subscription a user holds: kept in the session cookie and, for a known user, in the store. */
export const heldSubscriptionSchema = z.strictObject({
  event_type: subscriptionEventTypeSchema,
  event_resource_id: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  meta_data: z.record(z.string(), z.unknown()).optional(),
  /** Epoch ms. */
  createdAt: z.number(),
  /** When it was last (re)created upstream (epoch ms), and the outcome. */
  renewedAt: z.number(),
  lastError: z.string().optional(),
});
export type HeldSubscription = z.infer<typeof heldSubscriptionSchema>;

/** A session to check against the revocation record. */
export interface SessionRef {
  sessionId: string;
  /** The platform's user id, when the session knows it ("sign out everywhere" is per user). */
  userId?: string;
  /** When the session was issued (epoch ms). */
  issuedAt: number;
}

/** A page of rows, newest first; pass `nextBefore` as `before` for the next page (null: no more). */
export interface Page<T> {
  items: T[];
  nextBefore: number | null;
}

/** A page's `limit` from a caller's value: `fallback` when absent or not a number, else 1 to `max`. */
export function clampLimit(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.trunc(value), 1), max);
}

/** The first `limit` of up to `limit + 1` rows read newest first; `nextBefore` when there are more. */
export function pageOf<T extends { id: number }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextBefore: rows.length > limit && last ? last.id : null };
}
