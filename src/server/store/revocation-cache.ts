import * as z from "zod";
import type { SessionRef } from "./records";

/**
 * The revocation record in memory: it is checked on every request, and a database round trip there
 * would cost more than a publish record (bench/store.ts). The database stays the source of truth:
 * the cache is loaded at open, updated by this instance's writes and, on PostgreSQL, by the other
 * instances' writes through NOTIFY (migration 0002), and loaded again after a lost LISTEN connection.
 */
export interface RevocationCache {
  session(sessionId: string, expiresAt: number): void;
  user(userId: string, revokedBefore: number, expiresAt: number): void;
  replace(
    sessions: { sessionId: string; expiresAt: number }[],
    users: { userId: string; revokedBefore: number; expiresAt: number }[],
  ): void;
  check(s: SessionRef, now: number): boolean;
  /** Applies a NOTIFY payload of migration 0002; false when it is not one. */
  applyNotification(payload: string): boolean;
}

const time = z.string().transform((s, ctx) => {
  const t = Date.parse(s);
  if (Number.isNaN(t)) ctx.addIssue({ code: "custom", message: "not a time" });
  return t;
});
const notificationSchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("revoked_sessions"), r: z.object({ session_id: z.string(), expires_at: time }) }),
  z.object({
    t: z.literal("user_revocations"),
    r: z.object({ user_id: z.string(), revoked_before: time, expires_at: time }),
  }),
]);

/** An empty cache; every update keeps the later of two times, as the database's upserts do. */
export function createRevocationCache(): RevocationCache {
  let sessions = new Map<string, number>();
  let users = new Map<string, { revokedBefore: number; expiresAt: number }>();
  const cache: RevocationCache = {
    session(sessionId, expiresAt) {
      sessions.set(sessionId, Math.max(expiresAt, sessions.get(sessionId) ?? 0));
    },
    user(userId, revokedBefore, expiresAt) {
      const old = users.get(userId);
      users.set(userId, {
        revokedBefore: Math.max(revokedBefore, old?.revokedBefore ?? 0),
        expiresAt: Math.max(expiresAt, old?.expiresAt ?? 0),
      });
    },
    replace(s, u) {
      sessions = new Map();
      users = new Map();
      for (const r of s) cache.session(r.sessionId, r.expiresAt);
      for (const r of u) cache.user(r.userId, r.revokedBefore, r.expiresAt);
    },
    check(s, now) {
      const until = sessions.get(s.sessionId);
      if (until !== undefined && until > now) return true;
      if (s.userId === undefined) return false;
      const u = users.get(s.userId);
      return u !== undefined && u.expiresAt > now && u.revokedBefore > s.issuedAt;
    },
    applyNotification(payload) {
      let json: unknown;
      try {
        json = JSON.parse(payload);
      } catch {
        return false;
      }
      const n = notificationSchema.safeParse(json);
      if (!n.success) return false;
      if (n.data.t === "revoked_sessions") cache.session(n.data.r.session_id, n.data.r.expires_at);
      else cache.user(n.data.r.user_id, n.data.r.revoked_before, n.data.r.expires_at);
      return true;
    },
  };
  return cache;
}
