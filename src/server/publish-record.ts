import type { Context } from "hono";
import { errorCatalogue } from "../platform/errors";
import type { ServerDeps } from "./deps";
import { catchUpHistoryUser, IDENTIFY_ON_SEND_MS } from "./history-user";
import type { PlatformResult } from "./platform-client";
import { MAX_HELD_SUBSCRIPTIONS, type Session } from "./session";
import type { PublishOperation, PublishResult, PublishTarget } from "./store/records";
import { StoreError } from "./store/store";
import { truncate } from "./upstream-errors";
import { within } from "./within";

/**
 * Adds the subscriptions the user holds in the store (made in another browser, or on another
 * instance) to a session that has just signed in, within the session's limits; the cookie stays
 * what each request reads. A store failure leaves the session's own list (logged).
 */
export async function loadHeldSubscriptions(deps: ServerDeps, session: Session): Promise<void> {
  if (!deps.store || !session.user?.startsWith("phone:")) return;
  // A store that hangs does not hold the sign-in: the session goes on with its own list.
  const read = await within(deps.store.listHeldSubscriptions(session.user), STORE_WAIT_MS);
  if (!read.done || !read.ok) {
    const reason = !read.done ? "timeout" : read.error instanceof Error ? read.error.name : "error";
    deps.log("held_subscriptions_not_read", { reason });
    return;
  }
  const stored: Session["subscriptions"] = read.value;
  const key = (s: { event_type: string; event_resource_id?: string | undefined }) =>
    `${s.event_type}\u0000${s.event_resource_id ?? ""}`;
  const have = new Set(session.subscriptions.map(key));
  for (const s of stored) {
    if (have.has(key(s)) || session.subscriptions.length >= MAX_HELD_SUBSCRIPTIONS) continue;
    const next = [...session.subscriptions, s];
    if (!deps.sessions.fits({ ...session, subscriptions: next })) break;
    session.subscriptions = next;
    have.add(key(s));
  }
}

/**
 * How long an answer waits for the store's part of it (a send's history record's id: at once on
 * PGlite, one round trip on PostgreSQL; the held subscriptions read at sign-in and written after a
 * subscription) before it goes out without it. A PostgreSQL server that stopped answering holds a
 * query for its 15 s timeout; what the platform already did must not wait for that.
 */
export const STORE_WAIT_MS = 1000;

/** Characters of an error message a record keeps (the catalogue text and the platform's words). */
const RECORD_MESSAGE_LIMIT = 4000;

/** The history key of this request's session, or undefined when signed out. */
export function historyUser(deps: ServerDeps, c: Context): string | undefined {
  const session = deps.sessions.read(c);
  if (!session?.tokens) return undefined;
  return session.user ?? `session:${session.sid}`;
}

/** What the response says about the record: its id, or why it was not kept (the send itself stands). */
export type RecordNote = { historyId: number } | { historyError: string } | Record<string, never>;

/**
 * Records a publish, update, removal or send right after the platform answered (never a second
 * platform call). The record's id is assigned before the answer and the write follows it (the
 * store's ordered queue, docs/decisions.md issue 15 phase 3), so the answer never waits for the
 * write. Taking the id waits on PostgreSQL only: one nextval round trip per record (ids taken one at
 * a time keep several instances' records in the order they were sent); on PGlite it comes from a
 * reserved block at once. The answer waits for the id at most STORE_WAIT_MS: a store that hangs
 * gets the record once it answers, behind the answer (an unreachable store is waited out for up to
 * 10 minutes, store/publish-writes.ts). A record given up is logged (operation, reason, target); it
 * never turns a delivered publish into an error.
 */
export async function recordSend<T>(
  deps: ServerDeps,
  c: Context,
  operation: PublishOperation,
  target: PublishTarget,
  body: unknown,
  result: PlatformResult<T>,
): Promise<RecordNote> {
  const store = deps.store;
  // Before the key is read, so this record goes to the user once named (bounded wait, docs/decisions.md).
  await catchUpHistoryUser(deps, c, { waitMs: IDENTIFY_ON_SEND_MS });
  const userId = historyUser(deps, c);
  if (!store || userId === undefined) return {};
  // Any 2xx is recorded as sent, its answer read or not (the proxy answered 200); sizes are bounded.
  const outcome: PublishResult = result.ok
    ? // The platform client already bounded the answer to RESULT_LIMIT (boundedResult).
      { ok: true, status: 200, response: result.value ?? null }
    : {
        ok: false,
        status: errorCatalogue[result.error.error.code].status,
        error: {
          code: result.error.error.code,
          message: truncate(result.error.error.message, RECORD_MESSAGE_LIMIT),
        },
      };
  const reason = (err: unknown) => (err instanceof StoreError ? err.reason : "error");
  // What was lost, for whoever reads the log: the target, but never a user's phone number.
  const lost = { target: target.kind, ...(target.ref === "phone" ? {} : { [target.ref]: target.id }) };
  const queued = store
    .queuePublish({
      userId,
      operation,
      target,
      body: body ?? null,
      result: outcome,
      at: deps.now(),
    })
    .then(
      ({ record, written }) => {
        written.catch((err: unknown) =>
          deps.log("record_failed", {
            operation,
            id: record.id,
            reason: reason(err),
            after: "answer",
            ...lost,
          }),
        );
        return { historyId: record.id } satisfies RecordNote;
      },
      (err: unknown) => {
        deps.log("record_failed", { operation, reason: reason(err), ...lost });
        return {
          historyError: `It was sent, but the studio could not add it to the publish history (${
            err instanceof Error ? err.message : "store error"
          }).`,
        } satisfies RecordNote;
      },
    );
  // The platform has answered: a store that hangs must not hold that answer. Past the wait the
  // record goes on being queued behind the answer; if it fails, record_failed says so in the log.
  const note = await within(queued, STORE_WAIT_MS);
  if (note.done && note.ok) return note.value;
  return {
    historyError:
      "It was sent. The studio's data store is slow to answer, so its publish history entry is still being added (it appears once the store answers; if it cannot be added, the studio's log says record_failed).",
  };
}
