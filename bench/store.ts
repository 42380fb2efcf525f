import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type OpenStoreOptions, openStore } from "../src/server/store/open-store";
import type { Delivery, PublishRecordInput } from "../src/server/store/records";
import type { Store } from "../src/server/store/store";
import { postgresUnavailableReason, startPostgresCluster } from "../test/helpers/postgres-cluster";
import { v2PostBody } from "./fixtures";
import { round, type Summary, summarise } from "./stats";

/** Event intake and publish recording of one store backend. */
export interface StoreBackendFigures {
  backend: string;
  /**
   * insertEvent one after another (as the event route awaits each before its 2xx). `perCpuSecond`:
   * events per second of this process's CPU time (user + system), which the load of a shared machine
   * does not distort; for PGlite that is all the work, for PostgreSQL the server's share is not in it.
   */
  intakeSequential: Summary & { perSecond: number; perCpuSecond: number };
  /** insertEvent with `concurrency` deliveries in flight. */
  intakeConcurrent: { perSecond: number; concurrency: number; n: number };
  /** recordPublish of a 10-widget post add-on body, one after another (until it is durable). */
  publishRecord: Summary;
  /**
   * queuePublish, as a publish request now waits for it (until the record's id is known; the write
   * follows), and the CPU milliseconds per record of this process, the queued writes included.
   */
  publishQueued: Summary & { cpuMsPerRecord: number };
  /** isRevoked of a session that is not revoked (both queries run), as every request would check it. */
  revocationCheck: Summary;
  /** Opening the store (and applying migrations to an empty database). */
  openMs: number;
}

export interface StoreFigures {
  backends: StoreBackendFigures[];
  /** Why PostgreSQL was not measured, if it was not. */
  postgresSkipped?: string;
}

const EVENTS = 2000;
const PUBLISHES = 1000;
const CONCURRENCY = 8;

function delivery(i: number): Delivery {
  return {
    kind: "event",
    event: {
      type: "NEW_MESSAGE",
      new_message: {
        id: `m-${i}`,
        conversation: {
          id: `c-${i % 50}`,
          type: "POST",
          post_token: `gZ3kQx9aB${String(i % 10).padStart(3, "0")}`,
        },
        sender: { side: "BUYER", type: "HUMAN" },
        type: "TEXT",
        sent_at: 1_763_800_000_000_000 + i,
        text: "سلام، این آگهی هنوز موجود است؟ قیمت نهایی چند است؟",
      },
    },
  };
}

async function sample(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

async function measure(backend: string, options: OpenStoreOptions): Promise<StoreBackendFigures> {
  const t = performance.now();
  const store: Store = await openStore(options);
  const openMs = round(performance.now() - t);
  try {
    const now = Date.now();
    await sample(200, (i) => store.insertEvent(delivery(i), now));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const seq = await sample(EVENTS, (i) => store.insertEvent(delivery(i), now));
    const used = process.cpuUsage(cpu);
    const seqSeconds = (performance.now() - started) / 1000;
    const cpuSeconds = (used.user + used.system) / 1e6;

    let next = 0;
    const cStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < EVENTS) await store.insertEvent(delivery(next++), now);
      }),
    );
    const cSeconds = (performance.now() - cStarted) / 1000;

    const body = v2PostBody(10);
    const entry = (i: number): PublishRecordInput => ({
      userId: "bench-user",
      operation: "publish",
      target: {
        kind: "post_addon",
        ref: "post_token",
        id: `gZ3kQx9aB${String(i % 1000).padStart(3, "0")}`,
      },
      body,
      result: { ok: true, status: 200, response: {} },
      at: Date.now(),
    });
    const record = (i: number) => store.recordPublish(entry(i));
    await sample(200, record);
    const pub = await sample(PUBLISHES, record);
    const queue = (i: number) => store.queuePublish(entry(i));
    await sample(200, queue);
    await store.flushPublishes();
    const qCpu = process.cpuUsage();
    const queued = await sample(PUBLISHES, queue);
    await store.flushPublishes();
    const qUsed = process.cpuUsage(qCpu);
    await store.revokeUserSessions("someone-else", Date.now(), Date.now() + 60_000);
    const check = (i: number) =>
      store.isRevoked({ sessionId: `s-${i}`, userId: "bench-user", issuedAt: Date.now() }, Date.now());
    await sample(200, check);
    const revocationCheck = summarise(await sample(PUBLISHES, check));
    return {
      backend,
      openMs,
      intakeSequential: {
        ...summarise(seq),
        perSecond: Math.round(EVENTS / seqSeconds),
        perCpuSecond: Math.round(EVENTS / cpuSeconds),
      },
      intakeConcurrent: { perSecond: Math.round(EVENTS / cSeconds), concurrency: CONCURRENCY, n: EVENTS },
      publishRecord: summarise(pub),
      publishQueued: {
        ...summarise(queued),
        cpuMsPerRecord: round((qUsed.user + qUsed.system) / 1000 / PUBLISHES, 3),
      },
      revocationCheck,
    };
  } finally {
    await store.close();
  }
}

/** Measures the store on PGlite (memory and a data folder) and on a throwaway PostgreSQL cluster. */
export async function benchStore(): Promise<StoreFigures> {
  const backends: StoreBackendFigures[] = [];
  const dir = mkdtempSync(join(tmpdir(), "addon-studio-bench-store-"));
  try {
    backends.push(
      await measure("PGlite, data folder", { location: { kind: "pglite", dataDir: dir }, retentionDays: 30 }),
    );
    backends.push(await measure("PGlite, in memory", { location: { kind: "memory" }, retentionDays: 30 }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const skipped = postgresUnavailableReason();
  if (skipped !== undefined) return { backends, postgresSkipped: skipped };
  const cluster = await startPostgresCluster();
  try {
    backends.push(
      await measure("PostgreSQL 15, local cluster", {
        location: { kind: "postgres", url: cluster.url },
        retentionDays: 30,
      }),
    );
  } finally {
    cluster.stop();
  }
  return { backends };
}

const ms = (x: number) => `${x.toFixed(2)} ms`;

/** Rows for the BENCHMARKS.md table. */
export function storeRows(f: StoreFigures): [string, string, string, string][] {
  const rows: [string, string, string, string][] = [];
  for (const b of f.backends) {
    const pglite = b.backend.startsWith("PGlite, data");
    rows.push([
      `Event intake, store on ${b.backend}`,
      `${b.intakeSequential.perSecond.toLocaleString("en")} events/s one at a time (${b.intakeSequential.perCpuSecond.toLocaleString("en")} per CPU-second of the proxy process; insert p50 ${ms(b.intakeSequential.p50)}, p95 ${ms(b.intakeSequential.p95)}); ${b.intakeConcurrent.perSecond.toLocaleString("en")} events/s with ${b.intakeConcurrent.concurrency} in flight`,
      pglite ? "≥ 500 deliveries/s" : "",
      pglite ? (b.intakeSequential.perSecond >= 500 ? "met" : "**missed** (wall clock)") : "",
    ]);
    rows.push([
      `Publish record insert, ${b.backend}`,
      `p50 ${ms(b.publishRecord.p50)}, p95 ${ms(b.publishRecord.p95)} (${b.publishRecord.n} records, 10-widget body); revocation check p50 ${ms(b.revocationCheck.p50)}; open ${ms(b.openMs)}`,
      pglite ? "p50 < 0.5 ms" : "",
      pglite ? (b.publishRecord.p50 < 0.5 ? "met" : "**missed**") : "",
    ]);
    rows.push([
      `Publish record as a request waits for it (queued), ${b.backend}`,
      `p50 ${ms(b.publishQueued.p50)}, p95 ${ms(b.publishQueued.p95)}; ${ms(b.publishQueued.cpuMsPerRecord)} CPU per record with its write`,
      "",
      "",
    ]);
  }
  if (f.postgresSkipped) rows.push(["Store on PostgreSQL", `not measured: ${f.postgresSkipped}`, "", ""]);
  return rows;
}

// `node --import tsx bench/store.ts` measures the store alone and prints its rows.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const figures = await benchStore();
  console.log(JSON.stringify(figures, null, 2));
  for (const r of storeRows(figures)) console.log(`| ${r.join(" | ")} |`);
}
