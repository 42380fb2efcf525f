import { parseArgs } from "node:util";
import { closestName } from "../platform/names";

/** A wrong command line: exit 2 with the command's usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** An empty file argument, as an unset variable in quotes gives (`validate "$ADDONS"`). */
export const EMPTY_ARGUMENT =
  'an argument is empty (an unset variable in quotes, as in "$ADDONS"?): give a file, folder or glob, or - for stdin';

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

/** The long names of an option, as written on the command line. */
const flag = (name: string) => `--${name}`;

/**
 * parseArgs' own errors in the studio's words: the option, what is wrong, what to write instead.
 * (Its wording, e.g. "Option '-p, --port <value>' argument missing", names no fix.)
 */
function argsMessage(e: unknown, accepted: readonly OptionName[]): string {
  const message = e instanceof Error ? (e.message.split(". To specify")[0] ?? e.message) : String(e);
  const code = e instanceof Error && "code" in e ? e.code : undefined;
  const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(message);
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && unknown?.[1]) {
    const written = unknown[1];
    const meant = closestName(written.replace(/^-+/, "").split("=")[0] ?? "", ["help", ...accepted]);
    return meant
      ? `unknown option ${written}: did you mean ${flag(meant)}?`
      : `unknown option ${written}: this command takes ${["help", ...accepted].map(flag).join(", ")}`;
  }
  const missing = /^Option '(?:-\w, )?--([\w-]+)/.exec(message);
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && missing?.[1])
    return `${flag(missing[1])} needs a value: write it after the option (${flag(missing[1])} <value>)`;
  return message;
}

/** Parses a command's arguments; `accepted` lists the options this command takes besides --help. */
export function parse(args: string[], usage: string, accepted: readonly OptionName[]) {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>
  >;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(argsMessage(e, accepted), usage);
  }
  for (const name of Object.keys(OPTIONS) as Array<keyof typeof OPTIONS>)
    if (name !== "help" && parsed.values[name] !== undefined && !accepted.includes(name))
      throw new UsageError(
        `${flag(name)} is not an option of this command: it takes ${["help", ...accepted].map(flag).join(", ")}`,
        usage,
      );
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
