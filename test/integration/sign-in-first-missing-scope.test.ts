import { describe, expect, it } from "vitest";
import type { ProxyClient } from "../../src/editor/proxy/proxy-client";
import { authorizeUrlFor } from "../../src/editor/proxy/use-send-flow";
import { flowScopes, type PublishOp, recordOf, sendOp } from "../../src/editor/publish/publish-ops";
import { DEMO_POST_TOKEN, DEMO_USER } from "../../src/emulator/state";
import { USER_PHONE } from "../../src/platform/scopes";
import { type Browser, editorClient, POST_BODY, type Stack, signIn, stackPerTest } from "./server-harness";

/**
 * Signed in with USER_PHONE only, the publish panel signs in before sending an operation the session
 * lacks the scope for (src/editor/proxy/sign-in-first.ts, src/editor/publish/op-needs.ts): it must ask
 * for exactly what the proxy's own 403 missing_scope would have, and send at once what the proxy takes.
 */
let stack: Stack;
let browser: Browser;
let client: ProxyClient;

stackPerTest({}, async (s, b) => {
  stack = s;
  browser = b;
  client = editorClient(stack, browser);
  await signIn(browser, stack, [USER_PHONE]);
});

const PHONE = DEMO_USER.phones[0] ?? "";
const RETURN_TO = "/?resume=publish";
const SEMANTIC = { semantic: { status: "SUCCEEDED" } };
const CASES: Array<[PublishOp, unknown, "asks" | "sends"]> = [
  [{ op: "publish", postToken: DEMO_POST_TOKEN }, POST_BODY, "asks"],
  [{ op: "publish", phone: PHONE }, { widgets: POST_BODY.widgets }, "asks"],
  [{ op: "publish", divarUserId: "u-live-1" }, { widgets: POST_BODY.widgets }, "asks"],
  [{ op: "deletePost", postToken: DEMO_POST_TOKEN }, null, "asks"],
  [{ op: "semantic", divarUserId: "u-live-1", phone: PHONE }, { ...SEMANTIC, phone: PHONE }, "asks"],
  [{ op: "semantic", phone: PHONE }, SEMANTIC, "sends"],
  [{ op: "deleteSemantic", phone: PHONE }, null, "sends"],
  [{ op: "deleteUserAddon", addonId: "42" }, null, "sends"],
  [{ op: "phones" }, null, "sends"],
];

describe("signed in without an operation's scope, signing in first asks for what the proxy's 403 would", () => {
  it.each(CASES)("%j", async (op, body, expected) => {
    const session = await client.session();
    const known = session.ok ? session.value : null;
    expect(known?.scopes).toEqual([USER_PHONE]);
    const scopes = await flowScopes(client, known).signInFirst(recordOf(op));
    const answer = await sendOp(op, { client, body, returnTo: RETURN_TO, onPhones: () => {} });
    const error = !answer.ok && answer.kind === "error" ? answer.error : undefined;
    if (expected === "sends") {
      expect(scopes).toBeUndefined();
      expect(error?.code).not.toBe("missing_scope");
      return;
    }
    expect(error?.code).toBe("missing_scope");
    expect(authorizeUrlFor(scopes ?? [], RETURN_TO)).toBe(error?.authorizeUrl);
  });
});
