import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/app";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { postAddonScope } from "../../src/platform/scopes";
import { listen } from "../helpers/servers";
import { Browser, POST_BODY, type Running, type Stack, signIn, startStack } from "./server-harness";

/**
 * The emulator's `drop` fault (src/emulator/faults.ts): the platform goes away mid-request, so a user
 * can meet that failure from the studio. Served with Node's bindings, as `addon-studio studio` serves
 * it, so the connection itself is cut; the proxy says the outcome is unknown and sends nothing again.
 */
let stack: Stack;
let platform: Running;
let browser: Browser;

beforeEach(async () => {
  let emulator: Emulator | undefined;
  platform = await listen((req, env) =>
    emulator ? emulator.app.fetch(req, env) : new Response("starting", { status: 503 }),
  );
  stack = await startStack({ platformUrl: platform.url });
  emulator = stack.emulator;
  browser = new Browser();
  await signIn(browser, stack, [postAddonScope(DEMO_POST_TOKEN)]);
});
afterEach(async () => {
  await stack.close();
  await platform.close();
});

function publish() {
  return browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(POST_BODY),
  });
}

describe("a drop fault: the platform goes away mid-request", () => {
  it("cuts the connection without applying it; the proxy says the outcome is unknown and sends it once", async () => {
    const fault = await fetch(`${platform.url}/_emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ drop: true, pathPrefix: "/v2/open-platform/addons/post" }),
    });
    expect(fault.status).toBe(200);
    const cut = await publish();
    expect(cut.res.status).toBe(502);
    expect(JSON.parse(cut.text)).toMatchObject({ error: { code: "upstream_outcome_unknown" } });
    expect(stack.emulator.state.postAddons).toHaveLength(0);
    expect(stack.upstream.filter((u) => u.startsWith("POST /v2/"))).toHaveLength(1);

    // The fault was for one request: the user's next publish goes through.
    const again = await publish();
    expect(again.res.status).toBe(200);
    expect(stack.emulator.state.postAddons).toHaveLength(1);
    expect(stack.upstream.filter((u) => u.startsWith("POST /v2/"))).toHaveLength(2);
  });
});
