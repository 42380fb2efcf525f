import { closeSync, fstatSync, lstatSync, openSync, readlinkSync, readSync } from "node:fs";
import {
  type DuplicateKey,
  describeJsonError,
  findDuplicateKeys,
  parseJsonText,
  tooDeepWords,
} from "../platform/json-text";

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

/**
 * Inputs larger than this are not read: no platform body comes near it (the studio's proxy takes
 * 1 MB a request), and a file like /dev/zero, a log or a disk image would otherwise be read until
 * memory runs out.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

function tooLarge(name: string): InputError {
  return new InputError(
    `${name} is larger than ${MAX_INPUT_BYTES / (1024 * 1024)} MB: no platform body is that large, so it was not read (is it the file you meant?)`,
  );
}

/** Reads all of a stream (stdin) as bytes, up to MAX_INPUT_BYTES. */
async function readStream(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > MAX_INPUT_BYTES) throw tooLarge("stdin");
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Reads a file, up to MAX_INPUT_BYTES. Sync: a CLI reading many small files is faster without a
 * trip through the thread pool per file. A regular file is read in one go (its size is known); a
 * device or pipe in pieces, stopping past the limit.
 */
function readFileCapped(file: string): Buffer {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_INPUT_BYTES) throw tooLarge(file);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.max(size + 1, 64 * 1024));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > MAX_INPUT_BYTES) throw tooLarge(file);
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * Decodes UTF-8 strictly: a lenient decoder would turn bad bytes into U+FFFD, silently changing the
 * user's text before it is checked. UTF-16 (what some Windows editors save) is named as such.
 */
function decode(name: string, bytes: Buffer): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new InputError(`${name} is UTF-16 text: save it as UTF-8 and try again`);
  // JSON starts with ASCII characters: NUL bytes between them are UTF-16 saved without a byte order
  // mark (the first four bytes alternate NUL and not NUL).
  const head = [...bytes.subarray(0, 4)];
  const alternates = (nulAt: 0 | 1) => head.every((b, i) => (i % 2 === nulAt) === (b === 0));
  if (head.length >= 2 && (alternates(0) || alternates(1)))
    throw new InputError(
      `${name} looks like UTF-16 text (without a byte order mark): save it as UTF-8 and try again`,
    );
  // JSON has no raw NUL byte anywhere (not even inside a string): an image or another binary file.
  const nul = bytes.indexOf(0);
  if (nul >= 0)
    throw new InputError(
      `${name} is not a text file (a NUL byte at offset ${nul}, as in images and other binary files): give it a JSON file`,
    );
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

/** Where a symbolic link at `file` points, when it is one (a link whose target is gone reads ENOENT). */
function linkTarget(file: string): string | undefined {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : undefined;
  } catch {
    return undefined;
  }
}

function readError(file: string, e: unknown): InputError {
  const code = e instanceof Error && "code" in e ? String(e.code) : "";
  const target = code === "ENOENT" && file !== "stdin" ? linkTarget(file) : undefined;
  const why =
    target !== undefined
      ? `it is a symbolic link to ${target}, which does not exist: fix or remove the link`
      : code === "ENOENT"
        ? /[/\\]$/.test(file)
          ? "no such folder"
          : "no such file"
        : code === "EISDIR"
          ? "it is a directory, not a file"
          : code === "EACCES"
            ? "permission denied"
            : e instanceof Error
              ? e.message
              : String(e);
  return new InputError(`cannot read ${file}: ${why}`);
}

/**
 * What a key written twice means, for a warning at its path: the two lines, or the two columns
 * when both are on one line (a minified file), and which one JSON drops.
 */
export function duplicateKeyMessage(d: DuplicateKey): string {
  const [where, ignored] =
    d.ignoredLine === d.keptLine
      ? [`line ${d.keptLine}, columns ${d.ignoredColumn} and ${d.keptColumn}`, `at column ${d.ignoredColumn}`]
      : [`lines ${d.ignoredLine} and ${d.keptLine}`, `on line ${d.ignoredLine}`];
  return `is written twice in one object (${where}); JSON keeps only the last value, so the one ${ignored} is ignored: remove one of them`;
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
    const bytes = file === "-" ? await readStream(stdin) : readFileCapped(file);
    text = decode(name, bytes);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw readError(name, e);
  }
  const parsed = parseJsonText(text);
  if (parsed.ok) return { json: parsed.json, text: parsed.text, duplicates: findDuplicateKeys(parsed.text) };
  if (parsed.reason === "empty")
    throw new InputError(
      file === "-"
        ? "stdin is empty: expected one JSON body on standard input; pipe a file in (< addon.json), or give the file's name instead of -"
        : `${name} is empty: expected one JSON body, such as {"widgets": [...]}; write the body in it, or leave the file out`,
    );
  if (parsed.reason === "too_deep")
    throw new InputError(
      `${name} is ${tooDeepWords(parsed.path)}: no platform body is nested like that, so it was not read`,
    );
  const { line, column } = parsed.error;
  throw new InputError(`${name} is not valid JSON: ${describeJsonError(parsed.error)}`, { line, column });
}
