import type { Context } from "hono";
import { Hono } from "hono";
import { POST_TOKEN_PATTERN } from "../platform/actions";
import { scopesForSubscription } from "../platform/events";
import { isRecord } from "../platform/json";
import {
  chatSendScopeSets,
  postAddonScopeSets,
  USER_ADDON_CREATE,
  USER_ID,
  USER_PHONE,
  USER_VERIFICATION_CREATE,
} from "../platform/scopes";
import { validateMessage } from "../platform/validate";
import { fail, guard, readJson, validated } from "./api-guard";
import {
  type ButtonView,
  conversationFor,
  DEMO_POST_TOKEN,
  DEMO_USER,
  type EmulatorState,
  newId,
} from "./state";

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
        "icon" in rec && typeof rec.icon === "string"
          ? rec.icon
          : "icon_name" in rec && typeof rec.icon_name === "string"
            ? rec.icon_name
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
  // The live answer is `finderUser` {phone_number, phone_numbers (deprecated), user_id}, for a token
  // with USER_ID or USER_PHONE and an API key holding USER_RETRIEVE; the phones only with USER_PHONE
  // (OpenAPI).
  const users = (c: Context) => {
    const g = guard(state, c, {
      permission: "USER_RETRIEVE",
      token: true,
      scopes: [[USER_PHONE], [USER_ID]],
    });
    if (g instanceof Response) return g;
    const phones = g.token?.scopes.includes(USER_PHONE)
      ? { phone_number: DEMO_USER.phones[0] ?? "", phone_numbers: DEMO_USER.phones }
      : {};
    return c.json({ ...phones, user_id: DEMO_USER.id });
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
      scopes: postAddonScopeSets(postToken),
    });
    if (g instanceof Response) return g;
    const body = await readJson(c, true);
    if (body instanceof Response) return body;
    const checked = validated("post", body.json);
    if (checked instanceof Response) return checked;
    const now = state.clock.now();
    // Create or update: a new body replaces this app's earlier one on the post.
    state.postAddons = state.postAddons.filter(
      (a) => !(a.postToken === postToken && a.appSlug === state.app.slug),
    );
    state.postAddons.push({
      postToken,
      appSlug: state.app.slug,
      body: checked.body,
      receivedAt: now,
      attachAt: now + state.attachDelayMs,
    });
    return c.json({});
  });

  // Facts "Endpoints": delete this app's add-ons on a post. API key only (OpenAPI security); a Bearer
  // token, which the proxy sends, is not read.
  app.delete("/v1/open-platform/addons/post/:postToken", (c) => {
    const postToken = c.req.param("postToken");
    if (!POST_TOKEN_PATTERN.test(postToken)) {
      return fail("invalid_request", { detail: "a post token is 8 to 16 characters of A-Z, a-z, 0-9 and _" });
    }
    const g = guard(state, c, { permission: "ADD_ON_DELETE", token: false });
    if (g instanceof Response) return g;
    state.postAddons = state.postAddons.filter(
      (a) => !(a.postToken === postToken && a.appSlug === state.app.slug),
    );
    return c.json({});
  });

  // Spec 4.7 (by phone) and the live path by divar_user_id. The live document lists the API-key
  // permission USER_ADDON_CREATE on the route by divar_user_id only (OpenAPI descriptions).
  const userAddon = async (c: Context, target: { phone: string } | { divarUserId: string }) => {
    const g = guard(state, c, {
      ...("divarUserId" in target ? { permission: "USER_ADDON_CREATE" as const } : {}),
      token: true,
      scopes: [[USER_ADDON_CREATE]],
    });
    if (g instanceof Response) return g;
    const body = await readJson(c, false);
    if (body instanceof Response) return body;
    const checked = validated("user", body.json);
    if (checked instanceof Response) return checked;
    const id = newId();
    state.userAddons.push({ id, target, body: checked.body, receivedAt: state.clock.now() });
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
  // The live route by divar_user_id needs USER_VERIFICATION_CREATE (OpenAPI); the spec's by phone, any token.
  const semanticCreate = async (c: Context, target: { phone: string } | { divarUserId: string }) => {
    const scopes = "phone" in target ? [[]] : [[USER_VERIFICATION_CREATE]];
    const g = guard(state, c, { permission: "USER_SEMANTIC_CREATE", token: true, scopes });
    if (g instanceof Response) return g;
    const body = await readJson(c, false);
    if (body instanceof Response) return body;
    // The live route by divar_user_id takes the phone in the body; the spec's route by phone does not.
    const checked = validated("phone" in target ? "semantic" : "semantic-by-id", body.json);
    if (checked instanceof Response) return checked;
    const id = newId();
    state.semantics.push({ id, target, body: checked.body, receivedAt: state.clock.now() });
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

  // Spec 4.10; the live route takes any of three scopes, one of them tied to the conversation's post.
  app.post("/v2/open-platform/conversations/:conversationId/messages", async (c) => {
    const conversationId = c.req.param("conversationId");
    // A conversation a send starts is on the demo post (conversationFor), not created before the check.
    const postToken = state.conversations.get(conversationId)?.postToken ?? DEMO_POST_TOKEN;
    const g = guard(state, c, {
      permission: "CHAT_SEND_MESSAGE_OAUTH",
      token: true,
      scopes: chatSendScopeSets(conversationId, { postToken }),
    });
    if (g instanceof Response) return g;
    const body = await readJson(c, true);
    if (body instanceof Response) return body;
    const checked = validated("chat", body.json);
    if (checked instanceof Response) return checked;
    const json = checked.body;
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
    // int32 live (OpenAPI chatapiConversationSendMessageResponse); its values are not documented.
    return c.json({ message: id, status: 1 });
  });

  return app;
}
