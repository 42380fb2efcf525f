import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The store's tables (one definition for PGlite and PostgreSQL). Migrations are generated from this
 * file by drizzle-kit (`npm run db:generate`) into ./migrations and applied at start; JSON columns are
 * typed `unknown` here and parsed with zod where rows come back (src/server/store/records.ts).
 */

/** Every publish, update, removal and chat send that went through the proxy (issue 15, item 2). */
export const publishes = pgTable(
  "publishes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").notNull(),
    operation: text("operation").notNull(),
    targetKind: text("target_kind").notNull(),
    targetRef: text("target_ref").notNull(),
    targetId: text("target_id").notNull(),
    body: json("body").$type<unknown>(),
    ok: boolean("ok").notNull(),
    status: integer("status").notNull(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    response: json("response").$type<unknown>(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("publishes_user_id_idx").on(t.userId, t.id)],
);

/** Deliveries the platform made to the event and start addresses (issue 15, item 3). */
export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull(),
    kind: text("kind").notNull(),
    type: text("type").notNull(),
    resource: text("resource"),
    payload: json("payload").$type<unknown>().notNull(),
  },
  (t) => [
    index("events_received_at_idx").on(t.receivedAt),
    index("events_type_idx").on(t.type, t.id),
    index("events_resource_idx").on(t.resource, t.id),
  ],
);

/** Sessions signed out before their seal expires; kept until then (issue 11, item 7). */
export const revokedSessions = pgTable("revoked_sessions", {
  sessionId: text("session_id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** "Sign out everywhere": every session of the user issued before `revokedBefore` is refused. */
export const userRevocations = pgTable("user_revocations", {
  userId: text("user_id").primaryKey(),
  revokedBefore: timestamp("revoked_before", { withTimezone: true, mode: "date" }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** Subscriptions a user holds and the proxy re-creates after each token refresh (spec 6.3.3). */
export const heldSubscriptions = pgTable(
  "held_subscriptions",
  {
    userId: text("user_id").notNull(),
    eventType: text("event_type").notNull(),
    /** "" when the subscription covers every resource (a primary key column cannot be null). */
    resourceId: text("resource_id").notNull().default(sql`''`),
    subscription: json("subscription").$type<unknown>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventType, t.resourceId] })],
);
