import { readFile } from "node:fs/promises";
import { formatPath } from "../platform/problems";
import { MAX_JSON_DEPTH, findJsonError } from "./json-error";

/** The input could not be used: unreadable, empty or not JSON. The CLI exits 2 on it. */
export class InputError extends Error {}

/** Reads all of a stream (stdin) as UTF-8. */
async function readStream(stream: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
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

/**
 * Reads `file` (or stdin when it is `-`) and parses it as JSON; failures are InputErrors
 * naming the file and, for bad JSON, the line and column.
 */
export async function readJson(file: string, stdin: AsyncIterable<Buffer | string>): Promise<unknown> {
  const name = file === "-" ? "stdin" : file;
  let text: string;
  try {
    text = file === "-" ? await readStream(stdin) : await readFile(file, "utf8");
  } catch (e) {
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
    throw new InputError(`${name} is not valid JSON: ${detail}`);
  }
  const deep = tooDeepAt(json);
  if (deep)
    throw new InputError(
      `${name} is nested more than ${MAX_JSON_DEPTH} levels deep (at ${formatPath(deep)}…): no platform body is nested like that, so it was not read`,
    );
  return json;
}

/**
 * The path to the first value nested deeper than MAX_JSON_DEPTH, or undefined. Iterative, so that the
 * check itself cannot run out of stack; the validators and the migration recurse per level.
 */
function tooDeepAt(root: unknown): Array<string | number> | undefined {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value: root, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_JSON_DEPTH) return path.slice(0, 12);
    if (Array.isArray(value))
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], path: [...path, i] });
    else for (const [k, v] of Object.entries(value)) stack.push({ value: v, path: [...path, k] });
  }
  return undefined;
}
