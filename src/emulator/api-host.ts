import type { Context } from "hono";
import { Hono } from "hono";
import { POST_TOKEN_PATTERN } from "../platform/actions";
import { type BodyKind, checkBody } from "../platform/body-check";
import { type ErrorCode, errorCatalogue, platformError, type StudioErrorExtras } from "../platform/errors";
import { scopesForSubscription } from "../platform/events";
import { isRecord } from "../platform/json";
import {
  type ApiKeyPermission,
  conversationScope,
  hasScopes,
  postAddonScope,
  USER_ADDON_CREATE,
  USER_PHONE,
  USER_POSTS_ADDON_CREATE,
} from "../platform/scopes";
import { validateMessage } from "../platform/validate";
import { findUsableToken } from "./auth-host";
import {
  type ButtonView,
  conversationFor,
  DEMO_USER,
  type EmulatorState,
  newId,
  secretMatches,
  type TokenRecord,
} from "./state";

/** A platform error response `{code, message, details}` (facts "Errors"). */
function fail(code: ErrorCode, extras: StudioErrorExtras = {}, details: unknown[] = []): Response {
  return new Response(JSON.stringify(platformError(code, extras, details)), {
    status: errorCatalogue[code].status,
    headers: { "content-type": "application/json" },
  });
}

interface GuardNeeds {
  permission?: ApiKeyPermission;
  /** Whether a bearer token is required at all. */
  token: boolean;
  /** Alternative sets of scopes; one set must be held in full. */
  scopes?: string[][];
}

/**
 * Checks the API key, its permission and the user's token and scopes. The two kinds of permission are
 * independent (spec 5.6): each is checked on its own.
 */
function guard(state: EmulatorState, c: Context, needs: GuardNeeds): Response | { token?: TokenRecord } {
  if (!secretMatches(c.req.header("x-api-key"), state.app.apiKey)) return fail("missing_api_key");
  if (needs.permission && !state.app.permissions.includes(needs.permission)) {
    return fail("missing_permission", { permission: needs.permission });
  }
  if (!needs.token) return {};
  const auth = c.req.header("authorization") ?? "";
  const m = /^Bearer (\S+)$/i.exec(auth);
  const token = m?.[1] ? findUsableToken(state, m[1]) : undefined;
  if (!token) return fail("invalid_token");
  const sets = needs.scopes ?? [[]];
  if (!sets.some((set) => hasScopes(token.scopes, set))) {
    const first = sets[0]?.find((s) => !token.scopes.includes(s)) ?? "";
    return fail("missing_scope", { scope: first });
  }
  return { token };
}

/** Reads a JSON body strictly: content type (when the spec lists it) and syntax. */
async function readJson(c: Context, requireType: boolean): Promise<{ ok: true; json: unknown } | Response> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (requireType && !type.startsWith("application/json")) {
    return fail("invalid_request", { detail: "Content-Type must be application/json" });
  }
  try {
    return { ok: true, json: JSON.parse(await c.req.text()) };
  } catch {
    return fail("invalid_request", { detail: "the body is not valid JSON" });
  }
}

function validated(kind: BodyKind, json: unknown): Response | undefined {
  const result = checkBody(kind, json);
  if (result.ok) return undefined;
  return fail("invalid_body", {}, result.errors);
}

function buttonsOf(value: unknown): ButtonView[][] {
  if (typeof value !== "object" || value === null || !("rows" in value) || !Array.isArray(value.rows))
    return [];
  return value.rows.map((row: unknown) => {
    if (typeof row !== "object" || row === null || !("buttons" in row) || !Array.isArray(row.buttons))
      return [];
    return row.buttons.map((b: unknown) => {
      const rec = isRecord(b) ? b : {};
      const caption = "caption" in rec && typeof rec.caption === "string" ? rec.caption : "";
      const action =
        "action" in rec && typeof rec.action === "object" && rec.action !== null ? { ...rec.action } : {};
      const icon =
        "icon_name" in rec && typeof rec.icon_name === "string"
          ? rec.icon_name
          : "icon" in rec && typeof rec.icon === "string"
            ? rec.icon
            : undefined;
      return icon ? { caption, action, icon } : { caption, action };
    });
  });
}

/** The emulated open API host: spec 4.3, 4.4, 4.6-4.10 and the live paths of facts "Endpoints". */
export function createApiHost(state: EmulatorState): Hono {
  const app = new Hono();

  // Spec 4.3 (POST) and the live OpenAPI (GET). The body is not shown and its content type is
  // disputed, so it is not read.
  const users = (c: Context) => {
    const g = guard(state, c, { token: true, scopes: [[USER_PHONE]] });
    if (g instanceof Response) return g;
    return c.json({ phone_numbers: DEMO_USER.phones });
  };
  app.post("/v1/open-platform/users", users);
  app.get("/v1/open-platform/users", users);

  // Spec 4.4 and section 6.
  app.post("/v1/open-platform/events/subscriptions", async (c) => {
    const body = await readJson(c, true);
    if (body instanceof Response) return body;
    const checked = validateMessage("subscription", body.json);
    if (!checked.ok || !checked.value) return fail("invalid_body", {}, checked.errors);
    const req = checked.value;
    const g = guard(state, c, {
      permission: "EVENTS_REGISTER_SUBSCRIPTION",
      token: true,
      scopes: scopesForSubscription(req.event_type, req.event_resource_id),
    });
    if (g instanceof Response) return g;
    const metadata = req.metadata;
    state.subscriptions.push({
      id: newId(),
      eventType: req.event_type,
      ...(req.event_resource_id !== undefined ? { resourceId: req.event_resource_id } : {}),
      ...(metadata !== undefined ? { metadata } : {}),
      // The live OpenAPI has only `metadata` (meta_data is refused on the way in).
      metadataField: "metadata",
      accessToken: g.token?.accessToken ?? "",
      createdAt: state.clock.now(),
    });
    return c.json({});
  });

  // Spec 4.6.
  app.post("/v2/open-platform/addons/post/:postToken", async (c) => {
    const postToken = c.req.param("postToken");
    if (!POST_TOKEN_PATTERN.test(postToken)) {
      return fail("invalid_request", { detail: "a post token is 8 to 16 characters of A-Z, a-z, 0-9 and _" });
    }
    const g = guard(state, c, {
      permission: "ADD_ON_CREATE",
      token: true,
      scopes: [[postAddonScope(postToken)], [USER_POSTS_ADDON_CREATE]],
    });
    if (g instanceof Response) return g;
    const body = await readJson(c, true);
    if (body instanceof Response) return body;
    const invalid = validated("post", body.json);
    if (invalid) return invalid;
    const now = state.clock.now();
    // Create or update: a new body replaces this app's earlier one on the post.
    state.postAddons = state.postAddons.filter(
      (a) => !(a.postToken === postToken && a.appSlug === state.app.slug),
    );
    state.postAddons.push({
      postToken,
      appSlug: state.app.slug,
      body: body.json,
      receivedAt: now,
      attachAt: now + state.attachDelayMs,
    });
    return c.json({});
  });

  // Facts "Endpoints": delete this app's add-ons on a post.
  app.delete("/v1/open-platform/addons/post/:postToken", (c) => {
    const postToken = c.req.param("postToken");
    if (!POST_TOKEN_PATTERN.test(postToken)) {
      return fail("invalid_request", { detail: "a post token is 8 to 16 characters of A-Z, a-z, 0-9 and _" });
    }
    const g = guard(state, c, {
      permission: "ADD_ON_DELETE",
      token: true,
      scopes: [[postAddonScope(postToken)], [USER_POSTS_ADDON_CREATE]],
    });
    if (g instanceof Response) return g;
    state.postAddons = state.postAddons.filter(
      (a) => !(a.postToken === postToken && a.appSlug === state.app.slug),
    );
    return c.json({});
  });

  // Spec 4.7 (by phone) and the live path by divar_user_id.
  const userAddon = async (c: Context, target: { phone: string } | { divarUserId: string }) => {
    const g = guard(state, c, {
      permission: "USER_ADDON_CREATE",
      token: true,
      scopes: [[USER_ADDON_CREATE]],
    });
    if (g instanceof Response) return g;
    const body = await readJson(c, false);
    if (body instanceof Response) return body;
    const invalid = validated("user", body.json);
    if (invalid) return invalid;
    const id = newId();
    state.userAddons.push({ id, target, body: body.json, receivedAt: state.clock.now() });
    return c.json({ id });
  };
  app.post("/v2/open-platform/addons/user/:phone", (c) => userAddon(c, { phone: c.req.param("phone") }));
  app.post("/v2/open-platform/addons/users/:id", (c) => userAddon(c, { divarUserId: c.req.param("id") }));

  app.delete("/v1/open-platform/addons/user/:id", (c) => {
    const g = guard(state, c, { permission: "USER_ADDON_DELETE", token: false });
    if (g instanceof Response) return g;
    const id = c.req.param("id");
    if (!state.userAddons.some((a) => a.id === id))
      return fail("not_found", { detail: `no user add-on ${id}` });
    state.userAddons = state.userAddons.filter((a) => a.id !== id);
    return c.json({});
  });

  // Spec 4.8 / 4.9 and the live paths by divar_user_id.
  const semanticCreate = async (c: Context, target: { phone: string } | { divarUserId: string }) => {
    const g = guard(state, c, { permission: "USER_SEMANTIC_CREATE", token: true });
    if (g instanceof Response) return g;
    const body = await readJson(c, false);
    if (body instanceof Response) return body;
    // The live route by divar_user_id takes the phone in the body; the spec's route by phone does not.
    const invalid = validated("phone" in target ? "semantic" : "semantic-by-id", body.json);
    if (invalid) return invalid;
    const id = newId();
    state.semantics.push({ id, target, body: body.json, receivedAt: state.clock.now() });
    return c.json({ id });
  };
  const semanticDelete = (c: Context, key: string) => {
    const g = guard(state, c, { permission: "USER_SEMANTIC_DELETE", token: false });
    if (g instanceof Response) return g;
    state.semantics = state.semantics.filter(
      (s) => ("phone" in s.target ? s.target.phone : s.target.divarUserId) !== key,
    );
    return c.json({});
  };
  app.post("/v1/open-platform/semantic/user/:phone", (c) =>
    semanticCreate(c, { phone: c.req.param("phone") }),
  );
  app.post("/v1/open-platform/semantic/users/:id", (c) =>
    semanticCreate(c, { divarUserId: c.req.param("id") }),
  );
  app.delete("/v1/open-platform/semantic/user/:phone", (c) => semanticDelete(c, c.req.param("phone")));
  app.delete("/v1/open-platform/semantic/users/:id", (c) => {
    // The live route requires the user's phone as a query parameter (OpenAPI).
    if (!c.req.query("phone")) return fail("invalid_request", { detail: "phone is required in the query" });
    return semanticDelete(c, c.req.param("id"));
  });

  // Spec 4.10.
  app.post("/v2/open-platform/conversations/:conversationId/messages", async (c) => {
    const conversationId = c.req.param("conversationId");
    const g = guard(state, c, {
      permission: "CHAT_SEND_MESSAGE_OAUTH",
      token: true,
      scopes: [[conversationScope(conversationId)]],
    });
    if (g instanceof Response) return g;
    const body = await readJson(c, true);
    if (body instanceof Response) return body;
    const invalid = validated("chat", body.json);
    if (invalid) return invalid;
    const json = body.json;
    const rec = isRecord(json) ? json : {};
    const text = "message" in rec && typeof rec.message === "string" ? rec.message : "";
    const id = newId();
    conversationFor(state, conversationId).messages.push({
      id,
      from: "app",
      text,
      sentAt: state.clock.now(),
      senderButtons: buttonsOf("sender_buttons" in rec ? rec.sender_buttons : undefined),
      receiverButtons: buttonsOf("receiver_buttons" in rec ? rec.receiver_buttons : undefined),
    });
    return c.json({ message: id, status: "SENT" });
  });

  return app;
}
