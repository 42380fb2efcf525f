import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { validateWidget } from "../../src/platform/validate";
import { newWidgetObject, WIDGET_METAS } from "../../src/widgets/catalog";
import { WIDGET_MODELS } from "../../src/widgets/registry";
import { resolveImport } from "../helpers/import-graph";

const SRC = resolve(import.meta.dirname, "../../src");

/** The files a source file imports statically at run time (no `import type`, no `import()`). */
function staticImports(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(st)) {
      const c = st.importClause;
      const typeOnly =
        c?.isTypeOnly ||
        (c && !c.name && c.namedBindings && ts.isNamedImports(c.namedBindings)
          ? c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly)
          : false);
      if (!typeOnly) spec = st.moduleSpecifier;
    } else if (ts.isExportDeclaration(st) && !st.isTypeOnly) spec = st.moduleSpecifier;
    if (spec && ts.isStringLiteral(spec)) out.push(spec.text);
  }
  return out;
}

/** Every path from `entry` along static imports to a module of package `pkg`, as "a -> b -> pkg". */
function pathsToPackage(entry: string, pkg: string): string[] {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const found: string[] = [];
  while (queue.length) {
    const file = queue.shift() as string;
    if (!/\.tsx?$/.test(file)) continue;
    for (const spec of staticImports(file)) {
      if (!spec.startsWith(".")) {
        if (spec === pkg || spec.startsWith(`${pkg}/`)) {
          const chain = [pkg];
          for (let f: string | null | undefined = file; f; f = parent.get(f)) chain.unshift(relative(SRC, f));
          found.push(chain.join(" -> "));
        }
        continue;
      }
      const to = resolveImport(file, spec);
      if (to && !parent.has(to)) {
        parent.set(to, file);
        queue.push(to);
      }
    }
  }
  return found;
}

describe("the widgets' plain facts (catalog) and their models", () => {
  it("list the same kinds in the same order, and each model is built from its facts", () => {
    expect(WIDGET_METAS.map((m) => m.kind)).toEqual(WIDGET_MODELS.map((m) => m.kind));
    for (const [i, meta] of WIDGET_METAS.entries()) {
      const model = WIDGET_MODELS[i];
      expect(model?.label).toBe(meta.label);
      expect(model?.description).toBe(meta.description);
      expect(model?.summary).toBe(meta.summary);
      expect(model?.defaults).toBe(meta.defaults);
    }
  });

  it("give every kind a starting value the contract accepts without a finding", () => {
    for (const meta of WIDGET_METAS)
      expect(
        validateWidget(newWidgetObject(meta.kind)).map((p) => p.message),
        meta.kind,
      ).toEqual([]);
  });
});

describe("the editor's first paint", () => {
  it("imports no zod statically: the contract's chunk loads after it", () => {
    expect(pathsToPackage(join(SRC, "editor/main.tsx"), "zod")).toEqual([]);
  });
});
