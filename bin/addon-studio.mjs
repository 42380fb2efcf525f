#!/usr/bin/env node
// The CLI is written in TypeScript; Node 20 cannot run it directly, so tsx (a runtime
// dependency) is registered for this process before the entry point is loaded.
import { register } from "tsx/esm/api";

register();
const { run } = await import("../src/cli/main.ts");

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
// exitCode (not exit()) lets piped stdout drain before the process ends.
process.exitCode = code;
