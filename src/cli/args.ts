import { parseArgs } from "node:util";

/** A wrong command line: exit 2 with the command's usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  kind: { type: "string", short: "k" },
  format: { type: "string", short: "f" },
  port: { type: "string", short: "p" },
  host: { type: "string" },
  "emulator-port": { type: "string" },
  "data-dir": { type: "string" },
  to: { type: "string" },
} as const;

/** The options a command may accept besides --help. */
export type OptionName = Exclude<keyof typeof OPTIONS, "help">;

/** Parses a command's arguments; `accepted` lists the options this command takes besides --help. */
export function parse(args: string[], usage: string, accepted: readonly OptionName[]) {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    // parseArgs names the bad option; its message is already a sentence.
    throw new UsageError(
      e instanceof Error ? (e.message.split(". To specify")[0] ?? e.message) : String(e),
      usage,
    );
  }
  for (const name of Object.keys(OPTIONS) as Array<keyof typeof OPTIONS>)
    if (name !== "help" && parsed.values[name] !== undefined && !accepted.includes(name))
      throw new UsageError(`Unknown option '--${name}'`, usage);
  return parsed;
}

/** The value of --kind, one of `allowed`; `undefined` only when `optional` and not given. */
export function parseKind<K extends string>(
  value: string | undefined,
  usage: string,
  allowed: readonly K[],
): K {
  if (value === undefined) throw new UsageError(`--kind is required: one of ${allowed.join(", ")}`, usage);
  const kind = allowed.find((k) => k === value);
  if (kind === undefined)
    throw new UsageError(`unknown kind "${value}": use one of ${allowed.join(", ")}`, usage);
  return kind;
}

/** `n word(s)`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
