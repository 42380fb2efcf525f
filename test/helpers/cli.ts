import { spawnSync } from "node:child_process";
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

/**
 * Runs a CLI as a user runs it, as a real process: `command` is the program and its first arguments
 * (the bin script, or an installed package's bin). Returns the exit code, both outputs and stdout's lines.
 */
export function cliProcess(
  command: readonly string[],
  args: string[],
  opts: { cwd: string; input?: string; env?: NodeJS.ProcessEnv; timeout?: number },
) {
  const [program = "", ...first] = command;
  const r = spawnSync(program, [...first, ...args], {
    cwd: opts.cwd,
    input: opts.input,
    env: opts.env,
    encoding: "utf8",
    timeout: opts.timeout ?? 30_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr, lines: r.stdout.split("\n").filter(Boolean) };
}
