import { expect } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import {
  Browser,
  leakedSecrets,
  listen,
  POST_BODY,
  type Running,
  type Stack,
  startStack,
} from "./server-harness";
import { createStrictUpstream } from "./server-strict-upstream";

/** The proxy in front of the strict fake platform, and a browser with no session yet. */
export interface StrictStack {
  fake: ReturnType<typeof createStrictUpstream>;
  fakeServer: Running;
  stack: Stack;
  browser: Browser;
}

/** Starts the strict fake (with `fakeOpts`) and a proxy against it with the given request deadline. */
export async function startStrictStack(
  fakeOpts: Parameters<typeof createStrictUpstream>[0],
  upstreamTimeoutMs: number,
): Promise<StrictStack> {
  const fake = createStrictUpstream(fakeOpts);
  const fakeServer = await listen((req, env) => fake.app.fetch(req, env));
  const stack = await startStack({ platformUrl: fakeServer.url, upstreamTimeoutMs });
  return { fake, fakeServer, stack, browser: new Browser() };
}

/**
 * Ends a test against the strict fake: the proxy broke no rule of the protocol, and none of the fake's
 * tokens (named fake-access-N, fake-refresh-N) nor any secret reached the browser or a log line; then
 * stops both servers.
 */
export async function closeStrictStack(s: StrictStack): Promise<void> {
  expect(s.fake.violations).toEqual([]);
  expect([...s.browser.seen, ...s.stack.logs].join("\n")).not.toMatch(/fake-(access|refresh)-/);
  expect(leakedSecrets(s.stack, s.browser.seen, s.stack.logs)).toEqual([]);
  await s.stack.close();
  await s.fakeServer.close();
}

/** Publishes the test post add-on through the proxy, as the editor does. */
export function publishPost(stack: Stack, browser: Browser) {
  return browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(POST_BODY),
  });
}
