#!/usr/bin/env node
// The installed package runs the compiled CLI (lib/). A clone of the repository, where src/ is
// present and tsx is a devDependency, runs its TypeScript source, so edits apply without a build.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = new URL("../src/cli/bin.ts", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  // The clone's own tsconfig (its JSX transform), also when started from another folder (`npm link`).
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  await import(source.href);
} else {
  await import("../lib/cli.mjs");
}
