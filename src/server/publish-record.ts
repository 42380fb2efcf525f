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
 * What a record holds until the platform's answer settles it: what a studio stopped (a crash, a
 * kill) while the request was out leaves in the history, since the platform may have applied it.
 */
export const PENDING_OUTCOME: PublishResult = {
  ok: false,
  status: errorCatalogue.upstream_outcome_unknown.status,
  error: {
    code: "upstream_outcome_unknown",
    message:
      "No answer from the platform was recorded: the studio stopped (or was still waiting) before the platform answered, so it may or may not have been delivered. Check the target (the post page, the conversation, the user) before sending it again.",
  },
};

/** A send's history record, begun before the send; `settle` gives it the platform's answer. */
export interface SendRecord {
  settle<T>(result: PlatformResult<T>): Promise<RecordNote>;
}

/**
 * Begins the history record of a publish, update, removal or send before it goes to the platform
 * (never delaying it: the record's id is taken alongside the send), and settles it with the answer
 * (never a second platform call). A studio stopped while the request is out leaves the record as
 * PENDING_OUTCOME ("outcome unknown"), written within the queue's linger (25 ms on PGlite).
 *
 * The record's id is assigned before the answer and the writes follow it (the store's ordered
 * queue, docs/decisions.md issue 15 phase 3), so the answer never waits for a write. Taking the id
 * waits on PostgreSQL only: one nextval round trip per record (ids taken one at a time keep several
 * instances' records in the order they were sent); on PGlite it comes from a reserved block at once.
 * The answer waits for the id at most STORE_WAIT_MS: a store that hangs gets the record once it
 * answers, behind the answer (an unreachable store is waited out for up to 10 minutes,
 * store/publish-writes.ts). A record given up is logged (operation, reason, target); it never turns
 * a delivered publish into an error.
 */
export function beginRecord(
  deps: ServerDeps,
  c: Context,
  operation: PublishOperation,
  target: PublishTarget,
  body: unknown,
): SendRecord {
  const store = deps.store;
  // Under the session's key if it is not named yet: settling names it, which moves its records.
  const userId = historyUser(deps, c);
  if (!store || userId === undefined) return { settle: async () => ({}) };
  const input = { userId, operation, target, body: body ?? null, at: deps.now() };
  const reason = (err: unknown) => (err instanceof StoreError ? err.reason : "error");
  // What was lost, for whoever reads the log: the target, but never a user's phone number.
  const lost = { target: target.kind, ...(target.ref === "phone" ? {} : { [target.ref]: target.id }) };
  const begun = store.queuePublish({ ...input, result: PENDING_OUTCOME });
  // A store that cannot take it is reported once, when the send is settled; so is a first write that
  // fails (the settling write is the same record's).
  begun.then(
    ({ written }) => written.catch(() => undefined),
    () => undefined,
  );
  return {
    async settle(result) {
      // Before the answer, so the record goes to the user once named (bounded wait, docs/decisions.md).
      await catchUpHistoryUser(deps, c, { waitMs: IDENTIFY_ON_SEND_MS });
      const queued = begun.then(
        ({ record }) => {
          store.settlePublish(record.id, { ...input, result: outcomeOf(result) }).catch((err: unknown) =>
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
    },
  };
}

/** A platform result as the history keeps it: any 2xx as sent, its answer read or not; sizes bounded. */
function outcomeOf<T>(result: PlatformResult<T>): PublishResult {
  return result.ok
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
}
