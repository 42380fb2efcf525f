import { run } from "./main";

// The process side of the CLI: real stdin, stdout, stderr and environment.
const code = await run(
  process.argv.slice(2),
  {
    stdin: process.stdin,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
  process.env,
);
// exitCode (not exit()) lets piped stdout drain before the process ends.
process.exitCode = code;
