import { run } from "./main";

// A reader that stops early (`addon-studio schema | head`) closes the pipe: the rest of the output
// has nowhere to go, which is not an error of ours. Stop quietly, as other command-line tools do,
// instead of printing Node's unhandled-error trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

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
