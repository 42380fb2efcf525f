import { type ChildProcess, fork } from "node:child_process";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { DEMO_POST_TOKEN } from "../src/emulator/state";
import { postAddonScope } from "../src/platform/scopes";
import { v2PostBody } from "./fixtures";
import { benchProxyParts, type ProxyParts } from "./proxy-parts";
import { round, type Summary, summarise } from "./stats";

/** Latency and throughput of one path (direct to the emulator, or through the proxy). */
export interface PathFigures {
  sequential: Summary;
  concurrent: Summary & { rps: number; requests: number };
  failures: number;
}

/** Figures of the proxy benchmark. */
export interface ProxyFigures {
  bodyBytes: number;
  concurrency: number;
  direct: PathFigures;
  proxy: PathFigures;
  /**
   * CPU milliseconds of the servers' process per publish at concurrency 1 (emulator work included),
   * direct and through the proxy: less sensitive to machine load than the latencies.
   */
  cpuPerPublishMs: { direct: number; proxy: number };
  /** Proxy p50 minus direct p50 at concurrency 1: what the proxy adds to one publish. */
  overheadP50Ms: number;
  overheadP95Ms: number;
  /** Proxy rps / direct rps at the given concurrency. */
  rpsRatio: number;
  /** The proxy's steps measured alone, to explain the overhead. */
  parts: ProxyParts;
  /** Many publishes through the proxy at high concurrency: errors and the proxy's memory. */
  soak: SoakFigures;
}

/** The soak: `requests` publishes at `concurrency`, with the servers' process RSS before and after. */
export interface SoakFigures {
  requests: number;
  concurrency: number;
  errors: number;
  seconds: number;
  rps: number;
  rssBeforeMB: number;
  rssAfterMB: number;
  heapBeforeMB: number;
  heapAfterMB: number;
}

interface Ready {
  type: "ready";
  proxyUrl: string;
  emulatorUrl: string;
  apiKey: string;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
  via: Agent = agent,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: via }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** A cookie jar per origin, enough for the OAuth redirects between proxy and emulator. */
class Jar {
  private cookies = new Map<string, Map<string, string>>();
  header(url: string): string {
    const jar = this.cookies.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }
  store(url: string, reply: Reply): void {
    const host = new URL(url).host;
    const set = reply.headers["set-cookie"] ?? [];
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const line of Array.isArray(set) ? set : [set]) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) jar.delete(pair.slice(0, eq).trim());
      else jar.set(pair.slice(0, eq).trim(), value);
    }
    this.cookies.set(host, jar);
  }
  async go(url: string, method = "GET", headers: Record<string, string> = {}, body?: string): Promise<Reply> {
    const cookie = this.header(url);
    const reply = await send(url, method, cookie ? { ...headers, cookie } : headers, body);
    this.store(url, reply);
    return reply;
  }
}

/** Runs the authorization code flow over HTTP: proxy -> emulator consent (Allow) -> proxy callback. */
async function signIn(jar: Jar, proxyUrl: string): Promise<void> {
  const scope = postAddonScope(DEMO_POST_TOKEN);
  let url = `${proxyUrl}/oauth/start?scope=${encodeURIComponent(scope)}&returnTo=/`;
  let reply = await jar.go(url);
  for (let i = 0; i < 5 && reply.status >= 300 && reply.status < 400; i++) {
    url = new URL(String(reply.headers.location), url).toString();
    reply = await jar.go(url);
  }
  const consent = /name="consent" value="([^"]+)"/.exec(reply.text)?.[1];
  if (!consent) throw new Error(`no consent page at ${url}: ${reply.status} ${reply.text.slice(0, 200)}`);
  const decided = await jar.go(
    new URL("/oauth2/auth/decision", url).toString(),
    "POST",
    { "content-type": "application/x-www-form-urlencoded" },
    new URLSearchParams({ consent, decision: "allow" }).toString(),
  );
  const callback = decided.headers.location;
  if (typeof callback !== "string") throw new Error(`no redirect after consent: ${decided.status}`);
  const back = await jar.go(callback);
  if (back.status !== 302 || !String(back.headers.location).includes("oauth=granted"))
    throw new Error(
      `sign-in did not complete: ${back.status} ${back.headers.location ?? back.text.slice(0, 200)}`,
    );
}

function startServers(storeDir?: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(join(import.meta.dirname, "proxy-servers.ts"), [], {
    // BENCH_STORE_DIR: the proxy records every publish in a PGlite store there (as `npm start` does).
    env: { ...process.env, ...(storeDir ? { BENCH_STORE_DIR: storeDir } : {}) },
    // BENCH_CPU_PROF=<dir> writes a CPU profile of the servers (to find where the overhead goes).
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the benchmark servers exited (code ${code})`)));
    child.once("message", (m) => resolve({ child, ready: m as Ready }));
  });
}

function askMemory(child: ChildProcess): Promise<{ rss: number; heap: number }> {
  return new Promise((resolve, reject) => {
    child.once("message", (m) => {
      if (typeof m === "object" && m !== null && "rssBytes" in m && "heapUsedBytes" in m)
        resolve({ rss: Number(m.rssBytes), heap: Number(m.heapUsedBytes) });
      else reject(new Error("the benchmark servers did not report their memory"));
    });
    child.send("rss");
  });
}

function askCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once("message", (m) => {
      if (typeof m === "object" && m !== null && "micros" in m) resolve(Number(m.micros));
      else reject(new Error("the benchmark servers did not report their CPU time"));
    });
    child.send("cpu");
  });
}

/**
 * 10,000 publishes through the proxy at concurrency 50 (its own agent of 50 sockets), counting every
 * answer other than 200 as an error, with the servers' memory before and after.
 */
async function soak(
  child: ChildProcess,
  call: (agent: Agent) => Promise<Reply>,
  requests = 10_000,
  concurrency = 50,
): Promise<SoakFigures> {
  const soakAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const mb = (b: number) => round(b / 1024 / 1024, 1);
  try {
    const before = await askMemory(child);
    let next = 0;
    let errors = 0;
    const start = performance.now();
    const worker = async () => {
      while (next < requests) {
        next++;
        const r = await call(soakAgent).catch(() => undefined);
        if (r?.status !== 200) errors++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const ms = performance.now() - start;
    const after = await askMemory(child);
    return {
      requests,
      concurrency,
      errors,
      seconds: round(ms / 1000, 1),
      rps: Math.round((requests / ms) * 1000),
      rssBeforeMB: mb(before.rss),
      rssAfterMB: mb(after.rss),
      heapBeforeMB: mb(before.heap),
      heapAfterMB: mb(after.heap),
    };
  } finally {
    soakAgent.destroy();
  }
}

function askToken(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once("message", (m) => {
      const token = typeof m === "object" && m !== null && "accessToken" in m ? m.accessToken : null;
      if (typeof token === "string") resolve(token);
      else reject(new Error("the emulator issued no access token"));
    });
    child.send("token");
  });
}

type Call = () => Promise<Reply>;

async function sequential(call: Call, n: number, failures: { n: number }): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await call();
    out.push(performance.now() - t0);
    if (r.status !== 200) failures.n++;
  }
  return out;
}

async function concurrent(
  call: Call,
  n: number,
  concurrency: number,
  failures: { n: number },
): Promise<{ latencies: number[]; ms: number }> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  async function worker() {
    while (next < n) {
      next++;
      const t0 = performance.now();
      const r = await call();
      latencies.push(performance.now() - t0);
      if (r.status !== 200) failures.n++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, ms: performance.now() - start };
}

/**
 * Publishes the same 10-widget post add-on directly to the emulator and through the proxy, in
 * alternating blocks of one run: `sequentialN` requests each at concurrency 1 (added latency),
 * then `concurrentN` each at `concurrency` (throughput).
 */
export async function benchProxy(
  sequentialN = 1000,
  concurrentN = 2000,
  concurrency = 8,
  opts: { storeDir?: string; soakRequests?: number } = {},
): Promise<ProxyFigures> {
  const { child, ready } = await startServers(opts.storeDir);
  try {
    const jar = new Jar();
    await signIn(jar, ready.proxyUrl);
    const accessToken = await askToken(child);
    const body = JSON.stringify(v2PostBody(10));
    const proxyHeaders = { "content-type": "application/json", cookie: jar.header(ready.proxyUrl) };
    const directHeaders = {
      "content-type": "application/json",
      "x-api-key": ready.apiKey,
      authorization: `Bearer ${accessToken}`,
      accept: "application/json",
    };
    const direct: Call = () =>
      send(
        `${ready.emulatorUrl}/v2/open-platform/addons/post/${DEMO_POST_TOKEN}`,
        "POST",
        directHeaders,
        body,
      );
    const proxied: Call = () =>
      send(`${ready.proxyUrl}/api/posts/${DEMO_POST_TOKEN}/addon`, "POST", proxyHeaders, body);

    for (const [name, call] of [
      ["direct", direct],
      ["proxy", proxied],
    ] as const) {
      const r = await call();
      if (r.status !== 200) throw new Error(`${name} publish failed: ${r.status} ${r.text.slice(0, 300)}`);
    }
    const fails = { direct: { n: 0 }, proxy: { n: 0 } };
    // Warm-up: JIT, connection pools, zod's compiled parsers.
    await concurrent(direct, 300, concurrency, fails.direct);
    await concurrent(proxied, 300, concurrency, fails.proxy);
    fails.direct.n = 0;
    fails.proxy.n = 0;

    const seq = { direct: [] as number[], proxy: [] as number[] };
    const cpu = { direct: 0, proxy: 0 };
    const blocks = 4;
    for (let b = 0; b < blocks; b++) {
      for (const [name, call] of [
        ["direct", direct],
        ["proxy", proxied],
      ] as const) {
        const before = await askCpu(child);
        seq[name].push(...(await sequential(call, sequentialN / blocks, fails[name])));
        cpu[name] += (await askCpu(child)) - before;
      }
    }
    const conc = {
      direct: { latencies: [] as number[], ms: 0 },
      proxy: { latencies: [] as number[], ms: 0 },
    };
    for (let b = 0; b < 2; b++) {
      for (const [name, call] of [
        ["direct", direct],
        ["proxy", proxied],
      ] as const) {
        const r = await concurrent(call, concurrentN / 2, concurrency, fails[name]);
        conc[name].latencies.push(...r.latencies);
        conc[name].ms += r.ms;
      }
    }
    const figures = (name: "direct" | "proxy"): PathFigures => ({
      sequential: summarise(seq[name]),
      concurrent: {
        ...summarise(conc[name].latencies),
        rps: Math.round((conc[name].latencies.length / conc[name].ms) * 1000),
        requests: conc[name].latencies.length,
      },
      failures: fails[name].n,
    });
    const soakFigures = await soak(
      child,
      (via) => send(`${ready.proxyUrl}/api/posts/${DEMO_POST_TOKEN}/addon`, "POST", proxyHeaders, body, via),
      opts.soakRequests,
    );
    const parts = await benchProxyParts();
    const d = figures("direct");
    const p = figures("proxy");
    return {
      bodyBytes: Buffer.byteLength(body),
      concurrency,
      direct: d,
      proxy: p,
      cpuPerPublishMs: {
        direct: round(cpu.direct / 1000 / seq.direct.length, 3),
        proxy: round(cpu.proxy / 1000 / seq.proxy.length, 3),
      },
      overheadP50Ms: round(p.sequential.p50 - d.sequential.p50),
      overheadP95Ms: round(p.sequential.p95 - d.sequential.p95),
      rpsRatio: round(p.concurrent.rps / d.concurrent.rps, 3),
      parts,
      soak: soakFigures,
    };
  } finally {
    child.removeAllListeners("exit");
    agent.destroy();
    // A clean exit (not a signal) so that a CPU profile, when asked for, is written.
    await new Promise<void>((done) => {
      const timer = setTimeout(() => {
        child.kill();
        done();
      }, 5000);
      child.once("exit", () => {
        clearTimeout(timer);
        done();
      });
      child.send("exit");
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  benchProxy().then((f) => console.log(JSON.stringify(f, null, 2)));
