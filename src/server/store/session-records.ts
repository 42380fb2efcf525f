import { and, eq, gt, sql } from "drizzle-orm";
import type * as z from "zod";
import type { AnyPgDatabase } from "./drizzle-store";
import { type HeldSubscription, heldSubscriptionSchema } from "./records";
import type { RevocationCache } from "./revocation-cache";
import { heldSubscriptions, revokedSessions, userRevocations } from "./schema";
import type { Store } from "./store";

type Run = <T>(what: string, fn: () => Promise<T>) => Promise<T>;
type ParseRow = <S extends z.ZodType>(
  schema: S,
  table: string,
  id: number,
  value: unknown,
) => z.output<S> | undefined;

/** The store's session side: the revocation record and held subscriptions (issue 11 items 6 and 7). */
export function sessionMethods(
  db: AnyPgDatabase,
  run: Run,
  parseRow: ParseRow,
  revocations: {
    cache: RevocationCache;
    /** False while other instances' revocations may be missed (PostgreSQL LISTEN reconnecting). */
    fresh: () => boolean;
  },
): { reloadRevocations: (now: number) => Promise<void> } & Pick<
  Store,
  | "revokeSession"
  | "revokeUserSessions"
  | "isRevoked"
  | "listHeldSubscriptions"
  | "putHeldSubscription"
  | "removeHeldSubscription"
> {
  const { cache } = revocations;
  return {
    reloadRevocations: (now) =>
      run("load the sign-out record", async () => {
        const at = new Date(now);
        const sessions = await db.select().from(revokedSessions).where(gt(revokedSessions.expiresAt, at));
        const users = await db.select().from(userRevocations).where(gt(userRevocations.expiresAt, at));
        cache.replace(
          sessions.map((r) => ({ sessionId: r.sessionId, expiresAt: r.expiresAt.getTime() })),
          users.map((r) => ({
            userId: r.userId,
            revokedBefore: r.revokedBefore.getTime(),
            expiresAt: r.expiresAt.getTime(),
          })),
        );
      }),

    revokeSession: (sessionId, expiresAt) =>
      run("record the sign-out", async () => {
        await db
          .insert(revokedSessions)
          .values({ sessionId, expiresAt: new Date(expiresAt) })
          .onConflictDoUpdate({
            target: revokedSessions.sessionId,
            set: { expiresAt: sql`greatest(${revokedSessions.expiresAt}, excluded.expires_at)` },
          });
        cache.session(sessionId, expiresAt);
      }),

    revokeUserSessions: (userId, issuedBefore, expiresAt) =>
      run("record the sign-out everywhere", async () => {
        await db
          .insert(userRevocations)
          .values({ userId, revokedBefore: new Date(issuedBefore), expiresAt: new Date(expiresAt) })
          .onConflictDoUpdate({
            target: userRevocations.userId,
            set: {
              revokedBefore: sql`greatest(${userRevocations.revokedBefore}, excluded.revoked_before)`,
              expiresAt: sql`greatest(${userRevocations.expiresAt}, excluded.expires_at)`,
            },
          });
        cache.user(userId, issuedBefore, expiresAt);
      }),

    isRevoked: (s, now) =>
      run("check the session", async () => {
        if (revocations.fresh()) return cache.check(s, now);
        const at = new Date(now);
        const [session] = await db
          .select({ id: revokedSessions.sessionId })
          .from(revokedSessions)
          .where(and(eq(revokedSessions.sessionId, s.sessionId), gt(revokedSessions.expiresAt, at)));
        if (session) return true;
        if (s.userId === undefined) return false;
        const [user] = await db
          .select({ id: userRevocations.userId })
          .from(userRevocations)
          .where(
            and(
              eq(userRevocations.userId, s.userId),
              gt(userRevocations.revokedBefore, new Date(s.issuedAt)),
              gt(userRevocations.expiresAt, at),
            ),
          );
        return user !== undefined;
      }),

    listHeldSubscriptions: (userId) =>
      run("read the held subscriptions", async () => {
        const rows = await db.select().from(heldSubscriptions).where(eq(heldSubscriptions.userId, userId));
        const subs = rows.flatMap(
          (r) =>
            parseRow(heldSubscriptionSchema, "held_subscriptions", 0, r.subscription) ??
            ([] as HeldSubscription[]),
        );
        return subs.sort((a, b) => a.createdAt - b.createdAt);
      }),

    putHeldSubscription: (userId, subscription) =>
      run("store the held subscription", async () => {
        const value = heldSubscriptionSchema.parse(subscription);
        await db
          .insert(heldSubscriptions)
          .values({
            userId,
            eventType: value.event_type,
            resourceId: value.event_resource_id ?? "",
            subscription: value,
          })
          .onConflictDoUpdate({
            target: [heldSubscriptions.userId, heldSubscriptions.eventType, heldSubscriptions.resourceId],
            set: { subscription: value },
          });
      }),

    removeHeldSubscription: (userId, eventType, resourceId) =>
      run("remove the held subscription", async () => {
        const rows = await db
          .delete(heldSubscriptions)
          .where(
            and(
              eq(heldSubscriptions.userId, userId),
              eq(heldSubscriptions.eventType, eventType),
              eq(heldSubscriptions.resourceId, resourceId ?? ""),
            ),
          )
          .returning({ userId: heldSubscriptions.userId });
        return rows.length > 0;
      }),
  };
}
