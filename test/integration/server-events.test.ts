import { describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_CONVERSATION_ID, DEMO_POST_TOKEN } from "../../src/emulator/state";
import { type Browser, type Stack, signIn, stackPerTest } from "./server-harness";
import { chatEvent } from "./store-proxy-helpers";

let stack: Stack;
let browser: Browser;

stackPerTest({}, (s, b) => {
  stack = s;
  browser = b;
});

function deliver(body: unknown, authorization: string | null = DEMO_APP.identificationKey) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== null) headers.authorization = authorization;
  return fetch(`${stack.proxyServer.url}/platform/events`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
}

async function inbox(): Promise<
  { kind: string; event?: { type: string }; start?: Record<string, unknown> }[]
> {
  const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/inbox`);
  expect(res.status).toBe(200);
  return JSON.parse(text).entries;
}

describe("event delivery address (spec 4.5)", () => {
  it("accepts a delivery with the identification key and shows it in the inbox", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const res = await deliver(chatEvent("Is it still available?"));
    expect(res.status).toBe(200);
    const entries = await inbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "event", event: { type: "NEW_MESSAGE" } });
  });

  it("takes the app's credentials out of a delivery before it is stored and shown", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    // Echoes: a body in the shape of the deprecated notify call (spec 4.12, which the app sends with
    // its identification key), and metadata, which holds what the subscription was given.
    const notify = {
      type: "NEW_MESSAGE_ON_POST",
      post_token: DEMO_POST_TOKEN,
      identification_key: DEMO_APP.identificationKey,
      message: "hi",
    };
    const event = chatEvent("Is it still available?") as { metadata?: Record<string, string> };
    event.metadata = { key: DEMO_APP.apiKey, note: `secret ${DEMO_APP.clientSecret}` };
    // Kept whole however deep (a body nested past MAX_JSON_DEPTH is refused before this).
    let deep: unknown = [DEMO_APP.apiKey];
    for (let i = 0; i < 40; i++) deep = [deep];
    const nested = { type: "NEW_REACTION", nested: deep };
    for (const body of [notify, event, nested]) expect((await deliver(body)).status).toBe(200);
    const { text } = await browser.fetch(`${stack.proxyServer.url}/api/inbox`);
    for (const secret of [DEMO_APP.identificationKey, DEMO_APP.apiKey, DEMO_APP.clientSecret])
      expect(text).not.toContain(secret);
    expect(text).toContain('"identification_key":"[redacted]"');
    expect(text).toContain('"note":"secret [redacted]"');
    expect(text).toContain(`${"[".repeat(41)}"[redacted]"${"]".repeat(41)}`);
  });

  it("refuses an unauthenticated and a wrongly keyed delivery; neither reaches the inbox", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    expect((await deliver(chatEvent("x"), null)).status).toBe(401);
    expect((await deliver(chatEvent("x"), `${DEMO_APP.identificationKey}x`)).status).toBe(401);
    expect((await deliver(chatEvent("x"), `Bearer ${DEMO_APP.identificationKey}`)).status).toBe(401);
    expect(await inbox()).toHaveLength(0);
  });

  it("keeps a delivery it cannot read as it came, with why, and acknowledges it", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    // A type newer than the studio's contract, the old shape (spec 6.3.7), a NEW_MESSAGE without its payload.
    const newer = { type: "NEW_REACTION", new_reaction: { emoji: "👍" } };
    const old = { type: "CHAT_MESSAGE", payload: {}, timestamp: 1 };
    for (const body of [newer, old, { type: "NEW_MESSAGE" }]) {
      const res = await deliver(body);
      expect(res.status, JSON.stringify(body)).toBe(200);
    }
    const entries = (await inbox()) as Array<{ kind: string; body?: unknown; problems?: string[] }>;
    expect(entries.map((e) => e.kind)).toEqual(["unread_event", "unread_event", "unread_event"]);
    const kept = entries.find((e) => JSON.stringify(e.body) === JSON.stringify(newer));
    expect(kept?.problems?.join("\n")).toMatch(/^type: /);
    expect(entries.find((e) => JSON.stringify(e.body) === JSON.stringify(old))).toBeDefined();
    // Filed under the type it names, so the inbox's type filter finds it.
    const { text } = await browser.fetch(`${stack.proxyServer.url}/api/inbox?type=NEW_REACTION`);
    expect(JSON.parse(text).entries).toHaveLength(1);
  });

  it("keeps a delivery whose optional fields are null, as proto3 JSON may send them", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const event = chatEvent("Is the price final?");
    const body = { ...event, metadata: null, new_message: { ...event.new_message, text: null } };
    const res = await deliver(body);
    expect(res.status).toBe(200);
    const entries = await inbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "event", event: { type: "NEW_MESSAGE" } });
    // A null where a value is required cannot be read: it is kept as it came, and says where.
    const broken = await deliver({ ...event, new_message: { ...event.new_message, conversation: null } });
    expect(broken.status).toBe(200);
    const unread = (await inbox()).find((e) => e.kind === "unread_event") as
      | { problems?: string[] }
      | undefined;
    expect(unread?.problems?.join("\n")).toContain("new_message.conversation");
  });

  it("requires a signed-in session to read the inbox", async () => {
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/inbox/stream`);
    expect(res.status).toBe(401);
    expect(JSON.parse(text).error.code).toBe("not_signed_in");
  });

  it("streams a delivered event to the editor over server-sent events", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    expect((await deliver(chatEvent("Earlier hello"))).status).toBe(200);
    const cookie = [...browser.cookies].map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; ");
    const controller = new AbortController();
    const res = await fetch(`${stack.proxyServer.url}/api/inbox/stream`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no stream");
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        text += decoder.decode(value);
      }
    };
    // The replay of what arrived before, then `caught_up`, then what arrives while listening.
    await readUntil("event: caught_up");
    expect((await deliver(chatEvent("Live hello"))).status).toBe(200);
    await readUntil("Live hello");
    controller.abort();
    const at = (needle: string) => text.indexOf(needle);
    expect(at("event: ready")).toBeLessThan(at("Earlier hello"));
    expect(at("Earlier hello")).toBeLessThan(at("event: caught_up"));
    expect(at("event: caught_up")).toBeLessThan(at("Live hello"));
    const line = text.split("\n").find((l) => l.startsWith("data: ") && l.includes("Live hello")) ?? "";
    const entry = JSON.parse(line.slice(6));
    expect(entry).toMatchObject({ id: 2, kind: "event", event: { new_message: { text: "Live hello" } } });
  });
});

describe("start address (spec 4.11)", () => {
  const start = (headers: Record<string, string>, body: unknown) =>
    fetch(`${stack.proxyServer.url}/platform/start`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: DEMO_APP.identificationKey, ...headers },
      body: JSON.stringify(body),
    });

  it.each([
    ["API-Version", { extra_data: { plan: "gold" } }],
    ["API_VERSION", { extra_data: { plan: "gold" } }],
  ])("answers {url} into the editor with post_token when the version header is %s", async (header, data) => {
    const res = await start(
      { [header]: "2" },
      { post_token: DEMO_POST_TOKEN, user_side: "supply", source: "POST_ADDON", ...data },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${stack.proxyServer.url}/?post_token=${DEMO_POST_TOKEN}` });
  });

  it("accepts the old body version (provider_data, no version header)", async () => {
    const res = await start(
      {},
      { post_token: DEMO_POST_TOKEN, provider_data: { a: "b" }, user_side: "DEMAND" },
    );
    expect(res.status).toBe(200);
    await signIn(browser, stack, ["USER_PHONE"]);
    const entries = await inbox();
    expect(entries[0]).toMatchObject({
      kind: "start_request",
      start: { version: 1, data: { a: "b" }, userSide: "DEMAND" },
    });
  });

  it("refuses a start request without the identification key, or whose body is not a JSON object", async () => {
    const res = await fetch(`${stack.proxyServer.url}/platform/start`, {
      method: "POST",
      headers: { "content-type": "application/json", "API-Version": "2" },
      body: JSON.stringify({ post_token: DEMO_POST_TOKEN }),
    });
    expect(res.status).toBe(401);
    expect((await start({ "API-Version": "2" }, [DEMO_POST_TOKEN])).status).toBe(400);
  });

  it("answers the user's address for fields and a version it does not know, and keeps them with the entry", async () => {
    // A newer platform's field, values outside the documents' lists, an action's data holding numbers,
    // an API version after 2: the user waits on the platform for this answer, so each is read for
    // what it holds, not refused.
    const body = {
      post_token: DEMO_POST_TOKEN,
      locale: "fa",
      user_side: "BUYER",
      source: "POST_PAGE",
      extra_data: { count: 5, plan: "gold" },
    };
    const res = await start({ "API-Version": "3" }, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${stack.proxyServer.url}/?post_token=${DEMO_POST_TOKEN}` });
    await signIn(browser, stack, ["USER_PHONE"]);
    const entry = (await inbox()).find((e) => e.start?.problems !== undefined);
    expect(entry).toMatchObject({
      kind: "start_request",
      start: {
        version: 2,
        postToken: DEMO_POST_TOKEN,
        data: { count: "5", plan: "gold" },
        body,
        problems: [
          "API-Version: not a version the studio knows (1 or 2); read as 2",
          expect.stringMatching(/^user_side: /),
          expect.stringMatching(/^source: /),
          expect.stringMatching(/^extra_data\.count: /),
          "(root): a field the documents do not list: locale",
        ],
      },
    });
  });
});

describe("emulator deliveries through subscriptions", () => {
  const typeMessage = (text: string) =>
    browser.fetch(`${stack.emulatorServer.url}/conversations/${DEMO_CONVERSATION_ID}/messages`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ text }).toString(),
    });

  it("delivers typed messages to a subscription, and keeps delivering after a refresh re-creates it (6.3.3)", async () => {
    const readScope = `CHAT_POST_CONVERSATIONS_READ.${DEMO_POST_TOKEN}`;
    await signIn(browser, stack, [readScope], { offline: true });
    const sub = await browser.fetch(`${stack.proxyServer.url}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        event_type: "NEW_MESSAGE_ON_POST",
        event_resource_id: DEMO_POST_TOKEN,
        metadata: { k: "v" },
      }),
    });
    expect(sub.res.status).toBe(200);
    await typeMessage("first");
    expect((await inbox()).map((e) => e.event?.type)).toEqual(["NEW_MESSAGE"]);

    // The token dies: so does its subscription.
    stack.clock.advance(3601 * 1000);
    await typeMessage("lost");
    expect(await inbox()).toHaveLength(1);

    // Any request renews the token; the proxy then re-creates the subscription with it, in the
    // background (the request does not wait for it), and records the outcome on the next read.
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session.subscriptions).toHaveLength(1);
    await stack.proxy.deps.renewals.idle();
    const after = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(after.subscriptions[0].lastError).toBeNull();
    stack.clock.advance(3 * 60 * 1000);
    await typeMessage("after refresh");
    const entries = await inbox();
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries[1])).toContain("after refresh");
    expect(JSON.stringify(entries[1])).toContain('"metadata":{"k":"v"}');
  });

  it("asks for the event type's scope before subscribing", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event_type: "POST_UPDATE" }),
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(text).error).toMatchObject({ code: "missing_scope", scope: "USER_POSTS_GET" });
  });

  it("delivers a POST_UPDATE triggered on the post page", async () => {
    await signIn(browser, stack, ["USER_POSTS_GET"]);
    await browser.fetch(`${stack.proxyServer.url}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event_type: "POST_UPDATE" }),
    });
    await browser.fetch(`${stack.emulatorServer.url}/posts/${DEMO_POST_TOKEN}/update`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "type=RETIRE",
    });
    const entries = await inbox();
    expect(entries[0]).toMatchObject({
      event: { type: "POST_UPDATE", post_update: { type: "RETIRE", post: { token: DEMO_POST_TOKEN } } },
    });
  });

  it("pressing an open_server_link button on the conversation page sends the start request to the app", async () => {
    await signIn(browser, stack, [`CONVERSATION_SEND_MESSAGE.${DEMO_CONVERSATION_ID}`]);
    const message = {
      type: "TEXT",
      message: "Pick a plan",
      receiver_buttons: {
        rows: [
          {
            buttons: [
              {
                caption: "Gold",
                icon_name: "star",
                action: { open_server_link: { data: { plan: "gold" } } },
              },
            ],
          },
        ],
      },
    };
    const sent = await browser.fetch(
      `${stack.proxyServer.url}/api/conversations/${DEMO_CONVERSATION_ID}/messages`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(message),
      },
    );
    expect(sent.res.status).toBe(200);
    const page = (await browser.fetch(`${stack.emulatorServer.url}/conversations/${DEMO_CONVERSATION_ID}`))
      .text;
    expect(page).toContain("Pick a plan");
    const msgId = /name="message" value="([^"]+)"/.exec(page)?.[1] ?? "";
    // The button, drawn as the app draws it, inside the form that presses it.
    expect(page).toMatch(
      /<button type="submit" class="pv-chat-press"><span class="pv-chat-button">.*?<span>Gold<\/span><\/span><\/button>/s,
    );
    const press = await browser.fetch(
      `${stack.emulatorServer.url}/conversations/${DEMO_CONVERSATION_ID}/press`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ message: msgId, side: "receiver", row: "0", index: "0" }).toString(),
      },
    );
    expect(press.res.status).toBe(303);
    expect(press.res.headers.get("location")).toBe(
      `${stack.proxyServer.url}/?post_token=${DEMO_POST_TOKEN}&conversation_id=${DEMO_CONVERSATION_ID}`,
    );
    const entries = await inbox();
    expect(entries[0]).toMatchObject({
      kind: "start_request",
      start: { version: 2, source: "CHAT_MESSAGE_ACTION", userSide: "DEMAND", data: { plan: "gold" } },
    });
  });
});
