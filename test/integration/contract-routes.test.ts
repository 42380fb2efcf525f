import { describe, expect, it } from "vitest";
import { PLATFORM_ROUTES, type RouteBody } from "../../src/platform/routes";
import { type Browser, type Stack, signIn, stackPerTest } from "./server-harness";

/** Route table (src/platform/routes.ts) -> both servers: every row is served by the proxy and the emulator. */

const POST_TOKEN = "gZx7yK3aB1";
const DIVAR_USER_ID = "u-7";
const PHONE = "09120000007";
const CONVERSATION = "conv-contract-1";

/** One valid body per body kind, written for this test. */
const BODIES: Record<Exclude<RouteBody, "none">, unknown> = {
  post: { widgets: [{ title_row: { text: "گزارش بازدید" } }] },
  user: { widgets: [{ subtitle_row: { text: "فروشنده تأیید شده" } }], cost: 12000 },
  semantic: { semantic: { status: "SUCCEEDED" } },
  "semantic-by-id": { semantic: { status: "SUCCEEDED" }, phone: PHONE },
  chat: { message: "سلام، آگهی هنوز موجود است؟" },
  subscription: { event_type: "NEW_MESSAGE_ON_POST", event_resource_id: POST_TOKEN },
};

const PARAMS: Record<string, string> = {
  token: POST_TOKEN,
  postToken: POST_TOKEN,
  divar_user_id: DIVAR_USER_ID,
  divarUserId: DIVAR_USER_ID,
  phone: PHONE,
  conversation_id: CONVERSATION,
  conversationId: CONVERSATION,
};

function fill(path: string, ids: Record<string, string>): string {
  return path
    .replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? "")
    .replace(/:(\w+)/g, (_m, name: string) => ids[name] ?? "");
}

let stack: Stack;
let browser: Browser;
stackPerTest({}, (s, b) => {
  stack = s;
  browser = b;
});

describe("the route table (OpenAPI routes we serve)", () => {
  it("has each route once, and each live route of the add-on, semantic, chat and event APIs", () => {
    const keys = PLATFORM_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const live of [
      "POST /v2/open-platform/addons/post/{token}",
      "POST /v2/open-platform/addons/users/{divar_user_id}",
      "POST /v1/open-platform/semantic/users/{divar_user_id}",
      "DELETE /v1/open-platform/semantic/users/{divar_user_id}",
      "POST /v2/open-platform/conversations/{conversation_id}/messages",
      "GET /v1/open-platform/users",
    ])
      expect(keys).toContain(live);
  });

  it("the proxy serves every row, and each one reaches the emulator, which answers it", async () => {
    await signIn(browser, stack, [
      `POST_ADDON_CREATE.${POST_TOKEN}`,
      "USER_ADDON_CREATE",
      "USER_PHONE",
      "USER_VERIFICATION_CREATE",
      `CONVERSATION_SEND_MESSAGE.${CONVERSATION}`,
      `CHAT_POST_CONVERSATIONS_READ.${POST_TOKEN}`,
    ]);
    const ids = { ...PARAMS };
    for (const route of PLATFORM_ROUTES) {
      const query = route.query?.map((q) => `${q}=${ids[q]}`).join("&");
      const url = `${stack.proxyServer.url}${fill(route.proxy.path, ids)}${query ? `?${query}` : ""}`;
      const body = route.body === "none" ? undefined : JSON.stringify(BODIES[route.body]);
      const sentBefore = stack.upstream.length;
      const { res, text } = await browser.fetch(url, {
        method: route.proxy.method,
        ...(body ? { headers: { "content-type": "application/json" }, body } : {}),
      });
      const row = `${route.method} ${route.path}`;
      expect(res.status, `${row} via ${route.proxy.method} ${route.proxy.path}: ${text}`).toBe(200);
      expect(stack.upstream.slice(sentBefore), row).toEqual([`${route.method} ${fill(route.path, ids)}`]);
      // The user add-on's id answers the delete row that follows it in the table.
      const id = /"id":"([^"]+)"/.exec(text)?.[1];
      if (id && route.body === "user") ids.id = id;
    }
    const s = stack.emulator.state;
    expect(s.semantics.map((x) => x.target)).toEqual([]);
    // Two user add-ons were created (by id, by phone); the delete row removed the last one.
    expect(s.userAddons.map((x) => x.target)).toEqual([{ divarUserId: DIVAR_USER_ID }]);
  });

  it("each semantic route checks its own body: the phone is required in the body by divar_user_id, refused by phone", async () => {
    await signIn(browser, stack, ["USER_PHONE", "USER_VERIFICATION_CREATE"]);
    const signedIn = stack.upstream.length;
    const post = (path: string, body: unknown) =>
      browser.fetch(`${stack.proxyServer.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const byId = await post(`/api/users/id/${DIVAR_USER_ID}/semantic`, BODIES.semantic);
    expect(byId.res.status).toBe(400);
    expect(byId.text).toMatch(/"at":"phone".*is required/);
    const byPhone = await post(`/api/users/phone/${PHONE}/semantic`, BODIES["semantic-by-id"]);
    expect(byPhone.res.status).toBe(400);
    expect(byPhone.text).toMatch(/goes in the address on this route/);
    expect(stack.upstream.slice(signedIn)).toEqual([]);
    // The emulator, as the platform, refuses the same bodies on its own.
    const token = stack.emulator.state.tokens[0]?.accessToken ?? "";
    const emu = await fetch(`${stack.emulatorServer.url}/v1/open-platform/semantic/users/${DIVAR_USER_ID}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": stack.emulator.state.app.apiKey,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(BODIES.semantic),
    });
    expect(emu.status).toBe(400);
    const del = await fetch(`${stack.emulatorServer.url}/v1/open-platform/semantic/users/${DIVAR_USER_ID}`, {
      method: "DELETE",
      headers: { "x-api-key": stack.emulator.state.app.apiKey },
    });
    expect(del.status).toBe(400);
  });

  it("a null on an optional field is read as absent and never forwarded", async () => {
    await signIn(browser, stack, [`POST_ADDON_CREATE.${POST_TOKEN}`]);
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/posts/${POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ widgets: [{ title_row: { text: "گزارش", has_divider: null } }], notes: null }),
    });
    expect(res.status, text).toBe(200);
    expect(text).toMatch(/null_as_absent/);
    expect(stack.emulator.state.postAddons[0]?.body).toEqual({ widgets: [{ title_row: { text: "گزارش" } }] });
  });

  it("the emulator, as the platform, keeps a body sent to it directly without its nulls too", async () => {
    await signIn(browser, stack, [`POST_ADDON_CREATE.${POST_TOKEN}`]);
    const token = stack.emulator.state.tokens[0]?.accessToken ?? "";
    const res = await fetch(`${stack.emulatorServer.url}/v2/open-platform/addons/post/${POST_TOKEN}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": stack.emulator.state.app.apiKey,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ widgets: [{ title_row: { text: "گزارش", has_divider: null } }] }),
    });
    expect(res.status).toBe(200);
    expect(stack.emulator.state.postAddons[0]?.body).toEqual({ widgets: [{ title_row: { text: "گزارش" } }] });
  });
});
