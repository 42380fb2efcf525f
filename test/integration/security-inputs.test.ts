import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_CONVERSATION_ID, DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import type { Inbox } from "../../src/server/inbox";
import { Browser, type Stack, signIn, stackPerTest } from "./server-harness";

let stack: Stack;
let browser: Browser;

stackPerTest({}, async (s, b) => {
  stack = s;
  browser = b;
  await signIn(browser, stack, [`POST_ADDON_CREATE.${DEMO_POST_TOKEN}`, "USER_ADDON_CREATE", "USER_PHONE"]);
  stack.upstream.length = 0;
});

/** Sends a request with the path exactly as given (no dot-segment resolution) and the browser's cookies. */
function rawRequest(method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(stack.proxyServer.url);
  const cookie = [...browser.cookies].map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; ");
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { cookie, "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;
const userBody = JSON.stringify({ widgets: [{ title_row: { text: "Hello" } }] });

describe("bodies the proxy reads", () => {
  it("refuses a body over 1 MB with a 413 naming the limit, sending nothing upstream", async () => {
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ widgets: [{ title_row: { text: "x".repeat(1024 * 1024) } }] }),
    });
    expect(res.status).toBe(413);
    expect(errorOf(text).code).toBe("payload_too_large");
    expect(errorOf(text).message).toContain("at most 1 MB");
    expect(stack.upstream).toEqual([]);
  });

  it("answers broken JSON with a 400 that says so", async () => {
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"widgets": [',
    });
    expect(res.status).toBe(400);
    expect(errorOf(text).message).toContain("the body is not valid JSON");
    expect(stack.upstream).toEqual([]);
  });
});

describe("path parameters are checked before anything goes upstream", () => {
  it.each([
    ["POST", "/api/users/phone/0912%2F..%2F..%2Fv1/addon", "phone"],
    ["POST", "/api/users/id/..%2F..%2Fsemantic%2Fusers%2Fx/addon", "divar_user_id"],
    ["POST", "/api/users/id/a%3Fb%3D1/addon", "divar_user_id"],
    ["DELETE", "/api/user-addons/..%2F..%2Fv2%2Fopen-platform", "id"],
    ["DELETE", "/api/users/phone/abc/semantic", "phone"],
    ["POST", `/api/conversations/${DEMO_CONVERSATION_ID}%20USER_PHONE/messages`, "conversation_id"],
    ["POST", "/api/posts/short/addon", "post_token"],
    ["DELETE", "/api/posts/gZ3kQx9a%23B1cD/addon", "post_token"],
  ])("%s %s is refused naming %s", async (method, path, name) => {
    // Sent raw, exactly as written, as any HTTP client may.
    const { status, text } = await rawRequest(method, path, method === "POST" ? userBody : undefined);
    expect(status).toBe(400);
    expect(errorOf(text).message).toContain(`${name} in the address must be`);
    expect(stack.upstream).toEqual([]);
  });

  it("a semantic removal by id without its ?phone= says where the phone goes", async () => {
    const { status, text } = await rawRequest("DELETE", "/api/users/id/u-live-1/semantic", undefined);
    expect(status).toBe(400);
    expect(errorOf(text).message).toContain("phone in the query string (?phone=) must be");
    expect(stack.upstream).toEqual([]);
  });

  it("lets a well-formed phone and id through", async () => {
    const byPhone = await browser.fetch(`${stack.proxyServer.url}/api/users/phone/09120000001/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: userBody,
    });
    expect(byPhone.res.status).toBe(200);
    expect(stack.upstream).toEqual(["POST /v2/open-platform/addons/user/09120000001"]);
  });
});

describe("event delivery address", () => {
  const deliver = (authorization: string, body: string) =>
    fetch(`${stack.proxyServer.url}/platform/events`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body,
    });
  const entries = async () =>
    JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/inbox`)).text).entries;

  it("refuses keys of every length (empty, shorter, longer, multibyte) with a 401, never a 500", async () => {
    const key = DEMO_APP.identificationKey;
    for (const wrong of ["", key.slice(0, -1), `${key}x`, `${key.slice(0, -1)}é`, "x".repeat(10_000)]) {
      const res = await deliver(wrong, "{}");
      expect(res.status).toBe(401);
    }
    expect(await entries()).toEqual([]);
  });

  it("refuses a delivery over 256 KB and broken JSON; neither reaches the inbox", async () => {
    const key = DEMO_APP.identificationKey;
    const big = await deliver(key, JSON.stringify({ type: "NEW_MESSAGE", pad: "x".repeat(300 * 1024) }));
    expect(big.status).toBe(413);
    expect(errorOf(await big.text()).message).toContain("at most 256 KB");
    expect((await deliver(key, "{not json")).status).toBe(400);
    expect(await entries()).toEqual([]);
  });
});

describe("live inbox stream", () => {
  it("needs a signed-in session", async () => {
    const { res, text } = await new Browser().fetch(`${stack.proxyServer.url}/api/inbox/stream`);
    expect(res.status).toBe(401);
    expect(errorOf(text).code).toBe("not_signed_in");
  });

  it("stops listening to the inbox when the client goes away", async () => {
    const inbox = stack.proxy.deps.inbox;
    let listeners = 0;
    const counted: Inbox = {
      ...inbox,
      subscribe(listener) {
        listeners += 1;
        const off = inbox.subscribe(listener);
        let on = true;
        return () => {
          if (on) listeners -= 1;
          on = false;
          return off();
        };
      },
    };
    stack.proxy.deps.inbox = counted;
    const cookie = [...browser.cookies].map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; ");
    const abort = new AbortController();
    const res = await fetch(`${stack.proxyServer.url}/api/inbox/stream`, {
      headers: { cookie },
      signal: abort.signal,
    });
    const reader = res.body?.getReader();
    await reader?.read();
    expect(listeners).toBe(1);
    abort.abort();
    const deadline = Date.now() + 3000;
    while (listeners > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(listeners).toBe(0);
  });
});
