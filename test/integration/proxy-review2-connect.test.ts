import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { CONVERSATION, SCOPE, scriptedStackPerTest } from "./scripted-platform";
import { autoSignIn, Browser, leakedSecrets } from "./server-harness";

/**
 * A TCP server standing where the platform's https address points: "plain" answers HTTP (an https
 * URL to a plain-HTTP port), "reset" resets each connection as it comes (a firewall cutting TLS),
 * "silent" takes the connection and never answers the handshake (a middlebox that stalls it). None
 * ever completes a TLS handshake, so no request can have reached it.
 */
async function notTls(mode: "plain" | "reset" | "silent"): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    if (mode === "reset") return void socket.resetAndDestroy();
    socket.on("error", () => undefined);
    if (mode === "silent") return;
    socket.on("data", () => {
      socket.end("HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n");
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

/**
 * Review 2, defect 1: a TLS handshake that fails is a failure to connect. undici writes a request only
 * on a handshaken socket, so nothing was sent; the proxy read such failures as "the connection broke
 * after the request was sent" (upstream_outcome_unknown), telling the user to check the target for a
 * message that never left, and a sign-in that could not reach the token endpoint the same.
 */
describe("a platform address whose TLS handshake fails is 'could not be reached', never 'maybe delivered'", () => {
  const stackWith = scriptedStackPerTest();
  let target: Awaited<ReturnType<typeof notTls>> | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  it.each([
    ["answers plain HTTP (an https URL to an http port)", "plain" as const, "TLS handshake failed"],
    ["resets the connection during the handshake", "reset" as const, "ECONNRESET"],
  ])(
    "a chat send to an API host that %s says it was not sent and may be sent again",
    async (_, mode, says) => {
      target = await notTls(mode);
      const { stack, platform } = await stackWith({ PLATFORM_API_URL: target.url });
      const browser = new Browser();
      expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
      const { res, text } = await browser.fetch(
        `${stack.proxyServer.url}/api/conversations/${CONVERSATION}/messages`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ type: "TEXT", message: "salam" }),
        },
      );
      expect(res.status).toBe(502);
      const err = errorOf(text);
      expect(err.code).toBe("upstream_unreachable");
      expect(err.message).toContain("could not be reached");
      expect(err.message).toContain(says);
      expect(err.message).not.toMatch(/may or may not have been delivered|openssl/);
      // Nothing reached the API host as HTTP, and the scripted platform (the auth host) saw no send.
      expect(platform.count("/messages")).toBe(0);
      expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
    },
  );

  it("a sign-in whose token endpoint fails the handshake comes back as unreachable, not as a broken exchange", async () => {
    target = await notTls("plain");
    const { stack } = await stackWith({ PLATFORM_AUTH_URL: target.url });
    const browser = new Browser();
    // The consent page is the auth host too; the fake approves at once, straight to the callback.
    const start = await browser.fetch(`${stack.proxyServer.url}/oauth/start?scope=USER_PHONE&returnTo=%2F`);
    const authorize = new URL(start.res.headers.get("location") ?? "");
    const state = authorize.searchParams.get("state") ?? "";
    const back = await browser.fetch(
      `${stack.proxyServer.url}/oauth/callback?code=code-1-abcdef&state=${encodeURIComponent(state)}`,
    );
    expect(back.res.headers.get("location")).toBe("/?oauth=failed&oauth_error=upstream_unreachable");
    expect(stack.logs.join("\n")).toContain('"event":"token_exchange_failed","code":"upstream_unreachable"');
    expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
  });

  it("a send whose connection cannot be set up before the deadline answers at the deadline that it was not sent", async () => {
    target = await notTls("silent");
    const { stack } = await stackWith({ PLATFORM_API_URL: target.url, UPSTREAM_TIMEOUT_MS: "1500" });
    const browser = new Browser();
    expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
    const started = performance.now();
    const { res, text } = await browser.fetch(
      `${stack.proxyServer.url}/api/conversations/${CONVERSATION}/messages`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "TEXT", message: "salam" }),
      },
    );
    // At the deadline, not at the transport's own 10 s connect timeout.
    expect(performance.now() - started).toBeLessThan(4000);
    expect(res.status).toBe(502);
    const err = errorOf(text);
    expect(err.code).toBe("upstream_unreachable");
    expect(err.message).toContain("not sent");
    expect(err.message).not.toMatch(/may still have applied|may or may not have been delivered/);
    expect(leakedSecrets(stack, browser.seen, stack.logs)).toEqual([]);
  }, 20_000);
});
