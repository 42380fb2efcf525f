import * as z from "zod";
import { type DeliveredEvent, deliveredEventSchema } from "../../platform/events";

const startSchema = z.looseObject({
  version: z.union([z.literal(1), z.literal(2)]),
  postToken: z.string().optional(),
  conversationId: z.string().optional(),
  userSide: z.string().optional(),
  source: z.string().optional(),
  userId: z.string().optional(),
  data: z.record(z.string(), z.string()),
  completionUrl: z.string().optional(),
});

/** One inbox entry as the proxy streams it (docs/api.md, `/api/inbox/stream`, event `inbox`). */
export const inboxEntrySchema = z.discriminatedUnion("kind", [
  z.looseObject({
    id: z.number(),
    receivedAt: z.string(),
    kind: z.literal("event"),
    event: deliveredEventSchema,
  }),
  z.looseObject({
    id: z.number(),
    receivedAt: z.string(),
    kind: z.literal("start_request"),
    start: startSchema,
    answeredUrl: z.string(),
  }),
]);
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

/** An entry flattened for reading and filtering. */
export interface InboxRow {
  id: number;
  type: string;
  /** When it happened: the message's sent_at (microseconds) when there is one, else when it arrived. */
  time: Date;
  conversation?: string | undefined;
  sender?: string | undefined;
  text?: string | undefined;
  post?: string | undefined;
  /** The subscription's metadata the platform echoed back (spec 2.7/2.8), as `key=value` pairs. */
  metadata?: string | undefined;
  raw: InboxEntry;
}

/** Label of the type filter for start requests, which are not events but arrive in the same inbox. */
export const START_REQUEST_TYPE = "START_REQUEST";

function messageOf(event: DeliveredEvent) {
  return event.new_message ?? event.new_chatbot_message;
}

/** Parses one SSE data string; undefined when it is not an inbox entry. */
export function parseInboxEntry(data: string): InboxEntry | undefined {
  try {
    const parsed = inboxEntrySchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Flattens an entry into the columns the inbox shows. */
export function inboxRow(entry: InboxEntry): InboxRow {
  if (entry.kind === "start_request") {
    const s = entry.start;
    return {
      id: entry.id,
      type: START_REQUEST_TYPE,
      time: new Date(entry.receivedAt),
      conversation: s.conversationId,
      sender: s.userSide,
      text: Object.entries(s.data)
        .map(([k, v]) => `${k}=${v}`)
        .join(", "),
      post: s.postToken,
      raw: entry,
    };
  }
  const e = entry.event;
  const m = messageOf(e);
  const meta = e.metadata ?? e.meta_data;
  const metadata = meta
    ? Object.entries(meta)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")
    : undefined;
  return {
    id: entry.id,
    type: e.type,
    // sent_at is in microseconds (facts "Events").
    time: m ? new Date(Math.floor(m.sent_at / 1000)) : new Date(entry.receivedAt),
    conversation: m?.conversation.id,
    sender: m ? `${m.sender.side.toLowerCase()} (${m.sender.type.toLowerCase()})` : undefined,
    text:
      m?.text ??
      (m ? `(${m.type.toLowerCase()} message)` : undefined) ??
      (e.post_update ? `Post ${e.post_update.type.toLowerCase()}` : undefined),
    post: m?.conversation.post_token ?? e.post_update?.post.token,
    ...(metadata ? { metadata } : {}),
    raw: entry,
  };
}

/** True when a row matches the type filter ("" = all) and the text filter (case-insensitive, any column or the raw JSON). */
export function matchesFilter(row: InboxRow, type: string, text: string): boolean {
  if (type && row.type !== type) return false;
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return JSON.stringify(row.raw).toLowerCase().includes(q);
}
