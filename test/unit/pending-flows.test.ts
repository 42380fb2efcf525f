import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  addPendingFlow,
  fitPendingFlows,
  pendingFlows,
  STATE_TTL_MS,
  takePendingFlow,
} from "../../src/server/pending-flows";
import {
  createSessionCodec,
  emptySession,
  MAX_PENDING_FLOWS,
  type PendingFlow,
  type Session,
} from "../../src/server/session";

const codec = createSessionCodec({ secret: "a-session-secret-of-at-least-32-chars!!", secure: false });
const fits = (s: Session) => codec.fits(s);

/** Random post tokens do not compress: a flow asking for `n` of them is long in the cookie. */
function flow(i: number, n = 1, createdAt = 1000): PendingFlow {
  const scopes = Array.from({ length: n }, () => `POST_ADDON_CREATE.${randomBytes(6).toString("hex")}`);
  return { state: `state-${i}-${randomBytes(8).toString("hex")}`, scopes, returnTo: `/?tab=${i}`, createdAt };
}

/** A signed-in session whose token already takes most of a cookie. */
function signedIn(): Session {
  const accessToken = randomBytes(2400).toString("base64url");
  return { ...emptySession(0), tokens: { accessToken, expiresAt: 1e13, scopes: ["USER_PHONE"] } };
}

describe("pending OAuth flows in the session", () => {
  it("keeps the newest flows only while the sealed session fits, the newest always", () => {
    const session = signedIn();
    const added: PendingFlow[] = [];
    for (let i = 0; i < MAX_PENDING_FLOWS; i++) {
      added.push(flow(i, 250));
      addPendingFlow(session, added[i] as PendingFlow, 1000, fits);
      expect(codec.fits(session)).toBe(true);
      expect(pendingFlows(session).at(-1)).toBe(added[i]);
    }
    const kept = pendingFlows(session);
    expect(kept.length).toBeLessThan(MAX_PENDING_FLOWS);
    // The ones kept are the newest, in order.
    expect(kept).toEqual(added.slice(-kept.length));
    // Kept whole they would not have fit: the drop is what made room.
    expect(codec.fits({ ...session, flows: added })).toBe(false);
    expect(() => codec.seal(session)).not.toThrow();
  });

  it("keeps at most MAX_PENDING_FLOWS and drops expired ones when one is added", () => {
    const session = emptySession(0);
    addPendingFlow(session, flow(0, 1, 0), 0, fits);
    for (let i = 1; i <= MAX_PENDING_FLOWS + 1; i++)
      addPendingFlow(session, flow(i, 1, STATE_TTL_MS), STATE_TTL_MS, fits);
    expect(pendingFlows(session).map((f) => f.returnTo)).toEqual(
      Array.from({ length: MAX_PENDING_FLOWS }, (_, k) => `/?tab=${k + 2}`),
    );
  });

  it("gives the tokens room first on the callback: other flows go, oldest first", () => {
    const session = signedIn();
    session.flows = [flow(0, 250), flow(1, 250), flow(2, 250)];
    expect(codec.fits(session)).toBe(false);
    expect(fitPendingFlows(session, fits)).toBe(true);
    expect(pendingFlows(session).at(-1)?.returnTo).toBe("/?tab=2");
  });

  it("takes only a live, unused flow, and reads the single `pending` of an earlier cookie", () => {
    const old = flow(0);
    const newer = flow(1);
    const session: Session = { ...emptySession(0), pending: old, flows: [newer] };
    const used = new Map([[newer.state, 1e13]]);
    expect(takePendingFlow(session, newer.state, 1000, used)).toBeUndefined();
    expect(takePendingFlow(session, "", 1000, new Map())).toBeUndefined();
    expect(takePendingFlow(session, old.state, 1000 + STATE_TTL_MS, new Map())).toBeUndefined();
    // Refusals leave the session as it was.
    expect(session.pending).toBe(old);
    expect(takePendingFlow(session, old.state, 1000, new Map())).toBe(old);
    expect(session.pending).toBeUndefined();
    expect(session.flows).toEqual([newer]);
  });

  it("cuts a sealed list longer than the bound on reading", () => {
    const flows = Array.from({ length: MAX_PENDING_FLOWS + 3 }, (_, i) => flow(i));
    const read = codec.unseal(codec.seal({ ...emptySession(0), flows }));
    expect(read?.flows).toEqual(flows.slice(-MAX_PENDING_FLOWS));
  });
});
