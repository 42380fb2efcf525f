import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FetchLike } from "../../src/platform/fetch-like";
import { createHttpFetch, type HttpFetch, USER_AGENT } from "../../src/server/http-transport";
import { createPlatformClient } from "../../src/server/platform-client";
import { NotSentError, OutcomeUnknownError } from "../../src/server/transport-errors";

/** The platform client over a transport, as the proxy makes it (API key "k", a clock at 0). */
const clientOf = (baseUrl: string, fetch: FetchLike, timeoutMs: number) =>
  createPlatformClient({ baseUrl, apiKey: "k", fetch, timeoutMs, now: () => 0 });

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A raw node:http server on 127.0.0.1 that counts the connections it accepted. */
async function rawServer(
  handler: Handler,
): Promise<{ url: string; connections: () => number; server: Server }> {
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handler(req, Buffer.concat(chunks).toString("utf8"), res));
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, connections: () => connections, server };
}

describe("the proxy's keep-alive transport (undici's Agent and request behind FetchLike)", () => {
  let transport: HttpFetch;
  const servers: Server[] = [];

  beforeEach(() => {
    transport = createHttpFetch();
  });
  afterEach(async () => {
    await transport.close();
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  });

  async function serve(handler: Handler) {
    const s = await rawServer(handler);
    servers.push(s.server);
    return s;
  }

  it("sends method, headers and body, returns status, headers and body, and reuses its connections", async () => {
    const seen: string[] = [];
    const s = await serve((req, body, res) => {
      seen.push(
        `${req.method} ${req.url} ${req.headers["x-api-key"]} ${req.headers["content-type"]} ${req.headers["user-agent"]} ${body}`,
      );
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.setHeader("content-type", "application/json");
      res.writeHead(201, "Made");
      res.end('{"id":"x1"}');
    });
    for (let i = 0; i < 6; i++) {
      const res = await transport(`${s.url}/v2/thing?i=${i}`, {
        method: "POST",
        headers: { "x-api-key": "k", "content-type": "application/json" },
        body: '{"n":1}',
      });
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
      expect(await res.json()).toEqual({ id: "x1" });
    }
    // It names itself (undici's request sends no User-Agent; some gateways refuse a request without one).
    expect(seen).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `POST /v2/thing?i=${i} k application/json ${USER_AGENT} {"n":1}`),
    );
    expect(USER_AGENT).toMatch(/^addon-studio\/\d+\.\d+\.\d+ /);
    // Kept alive: undici may open a second connection while the first finishes its answer, no more.
    expect(s.connections()).toBeLessThanOrEqual(2);
  });

  it("rejects with the signal's TimeoutError, and the platform client reports upstream_timeout", async () => {
    const s = await serve((_req, _body, res) => {
      setTimeout(() => res.end("{}"), 1000);
    });
    await expect(transport(`${s.url}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({
      name: "TimeoutError",
    });
    const client = clientOf(s.url, transport, 50);
    const out = await client.postAddon("at", "tok", { widgets: [] });
    expect(out.ok ? "ok" : out.error.error.code).toBe("upstream_timeout");
  });

  it("rejects a refused connection as fetch does, and the platform client reports upstream_unreachable", async () => {
    const s = await serve((_req, _body, res) => res.end());
    const url = s.url;
    const server = servers.pop();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    const err: unknown = await transport(`${url}/x`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe("fetch failed");
    expect((err as TypeError).cause).toBeInstanceOf(Error);
    const client = clientOf(url, transport, 500);
    const out = await client.deleteUserAddon("id");
    expect(out.ok ? "ok" : out.error.error.code).toBe("upstream_unreachable");
  });

  it("names a status outside 200-599 as an unexpected answer, not a broken connection, and sends once", async () => {
    let requests = 0;
    const s = await serve((_req, _body, res) => {
      requests += 1;
      res.writeHead(999, { "content-length": "0" });
      res.end();
    });
    const client = clientOf(s.url, transport, 2000);
    const out = await client.deleteUserAddon("id");
    expect(out.ok ? "ok" : out.error.error).toMatchObject({
      code: "upstream_unexpected_status",
      message: expect.stringContaining("a status the studio does not expect here (HTTP 999)"),
    });
    expect(requests).toBe(1);
  });

  it("maps a platform error answer exactly as with fetch (429 with Retry-After, platform message kept)", async () => {
    const s = await serve((_req, _body, res) => {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "7" });
      res.end('{"code":"RATE_LIMITED","message":"slow down","details":[]}');
    });
    const results = [];
    for (const f of [transport, fetch]) {
      const client = clientOf(s.url, f, 500);
      results.push(await client.postAddon("at", "tok", { widgets: [] }));
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]?.ok ? "ok" : results[0]?.error.error.code).toBe("upstream_rate_limited");
  });

  it("gives a 204 an empty body, and still answers after the server drops its idle connections", async () => {
    const s = await serve((_req, _body, res) => {
      res.writeHead(204);
      res.end();
    });
    const first = await transport(`${s.url}/a`, { method: "DELETE" });
    expect(first.status).toBe(204);
    expect(await first.text()).toBe("");
    s.server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, 20));
    const second = await transport(`${s.url}/b`, { method: "DELETE" });
    expect(second.status).toBe(204);
  });

  it("never sends a request again after the server read it and reset a kept-alive connection", async () => {
    let received = 0;
    const s = await serve((req, _body, res) => {
      received += 1;
      if (req.url === "/reset") req.socket.resetAndDestroy();
      else res.end("{}");
    });
    expect((await transport(`${s.url}/warm`, { method: "POST", body: "{}" })).status).toBe(200);
    const err: unknown = await transport(`${s.url}/reset`, { method: "POST", body: "{}" }).catch(
      (e: unknown) => e,
    );
    expect(received).toBe(2);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).cause).toBeInstanceOf(OutcomeUnknownError);
    const client = clientOf(s.url, transport, 500);
    s.server.removeAllListeners("request");
    s.server.on("request", (req, res) => {
      received += 1;
      req.resume();
      req.on("end", () => req.socket.resetAndDestroy());
      void res;
    });
    const out = await client.postAddon("at", "tok", { widgets: [] });
    expect(out.ok ? "ok" : out.error.error.code).toBe("upstream_outcome_unknown");
    expect(received).toBe(3);
  });

  it("reports a refused connection as provably not sent", async () => {
    const s = await serve((_req, _body, res) => res.end());
    const server = servers.pop();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    const err: unknown = await transport(`${s.url}/x`, { method: "POST", body: "{}" }).catch(
      (e: unknown) => e,
    );
    expect((err as TypeError).cause).toBeInstanceOf(NotSentError);
  });

  it("refuses a header value with a line break or a non-Latin-1 character before connecting: not sent", async () => {
    const s = await serve((_req, _body, res) => res.end("{}"));
    for (const token of ["at-1\nX-Evil: 1", "at-1توکن"]) {
      const err: unknown = await transport(`${s.url}/x`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: "{}",
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TypeError);
      expect((err as TypeError).cause, token).toBeInstanceOf(NotSentError);
    }
    expect(s.connections()).toBe(0);
    // The platform client tells the user it was not sent, not "may or may not have been delivered".
    const client = createPlatformClient({
      baseUrl: s.url,
      apiKey: "k".repeat(20),
      fetch: transport,
      timeoutMs: 2000,
      now: Date.now,
    });
    const out = await client.sendMessage("at-1\nX-Evil: 1", "conv-1", { type: "TEXT", message: "salam" });
    expect(out.ok ? "ok" : out.error.error.code).toBe("upstream_unreachable");
    // The runtime's own message quotes the header's value: the token must not reach the user or the history.
    expect(out.ok ? "" : out.error.error.message).not.toContain("at-1");
    expect(out.ok ? "" : out.error.error.message).toContain("a request header holds a line break");
    expect(s.connections()).toBe(0);
  });
});
