import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { Browser, listen, POST_BODY, type Running, type Stack, startStack } from "./server-harness";

const SCOPE = `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`;

/**
 * A platform that echoes what it was sent into its error answers, as some gateways do: the bearer
 * token and API key into API errors, the whole token request (client secret, code, tokens) into
 * token errors. Whatever the proxy passes on of these answers must have the secrets taken out.
 */
function createEchoUpstream() {
  let counter = 0;
  const issued: string[] = [];
  let apiStatus = 401;
  let tokenStatus: number | undefined;
  const app = new Hono();
  app.get("/oauth2/auth", (c) => {
    const q = new URL(c.req.url).searchParams;
    return c.redirect(
      `${q.get("redirect_uri")}?code=echo-code-${++counter}-abcdef&state=${encodeURIComponent(q.get("state") ?? "")}`,
    );
  });
  app.post("/oauth2/token", async (c) => {
    const form = await c.req.text();
    if (tokenStatus !== undefined) {
      return c.json(
        { error: "server_error", error_description: `could not handle ${form}` },
        tokenStatus as 500,
      );
    }
    const access = `echo-access-${++counter}-abcdef`;
    const refresh = `echo-refresh-${counter}-abcdef`;
    issued.push(access, refresh);
    return c.json({
      access_token: access,
      refresh_token: refresh,
      expires_in: 3600,
      scope: `${SCOPE} offline_access`,
      token_type: "bearer",
    });
  });
  app.all("/v*", (c) =>
    c.json(
      {
        code: 16,
        message: `token ${c.req.header("authorization")} with key ${c.req.header("x-api-key")} is not accepted`,
        details: [{ sent: c.req.header("authorization") }],
      },
      apiStatus as 401,
    ),
  );
  return {
    app,
    issued,
    failTokens(status: number | undefined) {
      tokenStatus = status;
    },
    failApi(status: number) {
      apiStatus = status;
    },
  };
}

describe("secrets never reach the browser or the logs, even through upstream error answers", () => {
  let stack: Stack;
  let echo: ReturnType<typeof createEchoUpstream>;
  let echoServer: Running;
  let browser: Browser;

  beforeEach(async () => {
    echo = createEchoUpstream();
    echoServer = await listen((req) => echo.app.fetch(req));
    stack = await startStack({ platformUrl: echoServer.url });
    browser = new Browser();
  });
  afterEach(async () => {
    await stack.close();
    await echoServer.close();
  });

  async function signInOffline(): Promise<void> {
    const q = new URLSearchParams({ scope: SCOPE, returnTo: "/", offline: "1" });
    const start = await browser.fetch(`${stack.proxyServer.url}/oauth/start?${q}`);
    const auth = await browser.fetch(start.res.headers.get("location") ?? "");
    const back = await browser.fetch(auth.res.headers.get("location") ?? "");
    expect(back.res.headers.get("location")).toBe("/?oauth=granted");
  }

  function everySecret(): string[] {
    return [DEMO_APP.clientSecret, DEMO_APP.apiKey, DEMO_APP.identificationKey, ...echo.issued];
  }

  function leaks(): string[] {
    const text = [...browser.seen, ...stack.logs].join("\n");
    return everySecret().filter((s) => text.includes(s));
  }

  it("redacts the bearer token and API key an upstream 401 echoes back", async () => {
    await signInOffline();
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(POST_BODY),
    });
    expect(res.status).toBe(401);
    const err = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(err.code).toBe("upstream_unauthorized");
    // The message is still useful: only the secret parts are replaced.
    expect(err.message).toContain("token Bearer [redacted] with key [redacted] is not accepted");
    expect(JSON.stringify(err.upstream)).toContain("[redacted]");
    expect(leaks()).toEqual([]);
  });

  it("keeps the session and redacts the refresh token when the token endpoint fails during a refresh", async () => {
    await signInOffline();
    stack.clock.advance(3600 * 1000);
    echo.failTokens(503);
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(POST_BODY),
    });
    // The refresh failed, so the publish was never sent (docs/api.md, refresh_failed).
    expect(res.status).toBe(503);
    const err = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(err.code).toBe("refresh_failed");
    expect(err.upstreamStatus).toBe(503);
    expect(leaks()).toEqual([]);
    // The platform could not be asked; that is no reason to sign the user out.
    const session = JSON.parse((await browser.fetch(`${stack.proxyServer.url}/api/session`)).text);
    expect(session).toMatchObject({ signedIn: true, expired: false });
    echo.failTokens(undefined);
    echo.failApi(200);
    const retried = await browser.fetch(`${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(POST_BODY),
    });
    expect(retried.res.status).toBe(200);
    expect(leaks()).toEqual([]);
  });

  it("logs neither the code nor the state of a callback, nor a token endpoint's echo", async () => {
    echo.failTokens(500);
    const q = new URLSearchParams({ scope: SCOPE, returnTo: "/" });
    const start = await browser.fetch(`${stack.proxyServer.url}/oauth/start?${q}`);
    const auth = await browser.fetch(start.res.headers.get("location") ?? "");
    const callback = auth.res.headers.get("location") ?? "";
    const back = await browser.fetch(callback);
    expect(back.res.headers.get("location")).toBe("/?oauth=failed&oauth_error=upstream_server_error");
    const params = new URL(callback).searchParams;
    const logText = stack.logs.join("\n");
    expect(logText).not.toContain(params.get("code") ?? "missing");
    expect(logText).not.toContain(params.get("state") ?? "missing");
    expect(leaks()).toEqual([]);
  });
});

describe("log lines", () => {
  let stack: Stack;
  beforeEach(async () => {
    stack = await startStack();
  });
  afterEach(async () => {
    await stack.close();
  });

  it("keep only the last two digits of a phone number in a path", async () => {
    const browser = new Browser();
    await browser.fetch(`${stack.proxyServer.url}/api/users/phone/09121234567/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      // Invalid (widgets is not an array), so the answer is the body check's 400.
      body: '{"widgets": "none"}',
    });
    const line = JSON.parse(stack.logs.find((l) => l.includes("/phone/")) ?? "{}");
    expect(line).toMatchObject({
      event: "request",
      method: "POST",
      path: "/api/users/phone/***67/addon",
      status: 400,
    });
    expect(stack.logs.join("\n")).not.toContain("09121234567");
  });
});
