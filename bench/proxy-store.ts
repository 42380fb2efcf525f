import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_APP, DEMO_CONVERSATION_ID, DEMO_POST_TOKEN } from "../src/emulator/state";
import { benchProxy } from "./proxy";
import { startServers } from "./servers";
import { round, summarise } from "./stats";

/**
 * Issue 15, wired: what recording costs a publish through the proxy (PGlite in a data folder, as
 * `npm start` runs it) against the proxy without a store, and event intake through the HTTP route.
 * `node --import tsx bench/proxy-store.ts`; prints JSON. Not part of `npm run bench` (minutes).
 */
async function publishOverhead(rounds: number) {
  const rows: {
    withStore: boolean;
    proxyP50: number;
    overheadP50: number;
    overheadP95: number;
    cpuPerPublishMs: { direct: number; proxy: number };
    rps: number;
  }[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const withStore of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), "addon-studio-bench-store-"));
      try {
        const f = await benchProxy(500, 1000, 8, {
          soakRequests: 100,
          ...(withStore ? { storeDir: join(dir, "data") } : {}),
        });
        rows.push({
          withStore,
          proxyP50: f.proxy.sequential.p50,
          overheadP50: f.overheadP50Ms,
          overheadP95: f.overheadP95Ms,
          cpuPerPublishMs: f.cpuPerPublishMs,
          rps: f.proxy.concurrent.rps,
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  return rows;
}

const event = (i: number) =>
  JSON.stringify({
    type: "NEW_MESSAGE",
    new_message: {
      id: `6f1c2a9e-5b7d-4c1e-9a2b-${String(i).padStart(12, "0")}`,
      conversation: { id: DEMO_CONVERSATION_ID, type: "POST", post_token: DEMO_POST_TOKEN },
      sender: { side: "BUYER", type: "HUMAN" },
      type: "TEXT",
      sent_at: 1767225600000000,
      text: `message ${i}`,
    },
  });

/** POST /platform/events on a proxy with a PGlite store in a data folder: one at a time, and 8 in flight. */
async function intake(n: number) {
  const dir = mkdtempSync(join(tmpdir(), "addon-studio-bench-intake-"));
  const servers = await startServers("bench/no-dist-here", join(dir, "data"));
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const url = `${servers.proxyUrl}/platform/events`;
  let failures = 0;
  const post = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const body = event(i);
      const req = request(
        url,
        {
          method: "POST",
          agent,
          headers: { "content-type": "application/json", authorization: DEMO_APP.identificationKey },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  try {
    const lat: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      if ((await post(i)) !== 200) failures++;
      lat.push(performance.now() - s);
    }
    const seqMs = performance.now() - t0;
    let next = 0;
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 2 * n) {
          const i = n + next++;
          if ((await post(i)) !== 200) failures++;
        }
      }),
    );
    const concMs = performance.now() - t1;
    return {
      deliveries: 3 * n,
      failures,
      sequential: { perSecond: Math.round((n / seqMs) * 1000), ...summarise(lat) },
      eightInFlight: { perSecond: Math.round(((2 * n) / concMs) * 1000) },
    };
  } finally {
    agent.destroy();
    await servers.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const loadBefore = round(loadavg()[0] ?? 0);
  const started = new Date().toISOString();
  const overhead = await publishOverhead(Number(process.env.ROUNDS ?? 2));
  const events = await intake(1000);
  console.log(
    JSON.stringify(
      { started, loadBefore, loadAfter: round(loadavg()[0] ?? 0), overhead, intake: events },
      null,
      2,
    ),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
