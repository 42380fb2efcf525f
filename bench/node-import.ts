import { validateBody } from "../src/platform";
import { migrateBody } from "../src/platform/migrate";
import { v1PostBody, v2PostBody } from "./fixtures";
import { round, type Summary, summarise } from "./stats";

/** Figures of the Node import and validation benchmark. */
export interface ImportFigures {
  widgets: number;
  v1Bytes: number;
  /** The first run in this process: includes zod's lazy schema set-up and the JIT warming up. */
  cold: { parseMs: number; migrateMs: number; validateMs: number; totalMs: number };
  /** Later runs, each parse + migrate + validate of a fresh text. */
  warm: { parse: Summary; migrate: Summary; validate: Summary; total: Summary };
  /** A v2 body of the same size, parsed and validated (no migration needed). */
  v2Warm: Summary;
  migrationReportLines: number;
  validationErrors: number;
  validationWarnings: number;
  throughput: { widgetsPerBody: number; bodiesPerSecond: number; seconds: number; valid: boolean };
}

function importOnce(text: string) {
  const t0 = performance.now();
  const json: unknown = JSON.parse(text);
  const t1 = performance.now();
  const migrated = migrateBody(json, { kind: "post" });
  const t2 = performance.now();
  if (!migrated.ok) throw new Error(`the benchmark body did not migrate: ${migrated.message}`);
  const checked = validateBody("post", migrated.body);
  const t3 = performance.now();
  return {
    parseMs: t1 - t0,
    migrateMs: t2 - t1,
    validateMs: t3 - t2,
    totalMs: t3 - t0,
    report: migrated.report.length,
    errors: checked.errors.length,
    warnings: checked.warnings.length,
  };
}

/** Parse, migrate (v1) and validate a `widgets`-widget body; then validation throughput of 10-widget bodies. */
export function benchImport(widgets = 1000, runs = 30, throughputSeconds = 2): ImportFigures {
  const text = JSON.stringify(v1PostBody(widgets));
  const cold = importOnce(text);
  const samples = {
    parse: [] as number[],
    migrate: [] as number[],
    validate: [] as number[],
    total: [] as number[],
  };
  for (let i = 0; i < runs; i++) {
    const r = importOnce(text);
    samples.parse.push(r.parseMs);
    samples.migrate.push(r.migrateMs);
    samples.validate.push(r.validateMs);
    samples.total.push(r.totalMs);
  }

  const v2Text = JSON.stringify(v2PostBody(widgets));
  const v2: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    validateBody("post", JSON.parse(v2Text));
    v2.push(performance.now() - t0);
  }

  // Throughput: a realistic post add-on of 10 widgets, validated over and over (already parsed,
  // as the proxy and the emulator hold it after reading the request).
  const small = v2PostBody(10);
  const valid = validateBody("post", small).ok;
  let count = 0;
  const start = performance.now();
  const until = start + throughputSeconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 100; i++) validateBody("post", small);
    count += 100;
  }
  const seconds = (performance.now() - start) / 1000;

  return {
    widgets,
    v1Bytes: Buffer.byteLength(text),
    cold: {
      parseMs: round(cold.parseMs),
      migrateMs: round(cold.migrateMs),
      validateMs: round(cold.validateMs),
      totalMs: round(cold.totalMs),
    },
    warm: {
      parse: summarise(samples.parse),
      migrate: summarise(samples.migrate),
      validate: summarise(samples.validate),
      total: summarise(samples.total),
    },
    v2Warm: summarise(v2),
    migrationReportLines: cold.report,
    validationErrors: cold.errors,
    validationWarnings: cold.warnings,
    throughput: {
      widgetsPerBody: 10,
      bodiesPerSecond: Math.round(count / seconds),
      seconds: round(seconds),
      valid,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(benchImport(), null, 2));
