import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Bodies for the benchmarks, built from the repository's v1 -> v2 fixtures (one per widget type),
 * so the mix of widgets is the one the migration tests cover rather than ten copies of one title.
 */

const FIXTURES = join(import.meta.dirname, "..", "test", "fixtures", "v1");

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, file), "utf8"));
}

function fixtureFiles(suffix: string): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith(suffix))
    .sort();
}

/** The v1 widgets of every `*.before.json` fixture, in file order. */
export function v1Widgets(): Json[] {
  const out: Json[] = [];
  for (const f of fixtureFiles(".before.json")) {
    const body = readJson(f);
    const widgets = isRecord(body) && isRecord(body.widgets) ? body.widgets.widget_list : undefined;
    if (Array.isArray(widgets)) out.push(...widgets.filter(isRecord));
  }
  if (out.length === 0) throw new Error(`no v1 widgets found in ${FIXTURES}/*.before.json`);
  return out;
}

/** The v2 widgets of every `*.after.json` fixture, in file order. */
export function v2Widgets(): Json[] {
  const out: Json[] = [];
  for (const f of fixtureFiles(".after.json")) {
    const body = readJson(f);
    if (isRecord(body) && Array.isArray(body.widgets)) out.push(...body.widgets.filter(isRecord));
  }
  if (out.length === 0) throw new Error(`no v2 widgets found in ${FIXTURES}/*.after.json`);
  return out;
}

function cycle(pool: readonly Json[], count: number, mark: (w: Json, i: number) => Json): Json[] {
  return Array.from({ length: count }, (_, i) => mark(structuredClone(pool[i % pool.length] ?? {}), i));
}

/** A v1 post add-on body (`widgets.widget_list`) with `count` widgets. */
export function v1PostBody(count: number): Json {
  return { widgets: { widget_list: cycle(v1Widgets(), count, (w) => w) } };
}

/**
 * A v2 post add-on body with `count` widgets. Every `every`-th widget (and widget 0) is a title
 * row with a distinct text, so a benchmark can find and edit one by its text.
 */
export function v2PostBody(count: number): Json {
  const pool = v2Widgets();
  return {
    widgets: cycle(pool, count, (w, i) => (i % 10 === 0 ? { title_row: { text: `Row ${i} title` } } : w)),
  };
}
