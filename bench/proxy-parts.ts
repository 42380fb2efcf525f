import { AsyncLocalStorage } from "node:async_hooks";
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { validateBody } from "../src/platform";
import { createHttpFetch } from "../src/server/http-transport";
import { createSessionCodec } from "../src/server/session";
import { v2PostBody } from "./fixtures";
import { quantile, round } from "./stats";

/** What each step the proxy adds to a publish costs on its own, to explain the overhead figure. */
export interface ProxyParts {
  /** Reading the sealed session cookie (AES-256-GCM open + JSON + zod), per request. */
  sessionUnsealUs: number;
  /** Validating the 10-widget body with the shared schemas, per request. */
  validateUs: number;
  /** One extra loopback HTTP round trip to a trivial server, p50, with fetch (undici) as the platform client uses. */
  hopFetchP50Ms: number;
  /** The same round trip with node:http and a keep-alive agent. */
  hopNodeHttpP50Ms: number;
  /** The round trip through the proxy's transport (src/server/http-transport.ts: undici Agent + request behind FetchLike), answer read. */
  transportP50Ms: number;
  /** The request deadline's cost per publish: AsyncLocalStorage.run plus one more AbortSignal.timeout. */
  deadlineUs: number;
}

function perCallUs(n: number, fn: () => void): number {
  for (let i = 0; i < Math.min(1000, n); i++) fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) fn();
  return round(((performance.now() - t) / n) * 1000, 1);
}

async function hopP50(call: () => Promise<void>, n: number): Promise<number> {
  for (let i = 0; i < 200; i++) await call();
  const s: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = performance.now();
    await call();
    s.push(performance.now() - a);
  }
  return round(
    quantile(
      s.sort((a, b) => a - b),
      0.5,
    ),
    3,
  );
}

/** What one request's deadline costs: a context run around the request, and one more timeout signal. */
async function deadlineCost(): Promise<number> {
  const store = new AsyncLocalStorage<{ endsAt: number; signal?: AbortSignal }>();
  const call = async () => {
    AbortSignal.timeout(10_000);
    const d = store.getStore();
    if (d) d.signal ??= AbortSignal.timeout(10_000);
    await Promise.resolve();
  };
  const time = async (fn: () => Promise<void>) => {
    for (let i = 0; i < 2000; i++) await fn();
    const t = performance.now();
    for (let i = 0; i < 20_000; i++) await fn();
    return ((performance.now() - t) / 20_000) * 1000;
  };
  const plain = await time(call);
  const withDeadline = await time(() => store.run({ endsAt: performance.now() + 10_000 }, call));
  return round(Math.max(0, withDeadline - plain), 1);
}

/** Measures the proxy's steps in isolation (in this process). */
export async function benchProxyParts(): Promise<ProxyParts> {
  const codec = createSessionCodec({ secret: "benchmark-session-secret-0123456789abcdef", secure: false });
  const sealed = codec.seal({
    v: 1,
    sid: "benchmark-session-id-0123",
    createdAt: Date.now(),
    tokens: {
      accessToken: "a".repeat(43),
      expiresAt: Date.now() + 3_600_000,
      scopes: ["POST_ADDON_CREATE.gZ3kQx9aB1cD"],
    },
    subscriptions: [],
  });
  const body = v2PostBody(10);
  const sessionUnsealUs = perCallUs(20_000, () => codec.unseal(sealed));
  const validateUs = perCallUs(20_000, () => validateBody("post", body));

  const text = JSON.stringify(body);
  const reply = () => new Response("{}", { headers: { "content-type": "application/json" } });
  const { server, url } = await new Promise<{ server: ReturnType<typeof serve>; url: string }>((resolve) => {
    const server = serve({ fetch: reply, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ server, url: `http://127.0.0.1:${info.port}/v2/open-platform/addons/post/x` }),
    );
  });
  const agent = new Agent({ keepAlive: true });
  const viaHttp = () =>
    new Promise<void>((done, fail) => {
      const r = request(
        url,
        { method: "POST", agent, headers: { "content-type": "application/json" } },
        (res) => {
          res.resume();
          res.on("end", done);
        },
      );
      r.on("error", fail);
      r.end(text);
    });
  const viaFetch = async () => {
    const r = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: text,
      signal: AbortSignal.timeout(10_000),
    });
    await r.text();
  };
  const transport = createHttpFetch();
  const viaTransport = async () => {
    const r = await transport(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "k", authorization: "Bearer t" },
      body: text,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await r.text();
  };
  try {
    const hopNodeHttpP50Ms = await hopP50(viaHttp, 2000);
    const hopFetchP50Ms = await hopP50(viaFetch, 2000);
    const transportP50Ms = await hopP50(viaTransport, 2000);
    const deadlineUs = await deadlineCost();
    return {
      sessionUnsealUs,
      validateUs,
      hopFetchP50Ms,
      hopNodeHttpP50Ms,
      transportP50Ms,
      deadlineUs,
    };
  } finally {
    await transport.close();
    agent.destroy();
    await new Promise<void>((done) => {
      if ("closeAllConnections" in server) server.closeAllConnections();
      server.close(() => done());
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) benchProxyParts().then((p) => console.log(p));
