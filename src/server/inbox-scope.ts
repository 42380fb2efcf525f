import { deliveredTypeFor } from "../platform/events";
import type { InboxJson } from "./inbox";
import type { Session } from "./session";

/**
 * What one browser sees of the app's inbox (issue 13.17). The platform delivers every event to the
 * app's one event address and a delivery does not say which user's subscription it answers (spec
 * 2.8: type, payload, the app's metadata), so the proxy scopes by what the session itself did:
 * - deliveries received since it signed in (the live view of the app it signed in for);
 * - earlier deliveries matching one of its held subscriptions (the delivered type, and the same post
 *   token when both name one), received after that subscription was made.
 * A subscription failure is shown only to the session whose subscription failed, matched by its
 * session id: not by what it held when its stream opened, as it may subscribe after opening it, and
 * another session holding the same subscription must not see this one's error.
 */
export interface InboxScope {
  /** The session's id ("" for none: it sees no failure). */
  sid: string;
  signedInAt: number;
  subscriptions: ReadonlyArray<{ type: string; resource: string | null; since: number }>;
}

/** The scope of a signed-in session. */
export function scopeOf(session: Session): InboxScope {
  return {
    sid: session.sid,
    signedInAt: session.createdAt,
    subscriptions: session.subscriptions.map((s) => ({
      type: deliveredTypeFor(s.event_type),
      resource: s.event_resource_id ?? null,
      since: s.createdAt,
    })),
  };
}

/** True when the session of `scope` may see the entry. */
export function inScope(scope: InboxScope, entry: InboxJson): boolean {
  const k = entry.keys;
  if (k.kind === "subscription_failed") return scope.sid !== "" && k.sid === scope.sid;
  if (k.at >= scope.signedInAt) return true;
  return scope.subscriptions.some(
    (s) =>
      s.type === k.type &&
      k.at >= s.since &&
      (s.resource === null || k.resource === null || s.resource === k.resource),
  );
}
