import { MAX_PENDING_FLOWS, type PendingFlow, type Session, safeEqual } from "./session";

/** A started flow must come back within this time (RFC 6749 section 10.12: state is short-lived). */
export const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * The OAuth flows this browser has under way, oldest first. Several tabs may each be signing in
 * (a publish in one, a chat message in another); each flow's state is checked on its own return. A
 * cookie sealed when a session held a single `pending` flow still has that one read.
 */
export function pendingFlows(session: Session): PendingFlow[] {
  return [...(session.pending ? [session.pending] : []), ...(session.flows ?? [])];
}

function setFlows(session: Session, flows: PendingFlow[]): void {
  delete session.pending;
  if (flows.length > 0) session.flows = flows;
  else delete session.flows;
}

/**
 * Drops the oldest pending flows, keeping at least `keep` of the newest, until the sealed session fits
 * in its cookies: a flow for many scopes is long, and a sign-in under way never costs the tokens or
 * the newest sign-in their place. True when the session fits.
 */
export function fitPendingFlows(session: Session, fits: (s: Session) => boolean, keep = 0): boolean {
  let flows = pendingFlows(session);
  while (!fits(session)) {
    if (flows.length <= keep) return false;
    flows = flows.slice(1);
    setFlows(session, flows);
  }
  return true;
}

/**
 * Adds a started flow beside those still live: expired ones go, then all but the newest
 * MAX_PENDING_FLOWS, then the oldest while the session would not fit (the new flow always stays).
 */
export function addPendingFlow(
  session: Session,
  flow: PendingFlow,
  now: number,
  fits: (s: Session) => boolean,
): void {
  const live = pendingFlows(session).filter((f) => now - f.createdAt < STATE_TTL_MS);
  setFlows(session, [...live, flow].slice(-MAX_PENDING_FLOWS));
  fitPendingFlows(session, fits, 1);
}

/**
 * Finds the flow `state` names (compared in constant time with every flow's, with no early exit) and
 * takes it out of the session when it may complete: returned within STATE_TTL_MS and not used before
 * (`consumed`, the instance's memory of used states). Undefined when no flow may complete; the
 * session is then left as it was, the other flows with it.
 */
export function takePendingFlow(
  session: Session,
  state: string,
  now: number,
  consumed: ReadonlyMap<string, number>,
): PendingFlow | undefined {
  if (state === "") return undefined;
  const flows = pendingFlows(session);
  let found: PendingFlow | undefined;
  for (const f of flows) if (safeEqual(state, f.state)) found = f;
  if (!found || now - found.createdAt >= STATE_TTL_MS || consumed.has(found.state)) return undefined;
  setFlows(
    session,
    flows.filter((f) => f !== found),
  );
  return found;
}
