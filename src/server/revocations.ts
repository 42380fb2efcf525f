import type { Store } from "./store/store";

/**
 * The record of ended sessions. A sealed cookie stays readable until its seal expires, so signing out
 * must be remembered server-side: by session id ("sign out"), and as a time before which every
 * session counts as ended ("sign out everywhere"). Kept behind this interface so a shared store
 * (PostgreSQL) can hold it for several instances; the in-memory one serves a single process.
 */
export interface RevocationStore {
  /** Ends session `sid`; the record may be forgotten after `until` (epoch ms), when its seal has expired anyway. */
  revoke(sid: string, until: number): Promise<void>;
  /** Ends every session issued before `at`; remembered until `until`. */
  revokeIssuedBefore(at: number, until: number): Promise<void>;
  /** True when session `sid`, issued at `issuedAt`, was ended. */
  isRevoked(sid: string, issuedAt: number): Promise<boolean>;
}

/** An in-memory RevocationStore with expiry (one process; see docs/server.md for several). */
export function createMemoryRevocations(now: () => number): RevocationStore & { size(): number } {
  const revoked = new Map<string, number>();
  let notBefore = { at: 0, until: 0 };
  let nextSweep = 0;
  const sweep = () => {
    const t = now();
    if (t < nextSweep) return;
    // At most once a minute: the records' order is not their expiry order, so this is a full pass.
    nextSweep = t + 60_000;
    for (const [sid, until] of revoked) if (until <= t) revoked.delete(sid);
  };
  return {
    async revoke(sid, until) {
      sweep();
      revoked.set(sid, Math.max(until, revoked.get(sid) ?? 0));
    },
    async revokeIssuedBefore(at, until) {
      if (at > notBefore.at) notBefore = { at, until };
    },
    async isRevoked(sid, issuedAt) {
      sweep();
      const t = now();
      if (issuedAt < notBefore.at && t < notBefore.until) return true;
      const until = revoked.get(sid);
      return until !== undefined && until > t;
    },
    size: () => revoked.size,
  };
}

/**
 * "Sign out everywhere" ends every session the studio issued (the token answer names no user, see
 * docs/decisions.md, issue 11): on the store it is one per-user record under this key.
 */
const EVERY_USER = "*";

/**
 * The revocation record on the durable store (issue 15): shared by every instance on one PostgreSQL.
 * The store checks an in-memory copy kept current by NOTIFY, and reads the database while LISTEN is down.
 */
export function storeRevocations(
  store: Pick<Store, "revokeSession" | "revokeUserSessions" | "isRevoked">,
  now: () => number,
): RevocationStore {
  return {
    revoke: (sid, until) => store.revokeSession(sid, until),
    revokeIssuedBefore: (at, until) => store.revokeUserSessions(EVERY_USER, at, until),
    isRevoked: (sid, issuedAt) => store.isRevoked({ sessionId: sid, userId: EVERY_USER, issuedAt }, now()),
  };
}
