import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import {
  autoSignIn,
  Browser,
  POST_BODY,
  type Running,
  type Stack,
  signIn,
  startStack,
} from "./server-harness";
import type { createStrictUpstream } from "./server-strict-upstream";
import { closeStrictStack, publishPost, startStrictStack } from "./strict-stack";

const SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;

describe("upstream failures against a strict fake platform", () => {
  let stack: Stack;
  let fake: ReturnType<typeof createStrictUpstream>;
  let fakeServer: Running;
  let browser: Browser;

  beforeEach(async () => {
    ({ fake, fakeServer, stack, browser } = await startStrictStack({}, 300));
  });
  afterEach(() => closeStrictStack({ fake, fakeServer, stack, browser }));

  const publish = () => publishPost(stack, browser);

  it.each([
    [401, "upstream_unauthorized", 401],
    [403, "upstream_forbidden", 403],
    [404, "upstream_not_found", 404],
    [400, "upstream_bad_request", 400],
    [500, "upstream_server_error", 502],
    [503, "upstream_server_error", 502],
  ])("maps a platform %i to %s (%i), without retrying", async (status, code, proxyStatus) => {
    await autoSignIn(browser, stack, { scope: SCOPE });
    fake.answerNext({ status, body: JSON.stringify({ code: 13, message: "upstream says no", details: [] }) });
    const { res, text } = await publish();
    expect(res.status).toBe(proxyStatus);
    const err = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(err.code).toBe(code);
    expect(err.upstreamStatus).toBe(status);
    expect(err.message).toContain("upstream says no");
    expect(fake.calls.filter((c) => c.startsWith("POST /v2/"))).toHaveLength(1);
  });

  it("keeps the platform's {code, message, details} for a 412 (chat blocked)", async () => {
    await autoSignIn(browser, stack, { scope: SCOPE });
    fake.answerNext({
      status: 412,
      body: JSON.stringify({ code: 9, message: "blocked by recipient", details: [] }),
    });
    const { res, text } = await publish();
    expect(res.status).toBe(412);
    const err = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(err).toMatchObject({
      code: "upstream_precondition_failed",
      upstream: { code: 9, message: "blocked by recipient" },
    });
  });

  it("passes Retry-After of a 429 on as retryAfter and the header", async () => {
    await autoSignIn(browser, stack, { scope: SCOPE });
    fake.answerNext({ status: 429, headers: { "retry-after": "30" }, body: "" });
    const { res, text } = await publish();
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("30");
    const err = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(err).toMatchObject({ code: "upstream_rate_limited", retryAfter: 30 });
    expect(err.message).toContain("Wait 30 seconds");
  });

  it("gives up on a slow platform with upstream_timeout (504) and does not retry", async () => {
    await autoSignIn(browser, stack, { scope: SCOPE });
    fake.answerNext({ status: 200, body: "{}", delayMs: 800 });
    const { res, text } = await publish();
    expect(res.status).toBe(504);
    expect(studioErrorSchema.parse(JSON.parse(text)).error.code).toBe("upstream_timeout");
    expect(fake.calls.filter((c) => c.startsWith("POST /v2/"))).toHaveLength(1);
  });

  it("reports a 200 of the wrong shape as delivered, with a note, never as an error to retry", async () => {
    await autoSignIn(browser, stack, { scope: SCOPE });
    fake.answerNext({ status: 200, body: "<html>proxy error</html>" });
    const { res, text } = await publish();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ ok: true, answerNote: expect.stringContaining("not JSON") });
  });

  it("reports an unreachable platform", async () => {
    await autoSignIn(browser, stack, { scope: SCOPE });
    await fakeServer.close();
    const { res, text } = await publish();
    expect(res.status).toBe(502);
    expect(studioErrorSchema.parse(JSON.parse(text)).error.code).toBe("upstream_unreachable");
  });

  it("sends the editor back with token_exchange_failed when the token endpoint refuses the code", async () => {
    fake.answerTokenNext({
      status: 400,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ error: "invalid_grant", error_description: "code expired" }),
    });
    const landed = await autoSignIn(browser, stack, { scope: SCOPE, returnTo: "/?resume=publish" });
    expect(landed).toBe("/?resume=publish&oauth=failed&oauth_error=token_exchange_failed");
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session.signedIn).toBe(false);
    // The log tells an operator which refusal it was (a used code, not a wrong secret), never its text.
    const failed = stack.logs.map((l) => JSON.parse(l)).find((l) => l.event === "token_exchange_failed");
    expect(failed).toMatchObject({
      code: "token_exchange_failed",
      status: 400,
      grant_error: "invalid_grant",
    });
    expect(stack.logs.join("\n")).not.toContain("code expired");
  });
});

describe("emulator fault injection", () => {
  let stack: Stack;
  let browser: Browser;
  beforeEach(async () => {
    stack = await startStack({ upstreamTimeoutMs: 300 });
    browser = new Browser();
  });
  afterEach(async () => {
    await stack.close();
  });

  const inject = (fault: Record<string, unknown>) =>
    fetch(`${stack.emulatorServer.url}/_emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fault),
    });
  const publish = () =>
    browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(POST_BODY),
    });

  it("answers injected 401, 429, 500 and slow faults once each, then normally", async () => {
    await signIn(browser, stack, [SCOPE]);
    expect((await inject({ status: 401, pathPrefix: "/v2/" })).status).toBe(200);
    expect((await publish()).res.status).toBe(401);
    await inject({ status: 429, retryAfter: 5 });
    const limited = await publish();
    expect(limited.res.status).toBe(429);
    expect(JSON.parse(limited.text).error.retryAfter).toBe(5);
    await inject({ status: 500 });
    expect((await publish()).res.status).toBe(502);
    await inject({ delayMs: 600 });
    expect((await publish()).res.status).toBe(504);
    expect((await publish()).res.status).toBe(200);
  });

  it("answers an injected fault in the platform's shapes: gRPC codes on the API, RFC 6749 on the token endpoint", async () => {
    const direct = async (path: string) => {
      const res = await fetch(`${stack.emulatorServer.url}${path}`, { method: "POST" });
      return { status: res.status, body: await res.json() };
    };
    // 412 with code 9, as the live platform answers a chat message the recipient blocked (platform facts).
    await inject({ status: 412, pathPrefix: "/v2/open-platform/conversations/" });
    expect(await direct("/v2/open-platform/conversations/c-1/messages")).toMatchObject({
      status: 412,
      body: { code: 9, details: expect.any(Array) },
    });
    await inject({ status: 403, pathPrefix: "/v2/" });
    expect((await direct("/v2/open-platform/addons/post/x")).body.code).toBe(7);
    await inject({ status: 503, pathPrefix: "/oauth2/token" });
    expect(await direct("/oauth2/token")).toEqual({
      status: 503,
      body: { error: "temporarily_unavailable", error_description: "fault injected by the emulator" },
    });
  });
});
