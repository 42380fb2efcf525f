import type { Context } from "hono";
import { PHONE_PATTERN } from "../platform/bodies";
import { USER_PHONE } from "../platform/scopes";
import type { ServerDeps } from "./deps";
import type { Session } from "./session";
import { StoreError } from "./store/store";
import { type Within, within } from "./within";

/**
 * A session with USER_PHONE whose sign-in read of GET /users failed tries again at most this often
 * (docs/decisions.md, "History user named after a failed sign-in read"): a failing platform gets one
 * read per session per interval, not one per request.
 */
export const IDENTIFY_RETRY_MS = 2 * 60 * 1000;

/**
 * How long a publish's answer may wait for that retry (the read, then moving the records), and the
 * sign-in's callback for its own read. Past it the answer goes out; without this, a hanging platform
 * would hold the publish (or the sign-in) for the whole upstream timeout.
 */
export const IDENTIFY_ON_SEND_MS = 1000;

type PhonesRead = ReturnType<ServerDeps["platform"]["phones"]>;

/**
 * Reads of GET /users a sign-in stopped waiting for, per proxy instance and session id: they go on, and
 * the session's next catch-up takes the answer instead of reading again. Kept for IDENTIFY_RETRY_MS, at
 * most LATE_READS_KEPT (oldest dropped first).
 */
const lateReads = new WeakMap<ServerDeps, Map<string, { at: number; read: PhonesRead }>>();
const LATE_READS_KEPT = 1000;

function keepLateRead(deps: ServerDeps, sid: string, read: PhonesRead): void {
  const reads = lateReads.get(deps) ?? new Map<string, { at: number; read: PhonesRead }>();
  lateReads.set(deps, reads);
  const now = deps.now();
  for (const [k, v] of reads) {
    if (reads.size < LATE_READS_KEPT && v.at + IDENTIFY_RETRY_MS > now) break;
    reads.delete(k);
  }
  reads.set(sid, { at: now, read });
}

function takeLateRead(deps: ServerDeps, sid: string): PhonesRead | undefined {
  const reads = lateReads.get(deps);
  const entry = reads?.get(sid);
  reads?.delete(sid);
  return entry && entry.at + IDENTIFY_RETRY_MS > deps.now() ? entry.read : undefined;
}

/**
 * The phone a GET /users answer names the user by: its first phone-shaped number (PHONE_PATTERN, the
 * shape the proxy accepts in a route's path), if any. Anything else is not the history's key: a long
 * one made a session cookie that no request could read back (its `user` is at most 200 characters).
 */
function phoneOf(phones: Awaited<ReturnType<ServerDeps["platform"]["phones"]>>): string | undefined {
  return phones.ok ? phones.value.phone_numbers.find((p) => PHONE_PATTERN.test(p)) : undefined;
}

/** Why a read of GET /users named no one, for the log. */
function unnamedCode(read: Within<Awaited<PhonesRead>>): string {
  if (!read.done) return "waited_too_long";
  if (!read.ok) return "error";
  return read.value.ok ? "no_phone" : read.value.error.error.code;
}

/** Keys the session by `phone`; the records kept under `from` (an unnamed sign-in's) move to it. */
function nameByPhone(session: Session, phone: string, from: string | undefined): void {
  session.user = `phone:${phone}`;
  if (from) session.moveRecords = { from, to: session.user };
}

/**
 * Names the session's user for the publish history (docs/decisions.md, issue 15): the platform's
 * token answer carries no user id, so with USER_PHONE the first phone of GET /users is the key (one
 * read, at sign-in, only with a store); without it, this sign-in alone. A later sign-in in the same
 * browser without USER_PHONE keeps the phone it had (the same person, fewer scopes). When the read
 * fails, the session is keyed by its sign-in and tries again later (catchUpHistoryUser). The read is
 * waited for at most `waitMs`; past it, it goes on in the background and the session's next history
 * read or send takes its answer.
 */
export async function identifyUser(
  deps: ServerDeps,
  session: Session,
  opts: { waitMs?: number } = {},
): Promise<void> {
  const tokens = session.tokens;
  delete session.identifyAfter;
  if (!deps.store || !tokens) return;
  // An earlier sign-in of this browser (its cookie, not signed out since) that was never named: the
  // same person signing in again keeps its history, as one named by phone keeps the phone.
  const earlier = session.user?.startsWith("session:") ? session.user : undefined;
  let retryAt: number | undefined;
  if (tokens.scopes.includes(USER_PHONE)) {
    const reading = deps.platform.phones(tokens.accessToken);
    const read = await within(reading, opts.waitMs);
    const phones = read.done && read.ok ? read.value : undefined;
    const phone = phones ? phoneOf(phones) : undefined;
    if (phone) {
      nameByPhone(session, phone, earlier);
      return;
    }
    // Not answered yet: the session's next catch-up (due at once) takes the late answer.
    if (!read.done) keepLateRead(deps, session.sid, reading);
    if (!phones?.ok) retryAt = deps.now() + (read.done ? IDENTIFY_RETRY_MS : 0);
    deps.log("user_not_identified", { code: unnamedCode(read) });
  }
  if (session.user?.startsWith("phone:")) return;
  session.user = earlier ?? `session:${session.sid}`;
  if (retryAt !== undefined) session.identifyAfter = retryAt;
}

/** Reads GET /users again for a session its sign-in could not name; true when the session changed. */
async function retryIdentify(
  deps: ServerDeps,
  session: Session,
  waitMs: number | undefined,
): Promise<boolean> {
  const tokens = session.tokens;
  const due = session.identifyAfter;
  if (!tokens || due === undefined || deps.now() < due) return false;
  const own = session.user;
  if (!own?.startsWith("session:") || !tokens.scopes.includes(USER_PHONE)) {
    delete session.identifyAfter;
    return true;
  }
  // An expired token would only earn a 401; the read waits for a request that renewed it.
  if (deps.now() >= tokens.expiresAt) return false;
  const reading = takeLateRead(deps, session.sid) ?? deps.platform.phones(tokens.accessToken);
  const read = await within(reading, waitMs);
  // Still not answered: kept again, for the next catch-up to take rather than read once more.
  if (!read.done) keepLateRead(deps, session.sid, reading);
  const phones = read.done && read.ok ? read.value : undefined;
  const phone = phones ? phoneOf(phones) : undefined;
  if (phone) {
    nameByPhone(session, phone, own);
    delete session.identifyAfter;
    deps.log("user_identified_later", {});
    return true;
  }
  // No phone on the account is an answer: the session stays keyed by its sign-in, as at sign-in.
  if (phones?.ok) delete session.identifyAfter;
  else session.identifyAfter = deps.now() + IDENTIFY_RETRY_MS;
  deps.log("user_not_identified", { code: unnamedCode(read), retry: true });
  return true;
}

/**
 * Before a history read or a recorded send: a session that has USER_PHONE but could not be named at
 * sign-in reads GET /users again (at most once per IDENTIFY_RETRY_MS, waiting at most `waitMs`), and
 * once named, the records it kept under `session:<sid>` move to `phone:<phone>`. A failed move is
 * logged and tried again on the session's next history read or send (it stays in the cookie until it
 * succeeds); it never fails the request.
 */
export async function catchUpHistoryUser(
  deps: ServerDeps,
  c: Context,
  opts: { waitMs?: number } = {},
): Promise<void> {
  const store = deps.store;
  const session = deps.sessions.read(c);
  if (!store || !session?.tokens) return;
  const started = Date.now();
  let changed = await retryIdentify(deps, session, opts.waitMs);
  const move = session.moveRecords;
  if (move) {
    const left = opts.waitMs === undefined ? undefined : Math.max(0, opts.waitMs - (Date.now() - started));
    const moved = await within(store.movePublishes(move.from, move.to), left);
    if (moved.done && moved.ok) {
      delete session.moveRecords;
      changed = true;
      deps.log("history_moved", { records: moved.value });
    } else if (moved.done) {
      const reason = moved.error instanceof StoreError ? moved.error.reason : "error";
      deps.log("history_move_failed", { reason });
    }
    // Not done in time: it goes on; the cookie keeps the move, which finds nothing left next time.
  }
  if (!changed) return;
  if (deps.sessions.fits(session)) deps.sessions.write(c, session);
  else deps.log("session_not_updated", { reason: "too_large" });
}
