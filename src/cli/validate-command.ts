import { isAbsolute, relative, resolve, sep } from "node:path";
import { BODY_KINDS } from "../platform/bodies";
import { STUDIO_BODY_LIMIT } from "../platform/body-check";
import type { DuplicateKey } from "../platform/json-text";
import { locatePaths } from "../platform/json-text";
import { type Problem, problem } from "../platform/problems";
import { CHECK_KINDS, type CheckKind, validateAny } from "../platform/validate";
import { EMPTY_ARGUMENT, parse, parseKind, plural, UsageError } from "./args";
import { collectFiles, type Input } from "./collect-files";
import { inferKind } from "./infer-kind";
import type { CliIo } from "./main";
import { duplicateKeyMessage, InputError, readJson } from "./read-json";
import { VALIDATE_USAGE } from "./usage";

/** A problem with the line and column of the offending value, when found in the text. */
export type LocatedProblem = Problem & { line?: number; column?: number };

/** The outcome for one file: checked (valid or not), or not checked and why. */
export type FileResult =
  | { file: string; kind: CheckKind; ok: boolean; errors: LocatedProblem[]; warnings: LocatedProblem[] }
  | {
      file: string;
      ok: false;
      /** `unreadable`: missing, not UTF-8 or not JSON; `unknown_kind`: no --kind and the body does not say. */
      error: { code: "unreadable" | "unknown_kind"; message: string; line?: number; column?: number };
    };

/** A key written twice: JSON keeps the last value, so the first is lost without this warning. */
export function duplicateWarning(d: DuplicateKey): Problem {
  return problem(d.path, duplicateKeyMessage(d), "warning", "duplicate_key");
}

function displayName(file: string): string {
  return file === "-" ? "stdin" : file;
}

async function checkOne(input: Input, kind: CheckKind | undefined, io: CliIo): Promise<FileResult> {
  const file = displayName(input.file);
  if ("missing" in input) return { file, ok: false, error: { code: "unreadable", message: input.missing } };
  let read: Awaited<ReturnType<typeof readJson>>;
  try {
    read = await readJson(input.file, io.stdin);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { file, ok: false, error: { code: "unreadable", message: e.message, ...e.position } };
  }
  let checkKind = kind;
  if (checkKind === undefined) {
    const inferred = inferKind(read.json);
    if (typeof inferred !== "string")
      return {
        file,
        ok: false,
        error: {
          code: "unknown_kind",
          message: `cannot tell which body ${file} is: ${inferred.unknown}; ${inferred.advice ?? `pass --kind (${CHECK_KINDS.join(", ")})`}`,
        },
      };
    checkKind = inferred;
  }
  const checked = validateAny(checkKind, read.json);
  const tooLarge = oversize(checkKind, read.text, read.json);
  const errors: LocatedProblem[] = tooLarge ? [tooLarge, ...checked.errors] : checked.errors;
  const warnings: LocatedProblem[] = [...read.duplicates.map(duplicateWarning), ...checked.warnings];
  const all = [...errors, ...warnings];
  if (all.length > 0) {
    const positions = locatePaths(
      read.text,
      all.map((p) => p.path),
    );
    all.forEach((p, i) => {
      const pos = positions[i];
      if (pos) Object.assign(p, pos);
    });
    // In the file's order, as a linter reports (the schema's order is by path: line 5 column 87 came
    // before line 5 column 43); problems of the whole body (no position) first. The sort is stable.
    const inFileOrder = (a: LocatedProblem, b: LocatedProblem) =>
      (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
    errors.sort(inFileOrder);
    warnings.sort(inFileOrder);
  }
  return { file, kind: checkKind, ok: checked.ok && !tooLarge, errors, warnings };
}

/** A body the studio's proxy would refuse for its size (as the editor sends it: compact JSON). */
function oversize(kind: CheckKind, text: string, json: unknown): Problem | undefined {
  if (!(BODY_KINDS as readonly string[]).includes(kind) || Buffer.byteLength(text) <= STUDIO_BODY_LIMIT)
    return undefined;
  const bytes = Buffer.byteLength(JSON.stringify(json));
  if (bytes <= STUDIO_BODY_LIMIT) return undefined;
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return problem(
    [],
    `the body is ${mb(bytes)} as compact JSON; the studio's proxy takes at most ${mb(STUDIO_BODY_LIMIT)} per request (the platform documents no limit): ${kind === "chat" ? "shorten the message" : "split the widgets over several add-ons, or shorten long texts"}`,
    "error",
    "too_big",
  );
}

/** Checks files a few at a time: all at once would run out of file handles on a large folder. */
async function checkAll(inputs: Input[], kind: CheckKind | undefined, io: CliIo): Promise<FileResult[]> {
  const results: FileResult[] = new Array(inputs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < inputs.length; i = next++)
      results[i] = await checkOne(inputs[i] as Input, kind, io);
  };
  await Promise.all(Array.from({ length: Math.min(32, inputs.length) }, worker));
  return results;
}

function where(file: string, p: { line?: number; column?: number }): string {
  return p.line === undefined ? file : `${file}:${p.line}:${p.column ?? 1}`;
}

/** GitHub Actions' escaping of a workflow command's message and of its properties. */
function ghData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function ghProp(s: string): string {
  return ghData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * The annotation's file as GitHub's runner reads it: a relative path is taken from the repository's
 * root (GITHUB_WORKSPACE), not from the step's working-directory, so a path typed relative to a
 * subfolder (a monorepo's `working-directory: packages/app`) is given from the root. Absolute paths
 * the runner makes relative itself; outside the workspace, or outside GitHub Actions, as given.
 */
function ghFile(file: string, workspace: string | undefined): string {
  if (!workspace || isAbsolute(file)) return file;
  const fromRoot = relative(workspace, resolve(file));
  if (fromRoot === "" || fromRoot.startsWith("..") || isAbsolute(fromRoot)) return file;
  return fromRoot.split(sep).join("/");
}

function ghAnnotation(
  level: "error" | "warning",
  file: string,
  pos: { line?: number; column?: number },
  message: string,
  workspace: string | undefined,
): string {
  const props = [file === "stdin" ? undefined : `file=${ghProp(ghFile(file, workspace))}`];
  if (pos.line !== undefined) props.push(`line=${pos.line}`, `col=${pos.column ?? 1}`);
  props.push("title=addon-studio validate");
  return `::${level} ${props.filter(Boolean).join(",")}::${ghData(message)}`;
}

interface Summary {
  files: number;
  valid: number;
  invalid: number;
  unchecked: number;
  errors: number;
  warnings: number;
}

function summarise(results: FileResult[]): Summary {
  const s: Summary = { files: results.length, valid: 0, invalid: 0, unchecked: 0, errors: 0, warnings: 0 };
  for (const r of results) {
    if ("error" in r) s.unchecked++;
    else {
      if (r.ok) s.valid++;
      else s.invalid++;
      s.errors += r.errors.length;
      s.warnings += r.warnings.length;
    }
  }
  return s;
}

function summaryLine(results: FileResult[], s: Summary): string | undefined {
  const only = results[0];
  if (results.length === 1 && only && !("error" in only)) {
    const w = only.warnings.length;
    return only.ok
      ? `${only.file}: valid ${only.kind} body${w ? `, ${plural(w, "warning")}` : ""}`
      : `${only.file}: invalid ${only.kind} body: ${plural(only.errors.length, "error")}, ${plural(w, "warning")}`;
  }
  if (results.length === 1) return undefined;
  const parts = [`${s.valid} valid`, `${s.invalid} invalid`];
  if (s.unchecked) parts.push(`${s.unchecked} not checked`);
  return `Checked ${plural(s.files, "file")}: ${parts.join(", ")} (${plural(s.errors, "error")}, ${plural(s.warnings, "warning")})`;
}

function problemText(p: LocatedProblem): string {
  return `${p.severity === "warning" ? "warning " : ""}${p.at}: ${p.message}`;
}

/** `addon-studio validate`: checks files, folders, globs or stdin; exit 0 valid, 1 invalid, 2 not checked. */
export async function validateCommand(
  args: string[],
  io: CliIo,
  env: Record<string, string | undefined> = {},
): Promise<number> {
  const { values, positionals } = parse(args, VALIDATE_USAGE, ["kind", "format"]);
  if (values.help) {
    io.stdout(`${VALIDATE_USAGE}\n`);
    return 0;
  }
  const kind = values.kind === undefined ? undefined : parseKind(values.kind, VALIDATE_USAGE, CHECK_KINDS);
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json" && format !== "github")
    throw new UsageError(`unknown format "${format}": use text, json or github`, VALIDATE_USAGE);
  if (positionals.length === 0)
    throw new UsageError("give files, folders or globs to check, or - for stdin", VALIDATE_USAGE);
  if (positionals.some((p) => p.trim() === "")) throw new UsageError(EMPTY_ARGUMENT, VALIDATE_USAGE);

  const results = await checkAll(await collectFiles(positionals), kind, io);
  const summary = summarise(results);
  const exit = summary.unchecked > 0 ? 2 : summary.invalid > 0 ? 1 : 0;

  if (format === "json") {
    io.stdout(`${JSON.stringify({ ok: exit === 0, summary, files: results }, null, 2)}\n`);
    return exit;
  }
  for (const r of results) {
    if ("error" in r) {
      if (format === "github")
        io.stdout(`${ghAnnotation("error", r.file, r.error, r.error.message, env.GITHUB_WORKSPACE)}\n`);
      io.stderr(`addon-studio: ${r.error.message}\n`);
      continue;
    }
    for (const p of [...r.errors, ...r.warnings])
      io.stdout(
        format === "github"
          ? `${ghAnnotation(p.severity, r.file, p, `${p.at}: ${p.message}`, env.GITHUB_WORKSPACE)}\n`
          : `${where(r.file, p)}: ${problemText(p)}\n`,
      );
  }
  const line = summaryLine(results, summary);
  if (line) io.stderr(`${line}\n`);
  return exit;
}
