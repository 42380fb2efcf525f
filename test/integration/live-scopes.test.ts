import { describe, expect, it } from "vitest";
import { DEMO_CONVERSATION_ID, DEMO_POST_TOKEN, DEMO_USER } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { type Browser, type Stack, signIn, stackPerTest } from "./server-harness";

// The scopes of the live OpenAPI's security requirements (several scopes of one requirement are
// alternatives), on the proxy and the emulator (docs/decisions.md, "Live scopes and the users answer").

const DIVAR_USER_ID = "u-live-1";
const PHONE = DEMO_USER.phones[0] ?? "";
const OTHER_POST = "zZ9yX8wV7uT6";

let stack: Stack;
let browser: Browser;
stackPerTest({}, (s, b) => {
  stack = s;
  browser = b;
});

const proxy = (method: string, path: string, body?: unknown) =>
  browser.fetch(`${stack.proxyServer.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });

/** Calls the emulator as an app would: API key, and the last issued token when `bearer`. */
const emulator = (method: string, path: string, opts: { bearer?: boolean; body?: unknown } = {}) => {
  const token = stack.emulator.state.tokens.at(-1)?.accessToken ?? "";
  return fetch(`${stack.emulatorServer.url}${path}`, {
    method,
    headers: {
      "x-api-key": stack.emulator.state.app.apiKey,
      ...(opts.bearer ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
};

const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;
const semanticById = { semantic: { status: "SUCCEEDED" }, phone: PHONE };
const chat = { message: "سلام" };

describe("user semantic by divar_user_id needs USER_VERIFICATION_CREATE (OpenAPI)", () => {
  it("the proxy asks for it through consent and sends nothing without it; with it, the platform gets the call", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const before = stack.upstream.length;
    const refused = await proxy("POST", `/api/users/id/${DIVAR_USER_ID}/semantic?returnTo=%2F`, semanticById);
    expect(refused.res.status).toBe(403);
    const error = errorOf(refused.text);
    expect(error.code).toBe("missing_scope");
    expect(error.scope).toBe("USER_VERIFICATION_CREATE");
    expect(error.authorizeUrl).toContain("USER_PHONE%20USER_VERIFICATION_CREATE");
    expect(stack.upstream.slice(before)).toEqual([]);

    await signIn(browser, stack, ["USER_PHONE", "USER_VERIFICATION_CREATE"]);
    const sent = await proxy("POST", `/api/users/id/${DIVAR_USER_ID}/semantic`, semanticById);
    expect(sent.res.status, sent.text).toBe(200);
    expect(stack.emulator.state.semantics.map((s) => s.target)).toEqual([{ divarUserId: DIVAR_USER_ID }]);
  });

  it("the route by phone (spec 4.8) still takes any token, and signing in for it asks for USER_PHONE", async () => {
    const out = await proxy("POST", `/api/users/phone/${PHONE}/semantic`, {
      semantic: { status: "SUCCEEDED" },
    });
    expect(errorOf(out.text)).toMatchObject({ code: "not_signed_in" });
    expect(errorOf(out.text).authorizeUrl).toContain("scope=USER_PHONE&");
    await signIn(browser, stack, ["USER_PHONE"]);
    const sent = await proxy("POST", `/api/users/phone/${PHONE}/semantic`, {
      semantic: { status: "SUCCEEDED" },
    });
    expect(sent.res.status, sent.text).toBe(200);
  });

  it("the emulator refuses a token without it on the route by divar_user_id, not on the route by phone", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const path = `/v1/open-platform/semantic/users/${DIVAR_USER_ID}`;
    const refused = await emulator("POST", path, { bearer: true, body: semanticById });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("USER_VERIFICATION_CREATE");
    const byPhone = await emulator("POST", `/v1/open-platform/semantic/user/${PHONE}`, {
      bearer: true,
      body: { semantic: { status: "SUCCEEDED" } },
    });
    expect(byPhone.status).toBe(200);
    await signIn(browser, stack, ["USER_VERIFICATION_CREATE"]);
    expect((await emulator("POST", path, { bearer: true, body: semanticById })).status).toBe(200);
  });

  it("the consent page says what USER_VERIFICATION_CREATE and the chat send scopes allow", async () => {
    const q = new URLSearchParams({
      scope: `USER_VERIFICATION_CREATE CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND CHAT_POST_CONVERSATIONS_MESSAGE_SEND.${DEMO_POST_TOKEN}`,
      returnTo: "/",
    });
    const page = await browser.follow(`${stack.proxyServer.url}/oauth/start?${q}`);
    expect(page.text).toContain("Record verification results (semantic data) about you");
    expect(page.text).toContain("Send messages in the chats of all your posts");
    expect(page.text).toContain(`Send messages in the chats of your post ${DEMO_POST_TOKEN}`);
    expect(page.text).not.toContain("Use the permission");
  });
});

describe("chat send takes any of the three scopes of the OpenAPI", () => {
  const send = () => proxy("POST", `/api/conversations/${DEMO_CONVERSATION_ID}/messages`, chat);
  const delivered = () =>
    stack.emulator.state.conversations.get(DEMO_CONVERSATION_ID)?.messages.filter((m) => m.from === "app") ??
    [];

  it("with CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND", async () => {
    await signIn(browser, stack, ["CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND"]);
    const out = await send();
    expect(out.res.status, out.text).toBe(200);
    expect(delivered().map((m) => m.text)).toEqual(["سلام"]);
  });

  it("with CHAT_POST_CONVERSATIONS_MESSAGE_SEND of the conversation's post; another post's is sent on and refused by the platform", async () => {
    await signIn(browser, stack, [`CHAT_POST_CONVERSATIONS_MESSAGE_SEND.${OTHER_POST}`]);
    const before = stack.upstream.length;
    const other = await send();
    // The proxy cannot tell the conversation's post: it sends, and the platform judges.
    expect(stack.upstream.slice(before)).toEqual([
      `POST /v2/open-platform/conversations/${DEMO_CONVERSATION_ID}/messages`,
    ]);
    expect(other.res.status).toBe(403);
    expect(delivered()).toEqual([]);

    await signIn(browser, stack, [`CHAT_POST_CONVERSATIONS_MESSAGE_SEND.${DEMO_POST_TOKEN}`]);
    const out = await send();
    expect(out.res.status, out.text).toBe(200);
    expect(delivered()).toHaveLength(1);
  });

  it("without any of them, consent asks for the conversation's own scope and nothing is sent", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const before = stack.upstream.length;
    const out = await send();
    expect(errorOf(out.text)).toMatchObject({
      code: "missing_scope",
      scope: `CONVERSATION_SEND_MESSAGE.${DEMO_CONVERSATION_ID}`,
    });
    expect(stack.upstream.slice(before)).toEqual([]);
  });

  it("the emulator answers status as an int32 (OpenAPI), which the proxy passes on", async () => {
    await signIn(browser, stack, [`CONVERSATION_SEND_MESSAGE.${DEMO_CONVERSATION_ID}`]);
    const out = await send();
    expect(out.res.status).toBe(200);
    const status: unknown = JSON.parse(out.text).result.status;
    expect(Number.isInteger(status)).toBe(true);
  });
});

describe("GET /v1/open-platform/users answers the live finderUser", () => {
  it("with USER_PHONE: phone_number, phone_numbers and user_id", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const res = await emulator("GET", "/v1/open-platform/users", { bearer: true });
    expect(await res.json()).toEqual({
      phone_number: PHONE,
      phone_numbers: DEMO_USER.phones,
      user_id: DEMO_USER.id,
    });
    const phones = await proxy("GET", "/api/phones");
    expect(JSON.parse(phones.text)).toEqual({ phone_numbers: DEMO_USER.phones, user_id: DEMO_USER.id });
  });

  it("with USER_ID alone: the user id, no phone", async () => {
    await signIn(browser, stack, ["USER_ID"]);
    const res = await emulator("GET", "/v1/open-platform/users", { bearer: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user_id: DEMO_USER.id });
  });
});

describe("API-key-only and API-key permissions as the live document lists them", () => {
  it("the emulator removes a post's add-ons on an API-key-only call, and still on the proxy's call", async () => {
    await signIn(browser, stack, [`POST_ADDON_CREATE.${DEMO_POST_TOKEN}`]);
    const body = { widgets: [{ title_row: { text: "گزارش" } }] };
    expect((await proxy("POST", `/api/posts/${DEMO_POST_TOKEN}/addon`, body)).res.status).toBe(200);
    const mine = () =>
      stack.emulator.state.postAddons.filter((a) => a.appSlug === stack.emulator.state.app.slug);
    expect(mine()).toHaveLength(1);
    expect((await emulator("DELETE", `/v1/open-platform/addons/post/${DEMO_POST_TOKEN}`)).status).toBe(200);
    expect(mine()).toHaveLength(0);
    expect((await proxy("POST", `/api/posts/${DEMO_POST_TOKEN}/addon`, body)).res.status).toBe(200);
    expect((await proxy("DELETE", `/api/posts/${DEMO_POST_TOKEN}/addon`)).res.status).toBe(200);
    expect(mine()).toHaveLength(0);
  });

  it("the user add-on by phone does not need the API-key permission USER_ADDON_CREATE; by divar_user_id it does", async () => {
    await signIn(browser, stack, ["USER_ADDON_CREATE"]);
    const app = stack.emulator.state.app;
    app.permissions = app.permissions.filter((p) => p !== "USER_ADDON_CREATE");
    const body = { widgets: [{ subtitle_row: { text: "فروشنده" } }] };
    const byPhone = await emulator("POST", `/v2/open-platform/addons/user/${PHONE}`, { bearer: true, body });
    expect(byPhone.status).toBe(200);
    const byId = await emulator("POST", `/v2/open-platform/addons/users/${DIVAR_USER_ID}`, {
      bearer: true,
      body,
    });
    expect(byId.status).toBe(403);
    expect(await byId.text()).toContain("USER_ADDON_CREATE");
  });
});
