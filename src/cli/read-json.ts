import { readFileSync } from "node:fs";
import { formatPath } from "../platform/problems";
import { type DuplicateKey, findDuplicateKeys, findJsonError, MAX_JSON_DEPTH } from "./json-error";

/** The input could not be used: unreadable, empty or not JSON. The CLI exits 2 on it. */
export class InputError extends Error {
  constructor(
    message: string,
    /** Where a JSON syntax error is, when the input was read but is not JSON. */
    readonly position?: { line: number; column: number },
  ) {
    super(message);
  }
}

/** Reads all of a stream (stdin) as bytes. */
async function readStream(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * Decodes UTF-8 strictly: a lenient decoder would turn bad bytes into U+FFFD, silently changing the
 * user's text before it is checked. UTF-16 (what some Windows editors save) is named as such.
 */
function decode(name: string, bytes: Buffer): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new InputError(`${name} is UTF-16 text: save it as UTF-8 and try again`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const at = firstBadUtf8(bytes);
    throw new InputError(
      `${name} is not UTF-8 text (a byte that is not UTF-8 at offset ${at}): save it as UTF-8 and try again`,
    );
  }
}

/**
 * Offset of the first byte that starts a malformed UTF-8 sequence (by lead and continuation bytes;
 * the strict decoder has already said the input is bad, this only points at where).
 */
function firstBadUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    const extra = lead < 0x80 ? 0 : lead >> 5 === 6 ? 1 : lead >> 4 === 14 ? 2 : lead >> 3 === 30 ? 3 : -1;
    if (extra < 0) return i;
    for (let k = 1; k <= extra; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += extra + 1;
  }
  return 0;
}

function readError(file: string, e: unknown): InputError {
  const code = e instanceof Error && "code" in e ? String(e.code) : "";
  const why =
    code === "ENOENT"
      ? "no such file"
      : code === "EISDIR"
        ? "it is a directory, not a file"
        : code === "EACCES"
          ? "permission denied"
          : e instanceof Error
            ? e.message
            : String(e);
  return new InputError(`cannot read ${file}: ${why}`);
}

/** A parsed input, with the keys JSON.parse silently dropped because they were written twice. */
export interface ReadJson {
  json: unknown;
  /** The text as read (after the byte order mark), to find the line of a path in it. */
  text: string;
  duplicates: DuplicateKey[];
}

/**
 * Reads `file` (or stdin when it is `-`) and parses it as JSON; failures are InputErrors
 * naming the file and, for bad JSON, the line and column.
 */
export async function readJson(file: string, stdin: AsyncIterable<Buffer | string>): Promise<ReadJson> {
  const name = file === "-" ? "stdin" : file;
  let text: string;
  try {
    // Sync: a CLI reading many small files is faster without a trip through the thread pool per file.
    const bytes = file === "-" ? await readStream(stdin) : readFileSync(file);
    text = decode(name, bytes);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw readError(name, e);
  }
  // Editors on some systems write a byte order mark, which JSON.parse refuses.
  if (text.startsWith("\uFEFF")) text = text.slice(1);
  if (text.trim() === "") throw new InputError(`${name} is empty: expected a JSON body`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const at = findJsonError(text);
    const detail = at
      ? `line ${at.line}, column ${at.column} (offset ${at.offset}): ${at.message}`
      : e instanceof Error
        ? e.message
        : String(e);
    throw new InputError(
      `${name} is not valid JSON: ${detail}`,
      at ? { line: at.line, column: at.column } : undefined,
    );
  }
  const deep = tooDeepAt(json);
  if (deep)
    throw new InputError(
      `${name} is nested more than ${MAX_JSON_DEPTH} levels deep (at ${formatPath(deep)}…): no platform body is nested like that, so it was not read`,
    );
  return { json, text, duplicates: findDuplicateKeys(text) };
}

/**
 * The path to the first value nested deeper than MAX_JSON_DEPTH, or undefined. Iterative, so that the
 * check itself cannot run out of stack; the validators and the migration recurse per level.
 */
function tooDeepAt(root: unknown): Array<string | number> | undefined {
  // Entries link to their parent instead of copying the path: the path is built only when needed.
  type Entry = { value: unknown; depth: number; seg?: string | number; parent?: Entry };
  const stack: Entry[] = [{ value: root, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, depth } = item;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      const path: Array<string | number> = [];
      for (let e: Entry | undefined = item; e?.seg !== undefined; e = e.parent) path.unshift(e.seg);
      return path.slice(0, 12);
    }
    if (Array.isArray(value))
      for (let i = 0; i < value.length; i++)
        stack.push({ value: value[i], depth: depth + 1, seg: i, parent: item });
    else
      for (const [k, v] of Object.entries(value))
        stack.push({ value: v, depth: depth + 1, seg: k, parent: item });
  }
  return undefined;
}
