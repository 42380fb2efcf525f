import { parseArgs } from "node:util";
import { toJsonSchema } from "../platform/json-schema";
import { type MigrationSuccess, formatChange, migrateBody } from "../platform/migrate";
import { type Problem, problem } from "../platform/problems";
import { CHECK_KINDS, validateAny } from "../platform/validate";
import type { DuplicateKey } from "./json-error";
import { InputError, readJson } from "./read-json";
import { MIGRATE_USAGE, ROOT_USAGE, SCHEMA_USAGE, VALIDATE_USAGE } from "./usage";

/** Where the CLI reads and writes; tests pass their own. */
export interface CliIo {
  stdin: AsyncIterable<Buffer | string>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** A wrong command line: exit 2 with the command's usage. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

function parseKind<K extends string>(value: string | undefined, usage: string, allowed: readonly K[]): K {
  if (value === undefined) throw new UsageError(`--kind is required: one of ${allowed.join(", ")}`, usage);
  const kind = allowed.find((k) => k === value);
  if (kind === undefined)
    throw new UsageError(`unknown kind "${value}": use one of ${allowed.join(", ")}`, usage);
  return kind;
}

const OPTIONS = {
  help: { type: "boolean", short: "h" },
  kind: { type: "string", short: "k" },
  format: { type: "string", short: "f" },
} as const;

/** Parses a command's arguments; `accepted` lists the options this command takes besides --help. */
function parse(args: string[], usage: string, accepted: ReadonlyArray<"kind" | "format">) {
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
  for (const name of ["kind", "format"] as const)
    if (parsed.values[name] !== undefined && !accepted.includes(name))
      throw new UsageError(`Unknown option '--${name}'`, usage);
  return parsed;
}

function onePositional(positionals: string[], usage: string): string {
  if (positionals.length === 0) throw new UsageError("give a file to read, or - for stdin", usage);
  if (positionals.length > 1)
    throw new UsageError(
      `one file at a time, but got ${positionals.length}: ${positionals.join(" ")}`,
      usage,
    );
  return positionals[0] as string;
}

function problemLine(p: Problem): string {
  return `${p.severity === "warning" ? "warning " : ""}${p.at}: ${p.message}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, VALIDATE_USAGE, ["kind", "format"]);
  if (values.help) {
    io.stdout(`${VALIDATE_USAGE}\n`);
    return 0;
  }
  const kind = parseKind(values.kind, VALIDATE_USAGE, CHECK_KINDS);
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json")
    throw new UsageError(`unknown format "${format}": use text or json`, VALIDATE_USAGE);
  const file = onePositional(positionals, VALIDATE_USAGE);
  const { json, duplicates } = await readJson(file, io.stdin);
  const checked = validateAny(kind, json);
  const result = { ...checked, warnings: [...duplicates.map(duplicateWarning), ...checked.warnings] };
  if (format === "json") {
    io.stdout(
      `${JSON.stringify({ ok: result.ok, errors: result.errors, warnings: result.warnings }, null, 2)}\n`,
    );
  } else {
    for (const p of [...result.errors, ...result.warnings]) io.stdout(`${problemLine(p)}\n`);
    const name = file === "-" ? "stdin" : file;
    io.stderr(
      result.ok
        ? `${name}: valid ${kind} body${result.warnings.length ? `, ${plural(result.warnings.length, "warning")}` : ""}\n`
        : `${name}: invalid ${kind} body: ${plural(result.errors.length, "error")}, ${plural(result.warnings.length, "warning")}\n`,
    );
  }
  return result.ok ? 0 : 1;
}

/** A key written twice: JSON keeps the last value, so the first is lost without this warning. */
function duplicateWarning(d: DuplicateKey): Problem {
  return problem(
    d.path,
    `is written twice in one object (lines ${d.ignoredLine} and ${d.keptLine}); JSON keeps only the last value, so the one on line ${d.ignoredLine} is ignored: remove one of them`,
    "warning",
    "duplicate_key",
  );
}

/** The problems left in a converted body, so the user knows what to finish by hand. */
function remainingProblems(result: MigrationSuccess): Problem[] {
  const v = validateAny(result.kind, result.body);
  return [...v.errors, ...v.warnings];
}

async function migrateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, MIGRATE_USAGE, ["kind"]);
  if (values.help) {
    io.stdout(`${MIGRATE_USAGE}\n`);
    return 0;
  }
  const kind =
    values.kind === undefined ? undefined : parseKind(values.kind, MIGRATE_USAGE, ["post", "user"] as const);
  const file = onePositional(positionals, MIGRATE_USAGE);
  const { json, duplicates } = await readJson(file, io.stdin);
  const result = migrateBody(json, kind ? { kind } : {});
  for (const d of duplicates) io.stderr(`${problemLine(duplicateWarning(d))}\n`);
  if (!result.ok) {
    io.stderr(`addon-studio migrate: ${result.message}\n`);
    return 1;
  }
  io.stdout(`${JSON.stringify(result.body, null, 2)}\n`);
  if (result.report.length === 0) io.stderr(`already a v2 ${result.kind} body: nothing to change\n`);
  else {
    io.stderr(
      result.from === "v2"
        ? `converted the v1 leftovers and old spellings in a v2 ${result.kind} body (${plural(result.report.length, "change")}):\n`
        : `converted a v1 ${result.kind} body to v2 (${plural(result.report.length, "change")}):\n`,
    );
    for (const c of result.report) io.stderr(`${formatChange(c)}\n`);
  }
  const left = remainingProblems(result);
  if (left.length) {
    io.stderr(`the ${result.kind} body still has ${plural(left.length, "problem")} to fix by hand:\n`);
    for (const p of left) io.stderr(`${problemLine(p)}\n`);
  }
  return 0;
}

function schemaCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parse(args, SCHEMA_USAGE, ["kind"]);
  if (values.help) {
    io.stdout(`${SCHEMA_USAGE}\n`);
    return 0;
  }
  if (positionals.length)
    throw new UsageError(`schema takes no file, but got ${positionals.join(" ")}`, SCHEMA_USAGE);
  const kind = parseKind(values.kind, SCHEMA_USAGE, CHECK_KINDS);
  io.stdout(`${JSON.stringify(toJsonSchema(kind), null, 2)}\n`);
  return 0;
}

/** Runs `addon-studio` with the given arguments; resolves to the exit code. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "validate":
        return await validateCommand(rest, io);
      case "migrate":
        return await migrateCommand(rest, io);
      case "schema":
        return schemaCommand(rest, io);
      case "help":
      case "--help":
      case "-h":
        io.stdout(`${ROOT_USAGE}\n`);
        return 0;
      case undefined:
        throw new UsageError("no command given", ROOT_USAGE);
      default:
        throw new UsageError(
          command.startsWith("-") ? `unknown option ${command}` : `unknown command "${command}"`,
          ROOT_USAGE,
        );
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`addon-studio: ${e.message}\n\n${e.usage}\n`);
      return 2;
    }
    if (e instanceof InputError) {
      io.stderr(`addon-studio: ${e.message}\n`);
      return 2;
    }
    // Whatever the input, a person gets one line that says what to do, not a stack trace.
    const why = e instanceof Error ? e.message : String(e);
    io.stderr(
      `addon-studio: internal error (${why}). This is a bug in addon-studio, not in your file: please report it with the input that caused it.\n`,
    );
    return 3;
  }
}
