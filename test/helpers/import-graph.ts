import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The file a relative import specifier in `file` names, with TypeScript's extensionless and folder
 * imports resolved; undefined when no such file exists.
 */
export function resolveImport(file: string, spec: string): string | undefined {
  const base = resolve(dirname(file), spec);
  for (const p of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (existsSync(p) && statSync(p).isFile()) return p;
  return undefined;
}
