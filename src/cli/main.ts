import { version } from "../../package.json";
import { jsonSchemaText } from "../platform/json-schema";
import { formatChange, type MigrationSuccess, migrateBody } from "../platform/migrate";
import { closestName } from "../platform/names";
import type { Problem } from "../platform/problems";
import { CHECK_KINDS, validateAny } from "../platform/validate";
import { EMPTY_ARGUMENT, parse, parseKind, plural, UsageError } from "./args";
import { InputError, readJson } from "./read-json";
import { storeCommand } from "./store-command";
import { studioCommand } from "./studio-command";
import { MIGRATE_USAGE, ROOT_USAGE, SCHEMA_USAGE } from "./usage";
import { duplicateWarning, validateCommand } from "./validate-command";

/** Where the CLI reads and writes; tests pass their own. */
export interface CliIo {
  stdin: AsyncIterable<Buffer | string>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function onePositional(positionals: string[], usage: string): string {
  if (positionals.length === 0) throw new UsageError("give a file to read, or - for stdin", usage);
  if (positionals[0]?.trim() === "") throw new UsageError(EMPTY_ARGUMENT, usage);
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
  io.stdout(jsonSchemaText(kind));
  return 0;
}

/**
 * What a usage error shows under its message: the whole help for the command itself (it lists the
 * commands), a subcommand's synopsis and where its help is otherwise (a page of options would bury
 * the one line that says what was wrong).
 */
function usageReminder(usage: string): string {
  if (usage === ROOT_USAGE) return usage;
  const synopsis = usage.split("\n\n")[0] ?? usage;
  const command = /^Usage: (addon-studio [a-z]+(?: [a-z]+)?)/.exec(synopsis)?.[1] ?? "addon-studio";
  return `${synopsis}\nRun "${command} --help" for its options.`;
}

const COMMANDS = ["studio", "validate", "migrate", "schema", "store", "help", "version"];

/** A command's option written before any command: where it goes (`addon-studio --port 9000`). */
const OPTION_OWNERS: Record<string, string> = {
  port: "studio --port <n>",
  host: "studio --host <address>",
  "emulator-port": "studio --emulator-port <n>",
  "data-dir": "studio --data-dir <folder>",
  kind: "validate --kind <kind>",
  format: "validate --format text|json|github",
  to: "store copy --to <postgres-url>",
};

/**
 * What was wrong with the first argument and what to write instead: a misspelt command or option, a
 * command's option given before the command, or a file given without `validate`.
 */
function unknownCommand(command: string): string {
  if (command.startsWith("-")) {
    const name = command.replace(/^-+/, "").split("=")[0] ?? "";
    const owner = OPTION_OWNERS[name];
    if (owner) return `${command} is an option of a command: addon-studio ${owner}`;
    const meant = closestName(name, ["help", "version"]);
    return meant ? `unknown option ${command}: did you mean --${meant}?` : `unknown option ${command}`;
  }
  const meant = closestName(command.toLowerCase(), COMMANDS);
  if (meant) return `unknown command "${command}": did you mean "${meant}"?`;
  if (/\.json$/i.test(command) || /[\\/]/.test(command) || command === ".")
    return `unknown command "${command}": to check it, run addon-studio validate ${command}`;
  return `unknown command "${command}"`;
}

/** Runs `addon-studio` with the given arguments; resolves to the exit code. */
export async function run(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = {},
): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "validate":
        return await validateCommand(rest, io, env);
      case "studio":
        return await studioCommand(rest, io, env);
      case "store":
        return await storeCommand(rest, io, env);
      case "--version":
      case "-v":
      case "version":
        io.stdout(`${version}\n`);
        return 0;
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
        throw new UsageError(unknownCommand(command), ROOT_USAGE);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`addon-studio: ${e.message}\n\n${usageReminder(e.usage)}\n`);
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
