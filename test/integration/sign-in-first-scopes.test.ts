import { describe, expect, it } from "vitest";
import type { ProxyClient } from "../../src/editor/proxy/proxy-client";
import { signedOutScopes } from "../../src/editor/proxy/sign-in-first";
import { authorizeUrlFor } from "../../src/editor/proxy/use-send-flow";
import { type PublishOp, recordOf, sendOp, signInScopesFor } from "../../src/editor/publish/publish-ops";
import { DEMO_POST_TOKEN, DEMO_USER } from "../../src/emulator/state";
import { type SubscriptionEventType, subscriptionConsentScopes } from "../../src/platform/events";
import { conversationScope } from "../../src/platform/scopes";
import { type Browser, consent, editorClient, POST_BODY, type Stack, stackPerTest } from "./server-harness";

/**
 * A signed-out editor signs in before sending (src/editor/proxy/sign-in-first.ts): for each operation
 * it must ask for exactly what the proxy's own 401 not_signed_in would have asked for, so the action
 * it resumes after consent is accepted at once (not refused for another scope, a second consent page).
 */
let stack: Stack;
let browser: Browser;
let client: ProxyClient;

stackPerTest({}, (s, b) => {
  stack = s;
  browser = b;
  client = editorClient(stack, browser);
});

const PHONE = DEMO_USER.phones[0] ?? "";
const RETURN_TO = "/?resume=publish";
const SEMANTIC = { semantic: { status: "SUCCEEDED" } };
const CASES: Array<[PublishOp, unknown]> = [
  [{ op: "publish", postToken: DEMO_POST_TOKEN }, POST_BODY],
  [{ op: "publish", phone: PHONE }, { widgets: POST_BODY.widgets }],
  [{ op: "publish", divarUserId: "u-live-1" }, { widgets: POST_BODY.widgets }],
  [{ op: "deletePost", postToken: DEMO_POST_TOKEN }, null],
  [{ op: "deleteUserAddon", addonId: "42" }, null],
  [{ op: "semantic", phone: PHONE }, SEMANTIC],
  [
    { op: "semantic", divarUserId: "u-live-1", phone: PHONE },
    { ...SEMANTIC, phone: PHONE },
  ],
  [{ op: "deleteSemantic", phone: PHONE }, null],
  [{ op: "deleteSemantic", divarUserId: "u-live-1", phone: PHONE }, null],
  [{ op: "phones" }, null],
];

describe("signing in before sending asks for what the proxy's 401 would have", () => {
  it.each(CASES)("%j", async (op, body) => {
    const held = await signedOutScopes(client, { signedIn: false, scopes: [] });
    expect(held).toEqual([]);
    const scopes = signInScopesFor(recordOf(op), held);
    const refused = await sendOp(op, { client, body, returnTo: RETURN_TO, onPhones: () => {} });
    expect(refused).toMatchObject({ ok: false, status: 401, error: { code: "not_signed_in" } });
    const proxyUrl = !refused.ok && refused.kind === "error" ? refused.error.authorizeUrl : undefined;
    expect(authorizeUrlFor(scopes ?? [], RETURN_TO)).toBe(proxyUrl);
  });

  it("for a chat message, and then the resumed send is accepted with the granted scope", async () => {
    const conv = "3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c";
    const returnTo = "/chat?resume=send";
    const message = { type: "TEXT", message: "Hello" };
    const refused = await client.sendMessage(conv, message, returnTo);
    const proxyUrl = !refused.ok && refused.kind === "error" ? refused.error.authorizeUrl : undefined;
    const ours = authorizeUrlFor([conversationScope(conv)], returnTo);
    expect(ours).toBe(proxyUrl);
    expect(await consent(browser, `${stack.proxyServer.url}${ours}`, "allow")).toBe(
      `${returnTo}&oauth=granted`,
    );
    // Signed in now: nothing to sign in for first, and the send goes through.
    const session = await client.session();
    expect(await signedOutScopes(client, session.ok ? session.value : null)).toBeUndefined();
    expect(await client.sendMessage(conv, message, returnTo)).toMatchObject({ ok: true });
  });

  it.each<[SubscriptionEventType, string | undefined]>([
    ["NEW_MESSAGE_ON_POST", DEMO_POST_TOKEN],
    ["NEW_MESSAGE_ON_POST", undefined],
    ["POST_UPDATE", undefined],
    ["USER_ACCESS_REVOCATION", undefined],
    ["NEW_CHATBOT_MESSAGE", undefined],
  ])("for an event subscription, %s %s", async (eventType, resourceId) => {
    const returnTo = "/?resume=subscribe";
    const req = { event_type: eventType, ...(resourceId ? { event_resource_id: resourceId } : {}) };
    const refused = await client.subscribe(req, returnTo);
    expect(refused).toMatchObject({ ok: false, status: 401, error: { code: "not_signed_in" } });
    const proxyUrl = !refused.ok && refused.kind === "error" ? refused.error.authorizeUrl : undefined;
    expect(authorizeUrlFor(subscriptionConsentScopes(eventType, resourceId) ?? [], returnTo)).toBe(proxyUrl);
  });
});
