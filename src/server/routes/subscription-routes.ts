import { Hono } from "hono";
import { scopesForSubscription } from "../../platform/events";
import { problem } from "../../platform/problems";
import { scopeSchema } from "../../platform/scopes";
import { validateMessage } from "../../platform/validate";
import { fail, type ServerDeps, sendError } from "../deps";
import { STORE_WAIT_MS } from "../publish-record";
import { redactError, sessionSecrets } from "../redaction";
import { emptySession, MAX_HELD_SUBSCRIPTIONS } from "../session";
import { applyRenewalResults, requireToken } from "../tokens";
import { within } from "../within";
import { readJson } from "./api-routes";
import { publicSubscription } from "./oauth-routes";

/** Event subscriptions (spec 4.4, section 6): created upstream, then held to re-create after refresh. */
export function subscriptionRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  const p = deps.platform;

  // Spec 4.4 and section 6: create upstream, then hold it in the session to re-create after refresh.
  app.post("/api/subscriptions", async (c) => {
    const read = await readJson(c);
    if (!read.ok) return read.response;
    // The shared check: a null on an optional field is read as absent (proto3 JSON), never forwarded.
    const checked = validateMessage("subscription", read.json);
    if (!checked.ok || !checked.value) return fail(c, "invalid_body", { problems: checked.errors });
    const req = checked.value;
    const scopes = scopesForSubscription(req.event_type, req.event_resource_id);
    // The resource id becomes part of a scope (CHAT_POST_CONVERSATIONS_READ.<id>): one no scope can
    // carry would send the user to a consent the studio itself refuses to start.
    if (scopes.flat().some((s) => !scopeSchema.safeParse(s).success))
      return fail(c, "invalid_body", {
        problems: [
          problem(
            ["event_resource_id"],
            "cannot be part of an OAuth scope: use the post's token (letters, digits, _ and -)",
            "error",
            "invalid_format",
          ),
        ],
      });
    const t = await requireToken(deps, c, scopes);
    if (!t.ok) return t.response;
    const session = t.session;
    const now = deps.now();
    const same = (s: (typeof session.subscriptions)[number]) =>
      s.event_type === req.event_type && s.event_resource_id === req.event_resource_id;
    const others = session.subscriptions.filter((s) => !same(s));
    if (others.length >= MAX_HELD_SUBSCRIPTIONS) {
      return fail(c, "invalid_request", {
        detail: `the studio holds at most ${MAX_HELD_SUBSCRIPTIONS} subscriptions per session; stop holding one first`,
      });
    }
    const held = [
      ...others,
      {
        event_type: req.event_type,
        ...(req.event_resource_id !== undefined ? { event_resource_id: req.event_resource_id } : {}),
        ...(req.metadata !== undefined ? { metadata: req.metadata } : {}),
        createdAt: now,
        renewedAt: now,
      },
    ];
    // Checked before subscribing upstream, so a subscription is never created and then forgotten.
    if (!deps.sessions.fits({ ...session, subscriptions: held })) {
      return fail(c, "invalid_request", {
        detail:
          "the session cookie cannot hold this subscription (its metadata is too large, or too many are held); shorten metadata or stop holding one",
      });
    }
    const result = await p.subscribe(t.accessToken, req);
    if (!result.ok) return sendError(c, redactError(result.error, sessionSecrets(deps, c)));
    session.subscriptions = held;
    deps.sessions.write(c, session);
    // Shared with the user's other browsers (the next sign-in there holds it too); it was created
    // upstream already, so a store failure is logged, not an error, and a store that hangs does not
    // hold the answer (the write goes on behind it).
    const mine = held.at(-1);
    if (deps.store && mine && session.user?.startsWith("phone:"))
      await within(
        deps.store
          .putHeldSubscription(session.user, mine)
          .catch((err: unknown) =>
            deps.log("held_subscription_not_stored", { reason: err instanceof Error ? err.name : "error" }),
          ),
        STORE_WAIT_MS,
      );
    // A 2xx the studio could not read, or a 409 "already exists", says so (docs/api.md).
    const note = result.note !== undefined ? { answerNote: result.note } : {};
    return c.json({ ok: true, subscriptions: session.subscriptions.map(publicSubscription), ...note }, 200, {
      "cache-control": "no-store",
    });
  });

  app.get("/api/subscriptions", (c) => {
    const session = deps.sessions.read(c) ?? emptySession(deps.now());
    applyRenewalResults(deps, c, session);
    return c.json({ subscriptions: session.subscriptions.map(publicSubscription) }, 200, {
      "cache-control": "no-store",
    });
  });

  // Removing a subscription upstream is not shown (spec 6.3.9): this only stops re-creating it.
  app.delete("/api/subscriptions", async (c) => {
    const session = deps.sessions.read(c) ?? emptySession(deps.now());
    const type = c.req.query("event_type");
    const resource = c.req.query("event_resource_id");
    // Stop holding it for the user's other browsers too; a store failure answers 503 (nothing changed).
    if (deps.store && type && session.user?.startsWith("phone:"))
      await deps.store.removeHeldSubscription(session.user, type, resource || undefined);
    session.subscriptions = session.subscriptions.filter(
      (s) => !(s.event_type === type && (s.event_resource_id ?? "") === (resource ?? "")),
    );
    deps.sessions.write(c, session);
    return c.json({ subscriptions: session.subscriptions.map(publicSubscription) }, 200, {
      "cache-control": "no-store",
    });
  });

  return app;
}
