import { run } from "./main";

// A reader that stops early (`addon-studio schema | head`, or `... 2>&1 | head` for stderr too)
// closes the pipe: the rest of the output has nowhere to go, which is not an error of ours. Later
// output to that stream is dropped and the command ends with its own exit code, as other
// command-line tools do, instead of Node's unhandled-error exit (1, whatever the verdict).
// The studio, whose log that pipe was, stops as a failure (a supervisor may restart it).
const gone = { stdout: false, stderr: false };
for (const name of ["stdout", "stderr"] as const)
  process[name].on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
    if (process.argv[2] === "studio") process.exit(1);
    gone[name] = true;
  });

// The process side of the CLI: real stdin, stdout, stderr and environment.
const code = await run(
  process.argv.slice(2),
  {
    stdin: process.stdin,
    stdout: (text) => {
      if (!gone.stdout) process.stdout.write(text);
    },
    stderr: (text) => {
      if (!gone.stderr) process.stderr.write(text);
    },
  },
  process.env,
);
// exitCode (not exit()) lets piped stdout drain before the process ends.
process.exitCode = code;
