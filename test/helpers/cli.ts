import { run } from "../../src/cli/main";

/**
 * Runs the CLI in-process with `args`; `stdin` (if given) is what it reads from standard input.
 * Returns the exit code, both outputs whole, and stdout's non-empty lines.
 */
export async function cli(args: string[], stdin?: Buffer | string) {
  let out = "";
  let err = "";
  const code = await run(args, {
    stdin: (async function* () {
      if (stdin !== undefined) yield typeof stdin === "string" ? Buffer.from(stdin) : stdin;
    })(),
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
  });
  return { code, out, err, lines: out.split("\n").filter(Boolean) };
}
