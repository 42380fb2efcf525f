import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { resolveImport } from "../helpers/import-graph";

// The layers of docs/architecture.md: platform contract -> widget models -> preview -> the apps.
// A file may import its own part, or a part of a lower layer; never a higher one, never a sibling app.
const SRC = resolve(import.meta.dirname, "../../src");

interface Part {
  name: string;
  layer: number;
}

/**
 * The part a source file belongs to (path relative to src/, forward slashes). The contract is two
 * layers around the widget models: the platform's primitives (fields, actions, colours...) that
 * the models are made of, and the platform's bodies, validation, schema and migration that are made
 * of the models (`composed`: the platform files whose imports reach a widget model).
 */
function partOf(path: string, composed: ReadonlySet<string> = new Set()): Part {
  const top = path.split("/")[0];
  if (top === "platform") return { name: "platform", layer: composed.has(path) ? 2 : 0 };
  if (top === "widgets") {
    // A widget's view (preview.tsx, its CSS, its thumbnail) and the previews map are drawn with the
    // preview kit: they sit in the preview layer though they live in the widget's folder.
    const view = /\/(preview|thumbnail)\.(tsx|css)$|^widgets\/views\.ts$/.test(path);
    return view ? { name: "preview", layer: 3 } : { name: "widgets", layer: 1 };
  }
  if (top === "preview") return { name: "preview", layer: 3 };
  if (top === "editor" || top === "emulator" || top === "server" || top === "cli")
    return { name: top, layer: 4 };
  throw new Error(`src/${path}: in no layer of docs/architecture.md; add its folder to partOf`);
}

// Composition roots: the code that starts the studio wires the proxy and the emulator together, and
// the CLI's store command opens the store (copy).
const ALLOWED = new Set([
  "server/start-studio.ts -> emulator",
  "cli/studio-command.ts -> server",
  "cli/store-command.ts -> server",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(tsx?|css)$/.test(e.name) ? [p] : [];
  });
}

/** The import graph of a folder: file -> files it imports (static, dynamic, type-only, re-exports, CSS). */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const specs = file.endsWith(".css")
      ? []
      : ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((f) => f.fileName);
    const rel = (p: string) => relative(root, p).replaceAll("\\", "/");
    graph.set(
      rel(file),
      specs
        .filter((s) => s.startsWith("."))
        // An import of a missing file keeps its path, so the layer check still names it.
        .map((s) => rel(resolveImport(file, s) ?? resolve(dirname(file), s))),
    );
  }
  return graph;
}

/** The platform files whose imports reach a widget model. */
function composedPlatform(graph: Map<string, string[]>): Set<string> {
  const reaches = new Map<string, boolean>();
  const visit = (f: string, seen: Set<string>): boolean => {
    const known = reaches.get(f);
    if (known !== undefined) return known;
    if (f.startsWith("widgets/")) return true;
    if (!f.startsWith("platform/") || seen.has(f)) return false;
    seen.add(f);
    const r = (graph.get(f) ?? []).some((t) => visit(t, seen));
    reaches.set(f, r);
    return r;
  };
  return new Set([...graph.keys()].filter((f) => f.startsWith("platform/") && visit(f, new Set())));
}

/** Every import in a graph that breaks the layers, as "from -> to (why)". */
function layerViolations(graph: Map<string, string[]>): string[] {
  const composed = composedPlatform(graph);
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const source = partOf(from, composed);
    for (const to of targets) {
      if (to.startsWith("..")) continue; // package.json and the like, outside src/
      const target = partOf(to, composed);
      if (target.layer < source.layer || (target.name === source.name && target.layer === source.layer))
        continue;
      if (ALLOWED.has(`${from} -> ${target.name}`)) continue;
      const why = target.layer > source.layer ? "imports upward" : "imports a sibling";
      out.push(`${from} -> ${to} (${source.name} ${why}: ${target.name})`);
    }
  }
  return out;
}

describe("import layers", () => {
  it("every import in src/ goes to its own part or a lower layer", () => {
    expect(layerViolations(importGraph(SRC))).toEqual([]);
  });

  it("names an upward import, a sibling import and a widget model that imports a composed body", () => {
    const graph = new Map([
      ["platform/fields.ts", []],
      ["platform/widgets.ts", ["widgets/models.ts"]],
      ["widgets/models.ts", ["widgets/title-row/model.ts"]],
      [
        "widgets/title-row/model.ts",
        ["platform/fields.ts", "platform/widgets.ts", "preview/preview-kit.tsx"],
      ],
      ["widgets/title-row/preview.tsx", ["preview/preview-kit.tsx", "widgets/title-row/model.ts"]],
      ["preview/preview-kit.tsx", ["widgets/models.ts"]],
      ["emulator/api-host.ts", ["server/body-check.ts", "preview/preview-kit.tsx"]],
      ["server/body-check.ts", ["platform/widgets.ts"]],
    ]);
    expect(layerViolations(graph)).toEqual([
      "widgets/title-row/model.ts -> platform/widgets.ts (widgets imports upward: platform)",
      "widgets/title-row/model.ts -> preview/preview-kit.tsx (widgets imports upward: preview)",
      "emulator/api-host.ts -> server/body-check.ts (emulator imports a sibling: server)",
    ]);
  });
});
