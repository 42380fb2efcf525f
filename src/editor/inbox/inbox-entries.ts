import * as z from "zod";
import { type DeliveredEvent, deliveredEventSchema, unreadEventType } from "../../platform/events";
import { asciiDigits } from "../../platform/text";

const startSchema = z.looseObject({
  version: z.union([z.literal(1), z.literal(2)]),
  postToken: z.string().optional(),
  conversationId: z.string().optional(),
  userSide: z.string().optional(),
  source: z.string().optional(),
  userId: z.string().optional(),
  data: z.record(z.string(), z.string()),
  completionUrl: z.string().optional(),
  /** What the studio could not read as documented (kept with the body as it came). */
  problems: z.array(z.string()).optional(),
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
  // An event the studio could not read, kept as it came with the problems found (docs/api.md, "Inbox").
  z.looseObject({
    id: z.number(),
    receivedAt: z.string(),
    kind: z.literal("unread_event"),
    body: z.unknown(),
    problems: z.array(z.string()),
  }),
  // The proxy could not re-create a held subscription after a token refresh (docs/api.md, "Inbox").
  z.looseObject({
    id: z.number(),
    receivedAt: z.string(),
    kind: z.literal("subscription_failed"),
    subscription: z.looseObject({ event_type: z.string(), event_resource_id: z.string().nullable() }),
    error: z.looseObject({ code: z.string(), message: z.string() }),
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
  /** How many deliveries carried this same event (one per subscription that matched it). */
  count: number;
  /** Identity of the event delivered, shared by duplicate deliveries; undefined never merges. */
  eventKey?: string | undefined;
  raw: InboxEntry;
}

/** Label of the type filter for start requests, which are not events but arrive in the same inbox. */
export const START_REQUEST_TYPE = "START_REQUEST";

/** Label of the type filter for subscriptions the proxy failed to re-create. */
export const SUBSCRIPTION_FAILED_TYPE = "SUBSCRIPTION_FAILED";

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
      text: [
        Object.entries(s.data)
          // A value that is not text (the platform may echo numbers or objects) as its JSON.
          .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
          .join(", "),
        s.problems?.length ? `Not read as documented (see its JSON): ${s.problems.join("; ")}` : "",
      ]
        .filter(Boolean)
        .join(". "),
      post: s.postToken,
      count: 1,
      raw: entry,
    };
  }
  if (entry.kind === "unread_event") {
    return {
      id: entry.id,
      type: unreadEventType(entry.body),
      time: new Date(entry.receivedAt),
      sender: "the platform",
      text: `The studio could not read this delivery (kept as it came; see its JSON): ${entry.problems.join("; ")}`,
      count: 1,
      raw: entry,
    };
  }
  if (entry.kind === "subscription_failed") {
    const { event_type, event_resource_id } = entry.subscription;
    return {
      id: entry.id,
      type: SUBSCRIPTION_FAILED_TYPE,
      time: new Date(entry.receivedAt),
      sender: "the studio",
      text: `${event_type}${event_resource_id ? ` for ${event_resource_id}` : ""} could not be re-created after the token was renewed, so its events may not arrive: ${entry.error.message}`,
      post: undefined,
      count: 1,
      raw: entry,
    };
  }
  const e = entry.event;
  const m = messageOf(e);
  const meta = e.metadata ?? e.meta_data;
  const metadata = meta
    ? Object.entries(meta)
        // A value that is not text (the platform may echo numbers or objects) as its JSON.
        .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
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
    count: 1,
    // The same event reaches the app once per matching subscription (spec 6.3.2), e.g. the one made
    // before a new sign-in and the one the proxy made again after it; its metadata may differ.
    eventKey: JSON.stringify({ ...e, metadata: undefined, meta_data: undefined }),
    raw: entry,
  };
}

/**
 * A text as the filter compares it: lower case, Persian and Arabic-Indic digits as ASCII ones, the
 * Arabic ي and ك as the Persian ی and ک, without ZWNJ or tatweel, so "۲۰۶" finds "پژو 206" and
 * "میشود" finds "می‌شود", as a Persian reader expects of a search.
 */
function folded(text: string): string {
  return asciiDigits(text.toLowerCase())
    .replace(/[\u064A\u0649]/gu, "\u06CC")
    .replace(/\u0643/gu, "\u06A9")
    .replace(/[\u200C\u0640]/gu, "");
}

/** True when a row matches the type filter ("" = all) and the text filter (folded: any column or the raw JSON). */
export function matchesFilter(row: InboxRow, type: string, text: string): boolean {
  if (type && row.type !== type) return false;
  const q = folded(text.trim());
  if (!q) return true;
  return folded(JSON.stringify(row.raw)).includes(q);
}

/**
 * Puts a newly received entry at the top, newest first, keeping at most `max` rows. An entry seen
 * before (same id, on a reconnect's replay) is ignored; a second delivery of the same event counts
 * on the existing row rather than adding one.
 */
export function addInboxEntry(
  rows: InboxRow[],
  entry: InboxEntry,
  max: number,
  row: InboxRow = inboxRow(entry),
): InboxRow[] {
  if (rows.some((r) => r.id === entry.id)) return rows;
  const same = row.eventKey === undefined ? -1 : rows.findIndex((r) => r.eventKey === row.eventKey);
  if (same >= 0) {
    const existing = rows[same];
    if (existing) return rows.map((r, i) => (i === same ? { ...existing, count: existing.count + 1 } : r));
  }
  return [row, ...rows].slice(0, max);
}

/** A page of GET /api/inbox (docs/api.md): entries oldest first, and the `before` of the older page. */
export const inboxPageSchema = z.object({
  entries: z.array(z.unknown()),
  nextBefore: z.number().nullable().optional(),
});

/**
 * Adds a page of older entries (oldest first, as the proxy pages them) below the rows, newest
 * first; entries already shown are skipped. Loaded pages are kept beyond the live cap.
 */
export function appendOlderEntries(rows: InboxRow[], entries: InboxEntry[]): InboxRow[] {
  const known = new Set(rows.map((r) => r.id));
  const older = [...entries]
    .reverse()
    .filter((e) => !known.has(e.id))
    .map(inboxRow);
  return [...rows, ...older];
}
