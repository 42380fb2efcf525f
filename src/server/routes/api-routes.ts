import type { Context } from "hono";
import { Hono } from "hono";
import { studioError } from "../../platform/errors";
import { scopesForSubscription, subscriptionRequestSchema } from "../../platform/events";
import { problem } from "../../platform/problems";
import {
  conversationScope,
  postAddonScope,
  USER_ADDON_CREATE,
  USER_PHONE,
  USER_POSTS_ADDON_CREATE,
} from "../../platform/scopes";
import { type BodyKind, checkBody } from "../body-check";
import { authorizeUrlFor, fail, type ServerDeps, safeReturnTo, sendError } from "../deps";
import type { PlatformResult, UserTarget } from "../platform-client";
import { emptySession } from "../session";
import { requireToken } from "../tokens";
import { publicSubscription } from "./oauth-routes";

const POST_TOKEN_RE = /^[_A-Za-z0-9]{8,16}$/;

/** Reads a JSON body; only application/json is accepted, which also keeps cross-site forms out. */
async function readJson(
  c: Context,
): Promise<{ ok: true; json: unknown } | { ok: false; response: Response }> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (!type.startsWith("application/json")) {
    return {
      ok: false,
      response: fail(c, "invalid_request", { detail: "Content-Type must be application/json" }),
    };
  }
  try {
    return { ok: true, json: JSON.parse(await c.req.text()) };
  } catch {
    return { ok: false, response: fail(c, "invalid_request", { detail: "the body is not valid JSON" }) };
  }
}

/** Reads and validates a body with the shared schemas; on errors nothing goes upstream. */
async function readBody(c: Context, kind: BodyKind) {
  const read = await readJson(c);
  if (!read.ok) return read;
  const check = checkBody(kind, read.json);
  if (!check.ok) return { ok: false as const, response: fail(c, "invalid_body", { problems: check.errors }) };
  return { ok: true as const, json: read.json, warnings: check.warnings };
}

function answer<T>(c: Context, result: PlatformResult<T>, extra: Record<string, unknown> = {}): Response {
  if (!result.ok) return sendError(c, result.error);
  return c.json({ ok: true, result: result.value, ...extra }, 200, { "cache-control": "no-store" });
}

function requireSignedIn(deps: ServerDeps, c: Context): Response | undefined {
  const session = deps.sessions.read(c);
  if (!session?.tokens) {
    return fail(c, "not_signed_in", {
      authorizeUrl: authorizeUrlFor([USER_PHONE], safeReturnTo(c.req.query("returnTo"))),
    });
  }
  return undefined;
}

/** The editor's JSON routes: each validates, checks scopes, then calls the platform once (no retries). */
export function apiRoutes(deps: ServerDeps): Hono {
  const app = new Hono();
  const p = deps.platform;

  // Spec 4.6.
  app.post("/api/posts/:postToken/addon", async (c) => {
    const postToken = c.req.param("postToken");
    if (!POST_TOKEN_RE.test(postToken)) {
      return fail(c, "invalid_request", {
        detail: "a post token is 8 to 16 characters of A-Z, a-z, 0-9 and _",
      });
    }
    const body = await readBody(c, "post");
    if (!body.ok) return body.response;
    const t = await requireToken(deps, c, [[postAddonScope(postToken)], [USER_POSTS_ADDON_CREATE]]);
    if (!t.ok) return t.response;
    const result = await p.postAddon(t.accessToken, postToken, body.json);
    const page = deps.config.postPageUrl?.replace("{post_token}", encodeURIComponent(postToken)) ?? null;
    // The platform attaches the add-on a moment later (facts "Endpoints"); say so rather than claim it shows.
    return answer(c, result, { warnings: body.warnings, postPageUrl: page, attachedLater: true });
  });

  // Facts "Endpoints": DELETE /v1/open-platform/addons/post/{post_token}.
  app.delete("/api/posts/:postToken/addon", async (c) => {
    const postToken = c.req.param("postToken");
    if (!POST_TOKEN_RE.test(postToken)) {
      return fail(c, "invalid_request", {
        detail: "a post token is 8 to 16 characters of A-Z, a-z, 0-9 and _",
      });
    }
    const t = await requireToken(deps, c, [[postAddonScope(postToken)], [USER_POSTS_ADDON_CREATE]]);
    if (!t.ok) return t.response;
    return answer(c, await p.deletePostAddons(t.accessToken, postToken));
  });

  // Spec 4.7 by phone; facts: by divar_user_id on the live platform.
  const userAddon = async (c: Context, target: UserTarget) => {
    const body = await readBody(c, "user");
    if (!body.ok) return body.response;
    const t = await requireToken(deps, c, [[USER_ADDON_CREATE]]);
    if (!t.ok) return t.response;
    return answer(c, await p.userAddon(t.accessToken, target, body.json), { warnings: body.warnings });
  };
  app.post("/api/users/phone/:phone/addon", (c) => userAddon(c, { phone: c.req.param("phone") }));
  app.post("/api/users/id/:divarUserId/addon", (c) =>
    userAddon(c, { divarUserId: c.req.param("divarUserId") }),
  );

  app.delete("/api/user-addons/:id", async (c) => {
    const denied = requireSignedIn(deps, c);
    if (denied) return denied;
    return answer(c, await p.deleteUserAddon(c.req.param("id")));
  });

  // Spec 4.8 / 4.9: API-key permissions; 4.8 also sends the user's token.
  const semanticCreate = async (c: Context, target: UserTarget) => {
    const body = await readBody(c, "semantic");
    if (!body.ok) return body.response;
    const t = await requireToken(deps, c, [[]]);
    if (!t.ok) return t.response;
    return answer(c, await p.semanticCreate(t.accessToken, target, body.json), { warnings: body.warnings });
  };
  const semanticDelete = async (c: Context, target: UserTarget) => {
    // The platform needs only the API key (spec 4.9); the proxy still requires a signed-in editor user.
    const denied = requireSignedIn(deps, c);
    if (denied) return denied;
    return answer(c, await p.semanticDelete(target));
  };
  app.post("/api/users/phone/:phone/semantic", (c) => semanticCreate(c, { phone: c.req.param("phone") }));
  app.post("/api/users/id/:divarUserId/semantic", (c) =>
    semanticCreate(c, { divarUserId: c.req.param("divarUserId") }),
  );
  app.delete("/api/users/phone/:phone/semantic", (c) => semanticDelete(c, { phone: c.req.param("phone") }));
  app.delete("/api/users/id/:divarUserId/semantic", (c) =>
    semanticDelete(c, { divarUserId: c.req.param("divarUserId") }),
  );

  // Spec 4.10.
  app.post("/api/conversations/:conversationId/messages", async (c) => {
    const conversationId = c.req.param("conversationId");
    const body = await readBody(c, "chat");
    if (!body.ok) return body.response;
    const t = await requireToken(deps, c, [[conversationScope(conversationId)]]);
    if (!t.ok) return t.response;
    return answer(c, await p.sendMessage(t.accessToken, conversationId, body.json), {
      warnings: body.warnings,
    });
  });

  // Spec 4.3.
  app.get("/api/phones", async (c) => {
    const t = await requireToken(deps, c, [[USER_PHONE]]);
    if (!t.ok) return t.response;
    const result = await p.phones(t.accessToken);
    if (!result.ok) return sendError(c, result.error);
    return c.json({ phone_numbers: result.value.phone_numbers }, 200, { "cache-control": "no-store" });
  });

  // Spec 4.4 and section 6: create upstream, then hold it in the session to re-create after refresh.
  app.post("/api/subscriptions", async (c) => {
    const read = await readJson(c);
    if (!read.ok) return read.response;
    const parsed = subscriptionRequestSchema.safeParse(read.json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) =>
        problem(
          i.path.filter((s): s is string | number => typeof s !== "symbol"),
          i.message,
          "error",
          "invalid_subscription",
        ),
      );
      return fail(c, "invalid_body", { problems });
    }
    const req = parsed.data;
    const t = await requireToken(deps, c, scopesForSubscription(req.event_type, req.event_resource_id));
    if (!t.ok) return t.response;
    const result = await p.subscribe(t.accessToken, req);
    if (!result.ok) return sendError(c, result.error);
    const session = t.session;
    const now = deps.now();
    const same = (s: (typeof session.subscriptions)[number]) =>
      s.event_type === req.event_type && s.event_resource_id === req.event_resource_id;
    session.subscriptions = [
      ...session.subscriptions.filter((s) => !same(s)),
      {
        event_type: req.event_type,
        ...(req.event_resource_id !== undefined ? { event_resource_id: req.event_resource_id } : {}),
        ...(req.metadata !== undefined ? { metadata: req.metadata } : {}),
        ...(req.meta_data !== undefined ? { meta_data: req.meta_data } : {}),
        createdAt: now,
        renewedAt: now,
      },
    ].slice(-20);
    deps.sessions.write(c, session);
    return c.json({ ok: true, subscriptions: session.subscriptions.map(publicSubscription) }, 200, {
      "cache-control": "no-store",
    });
  });

  app.get("/api/subscriptions", (c) => {
    const session = deps.sessions.read(c) ?? emptySession(deps.now());
    return c.json({ subscriptions: session.subscriptions.map(publicSubscription) }, 200, {
      "cache-control": "no-store",
    });
  });

  // Removing a subscription upstream is not shown (spec 6.3.9): this only stops re-creating it.
  app.delete("/api/subscriptions", (c) => {
    const session = deps.sessions.read(c) ?? emptySession(deps.now());
    const type = c.req.query("event_type");
    const resource = c.req.query("event_resource_id");
    session.subscriptions = session.subscriptions.filter(
      (s) => !(s.event_type === type && (s.event_resource_id ?? "") === (resource ?? "")),
    );
    deps.sessions.write(c, session);
    return c.json({ subscriptions: session.subscriptions.map(publicSubscription) }, 200, {
      "cache-control": "no-store",
    });
  });

  app.all("/api/*", (c) =>
    sendError(c, studioError("not_found", { detail: `no route ${c.req.method} ${c.req.path}` })),
  );
  return app;
}
