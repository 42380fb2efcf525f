import { describe, expect, it } from "vitest";
import type { ProxyClient } from "../../src/editor/proxy/proxy-client";
import { DEMO_CONVERSATION_ID, DEMO_POST_TOKEN, DEMO_USER } from "../../src/emulator/state";
import {
  type Browser,
  consent,
  editorClient,
  POST_BODY,
  type Stack,
  signIn,
  stackPerTest,
} from "./server-harness";

/**
 * The editor's own proxy client (the one the publish panel, the chat composer and the inbox use)
 * against the real proxy and emulator over HTTP: every request it makes must be one the proxy
 * accepts (JSON with its content type, the documented routes), and what it publishes must show up
 * where a user would look for it on the emulator.
 */
let stack: Stack;
let browser: Browser;
let client: ProxyClient;

stackPerTest({ attachDelayMs: 1000 }, async (s, b) => {
  stack = s;
  browser = b;
  client = editorClient(stack, browser);
});

async function page(path: string): Promise<string> {
  return (await browser.fetch(`${stack.emulatorServer.url}${path}`)).text;
}

function authorizeUrlOf(r: Awaited<ReturnType<ProxyClient["publishPost"]>>): string {
  if (r.ok || r.kind !== "error" || !r.error.authorizeUrl)
    throw new Error(`no authorizeUrl: ${JSON.stringify(r)}`);
  return `${stack.proxyServer.url}${r.error.authorizeUrl}`;
}

describe("the editor's proxy client against the proxy and the emulator", () => {
  it("publishes a post add-on after consent, shows it on the post page, then removes it", async () => {
    const first = await client.publishPost(DEMO_POST_TOKEN, POST_BODY, "/?resume=publish");
    expect(first).toMatchObject({ ok: false, error: { code: "not_signed_in" } });
    const landed = await consent(browser, authorizeUrlOf(first), "allow");
    expect(landed).toContain("oauth=granted");

    const published = await client.publishPost(DEMO_POST_TOKEN, POST_BODY, "/?resume=publish");
    expect(published).toMatchObject({ ok: true, value: { attachedLater: true } });
    stack.clock.advance(1500);
    expect(await page(`/posts/${DEMO_POST_TOKEN}`)).toContain("Add-on of addon-studio-demo");

    const removed = await client.deletePostAddons(DEMO_POST_TOKEN, "/?resume=publish");
    expect(removed.ok).toBe(true);
    const after = await page(`/posts/${DEMO_POST_TOKEN}`);
    expect(after).toContain("No add-ons on this post yet.");
    expect(after).not.toContain("Add-on of addon-studio-demo");
  });

  it("publishes a user add-on to a phone from the user's own numbers and by divar_user_id, and removes one by its id", async () => {
    await signIn(browser, stack, ["USER_PHONE", "USER_ADDON_CREATE"]);
    const phones = await client.phones("/");
    expect(phones).toEqual({ ok: true, value: { phone_numbers: DEMO_USER.phones, user_id: DEMO_USER.id } });
    const phone = phones.ok ? (phones.value.phone_numbers[0] ?? "") : "";

    const body = { widgets: POST_BODY.widgets };
    const byPhone = await client.publishUser({ phone }, body, "/");
    const byId = await client.publishUser({ divarUserId: DEMO_USER.id }, body, "/");
    expect(byPhone.ok && byId.ok).toBe(true);
    const result = byPhone.ok ? byPhone.value.result : undefined;
    const id = typeof result === "object" && result !== null && "id" in result ? result.id : undefined;
    expect(typeof id).toBe("string");
    expect(stack.emulator.state.userAddons).toHaveLength(2);

    const removed = await client.deleteUserAddon(String(id), "/");
    expect(removed.ok).toBe(true);
    expect(stack.emulator.state.userAddons).toHaveLength(1);
  });

  it("saves and deletes a user semantic; an invalid one is refused at its path and never sent", async () => {
    await signIn(browser, stack, ["USER_PHONE"]);
    const target = { phone: DEMO_USER.phones[0] ?? "" };
    const saved = await client.publishSemantic(target, { semantic: { brand: "peugeot" } }, "/");
    expect(saved.ok).toBe(true);

    const sentBefore = stack.upstream.length;
    const bad = await client.publishSemantic(target, { semantic: { year: 1402 } }, "/");
    expect(bad).toMatchObject({ ok: false, kind: "error", status: 400, error: { code: "invalid_body" } });
    expect(bad.ok ? [] : bad.kind === "error" ? (bad.error.problems ?? []).map((p) => p.at) : []).toContain(
      "semantic.year",
    );
    // A misspelt key comes back with the key it means, which the editor offers as a rename.
    const typo = await client.publishSemantic(target, { semantc: { brand: "peugeot" } }, "/");
    expect(typo).toMatchObject({ ok: false, kind: "error", error: { code: "invalid_body" } });
    expect(typo.ok || typo.kind !== "error" ? [] : typo.error.problems).toContainEqual(
      expect.objectContaining({ at: "semantc", code: "unknown_field", rename: "semantic" }),
    );
    expect(stack.upstream.length).toBe(sentBefore);

    const deleted = await client.deleteSemantic(target, "/");
    expect(deleted.ok).toBe(true);
  });

  it("sends a chat message whose button, pressed on the conversation page, reaches the inbox as a start request", async () => {
    await signIn(browser, stack, [`CONVERSATION_SEND_MESSAGE.${DEMO_CONVERSATION_ID}`]);
    const message = {
      message: "گزارش آماده است",
      receiver_buttons: {
        rows: [
          { buttons: [{ caption: "دیدن گزارش", action: { open_server_link: { data: { report: "r-1" } } } }] },
        ],
      },
    };
    const sent = await client.sendMessage(DEMO_CONVERSATION_ID, message, "/");
    expect(sent.ok).toBe(true);
    const conversation = await page(`/conversations/${DEMO_CONVERSATION_ID}`);
    expect(conversation).toContain("دیدن گزارش");

    const msgId = /name="message" value="([^"]+)"/.exec(conversation)?.[1] ?? "";
    const press = await browser.fetch(
      `${stack.emulatorServer.url}/conversations/${DEMO_CONVERSATION_ID}/press`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ message: msgId, side: "receiver", row: "0", index: "0" }).toString(),
      },
    );
    expect(press.res.status).toBe(303);
    expect(press.res.headers.get("location")).toContain(`post_token=${DEMO_POST_TOKEN}`);
    const inbox = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/inbox`)).text);
    expect(inbox.entries).toHaveLength(1);
    expect(inbox.entries[0]).toMatchObject({
      kind: "start_request",
      start: { conversationId: DEMO_CONVERSATION_ID, data: { report: "r-1" } },
    });
  });

  it("subscribes, keeps the subscription through a token refresh, and stops holding it on request", async () => {
    await signIn(browser, stack, ["USER_POSTS_GET"], { offline: true });
    const sub = await client.subscribe({ event_type: "POST_UPDATE", metadata: { from: "studio" } }, "/");
    expect(sub).toMatchObject({ ok: true, value: { subscriptions: [{ event_type: "POST_UPDATE" }] } });
    const createdAt = sub.ok ? sub.value.subscriptions[0]?.renewedAt : undefined;

    stack.clock.advance(2 * 3600 * 1000);
    const session = await client.session();
    expect(session.ok && session.value.expired).toBe(false);
    const renewed = session.ok ? session.value.subscriptions?.[0] : undefined;
    expect(renewed?.lastError).toBeNull();
    expect(renewed?.renewedAt).not.toBe(createdAt);

    const stopped = await client.unsubscribe("POST_UPDATE", null);
    expect(stopped).toEqual({ ok: true, value: { subscriptions: [] } });
    expect(await client.subscriptions()).toEqual({ ok: true, value: { subscriptions: [] } });
  });

  it("names an event subscription's permissions in plain words on the consent page", async () => {
    const asked = await client.subscribe(
      { event_type: "NEW_MESSAGE_ON_POST", event_resource_id: DEMO_POST_TOKEN },
      "/",
    );
    if (asked.ok || asked.kind !== "error" || !asked.error.authorizeUrl)
      throw new Error("expected a sign-in");
    const consentPage = await browser.follow(`${stack.proxyServer.url}${asked.error.authorizeUrl}`);
    expect(consentPage.text).toContain(`Read new messages in the chats of your post ${DEMO_POST_TOKEN}`);
    expect(consentPage.text).not.toContain("Use the permission");
  });
});
