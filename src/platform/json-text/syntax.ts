// Where a JSON text breaks: line, column, JSON path and what is wrong.
import { formatPath, type PathSegment } from "../problems";

/** Deepest nesting of arrays and objects read anywhere; platform bodies are under 12 levels deep. */
export const MAX_JSON_DEPTH = 1000;

/** Line and column (1-based) of a character offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

/** Where a JSON text stops being JSON: offset, 1-based line and column, the path there, and what is wrong. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  /** The value being read when the text broke (its first 12 steps). */
  path: PathSegment[];
  message: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Whether a JSON value can start with `c`. */
function startsValue(c: string | undefined): boolean {
  return c !== undefined && (c === "{" || c === "[" || c === '"' || c === "-" || /[0-9tfn]/.test(c));
}

/**
 * Finds the first syntax error of a JSON text, or undefined when it is valid. Engines word
 * JSON.parse's errors differently (some give no position at all), and people need a line and column.
 */
export function findJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const path: PathSegment[] = [];
  const shown = (at: number) => (at >= text.length ? "the end of the input" : `${JSON.stringify(text[at])}`);
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i] ?? "")) i++;
  };
  /** What people bring from JavaScript or JSON5, named rather than "found /". */
  const named = () => {
    if (text.startsWith("//", i) || text.startsWith("/*", i))
      throw new Stop(i, "a comment: JSON has no comments, remove it");
    if (text[i] === "'") throw new Stop(i, 'a single quote: JSON strings and names take double quotes (")');
  };
  const fail = (what: string): never => {
    named();
    const end = i >= text.length ? " (the text ends too early: a closing bracket or quote is missing)" : "";
    throw new Stop(i, `expected ${what}, found ${shown(i)}${end}`);
  };
  /** A word without quotes at `i` (`hello`, or `tru` where a literal began): not a JSON value. */
  const bareWord = (literalBegun: boolean): never => {
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0] ?? text[i] ?? "";
    const quote = `("${word}")`;
    throw new Stop(
      i,
      literalBegun
        ? `${word} is not a JSON value: write true, false or null as they are, or text in double quotes ${quote}`
        : `${word} is not a JSON value: text goes in double quotes ${quote}`,
    );
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i) && !/[A-Za-z0-9_]/.test(text[i + word.length] ?? "")) i += word.length;
    else bareWord(true);
  };
  const string = (): string => {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) throw new Stop(i, "unterminated string: add the closing quote");
      const c = text[i] ?? "";
      if (c === '"') {
        i++;
        const raw = text.slice(start + 1, i - 1);
        // Only a string with escapes needs decoding; most are plain.
        return raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
      }
      if (c === "\\") {
        const e = text[i + 1] ?? "";
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            throw new Stop(i, "bad \\u escape: write four hex digits");
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== "") i += 2;
        else
          throw new Stop(
            i,
            `bad escape \\${e} in a string: write \\\\ for a backslash, or one of \\n \\t \\" \\/ \\b \\f \\r \\uXXXX`,
          );
        continue;
      }
      if (c < " ") throw new Stop(i, "control character in a string: escape it (e.g. \\n)");
      i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === "" || m[0] === "-")
      throw new Stop(i, `expected a number, found ${shown(i)}: write digits after the minus`);
    const after = i + m[0].length;
    const next = text[after] ?? "";
    // What JavaScript or a hand allows and JSON does not, named with what to write.
    if (m[1] === "0" && /\d/.test(next))
      throw new Stop(
        i,
        "a number with a leading zero: JSON numbers do not start with 0 (write 1, not 01), or write it as a string",
      );
    if (next === "." || next === "e" || next === "E")
      throw new Stop(
        after,
        `a number that ends at ${JSON.stringify(next)}: write digits after it (1.0, 1e3) or remove it`,
      );
    i = after;
  };
  /** Steps past `close` when it is next (after space): true for an empty container, or at its end. */
  const closes = (close: string): boolean => {
    ws();
    if (text[i] !== close) return false;
    i++;
    return true;
  };
  /** After a member or element: true at the closing bracket, false after a comma, else a syntax error. */
  const ends = (close: string, what: string): boolean => {
    if (closes(close)) return true;
    if (text[i] !== ",") {
      named();
      // Another member or element right after this one: the comma between them is missing.
      const next = close === "}" ? text[i] === '"' : startsValue(text[i]);
      if (next)
        throw new Stop(
          i,
          `expected ',' or '${close}' after ${what}, found ${shown(i)}: a comma is missing before it, add ','`,
        );
      if (i < text.length)
        throw new Stop(
          i,
          `expected ',' or '${close}' after ${what}, found ${shown(i)}: add the missing '${close}' or ',' before it, or remove it`,
        );
      fail(`',' or '${close}' after ${what}`);
    }
    i++;
    return false;
  };
  const object = () => {
    i++;
    if (closes("}")) return;
    do {
      ws();
      if (text[i] !== '"') {
        if (text[i] === "}") throw new Stop(i, "trailing comma before }: remove the comma");
        fail("a property name in double quotes");
      }
      path.push(string());
      ws();
      if (text[i] !== ":") fail("':' after the property name");
      i++;
      value();
      path.pop();
    } while (!ends("}", "a property value"));
  };
  const array = () => {
    i++;
    if (closes("]")) return;
    let index = 0;
    do {
      ws();
      if (text[i] === "]") throw new Stop(i, "trailing comma before ]: remove the comma");
      path.push(index++);
      value();
      path.pop();
    } while (!ends("]", "an array element"));
  };
  let depth = 0;
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{" || c === "[") {
      // This finder recurses per level; past the readers' own limit the exact spot no longer matters.
      if (++depth > MAX_JSON_DEPTH)
        throw new Stop(
          i,
          `nested more than ${MAX_JSON_DEPTH} levels deep here (the syntax error lies further on)`,
        );
      if (c === "{") object();
      else array();
      depth--;
    } else if (c === '"') string();
    else if (c === "t") literal("true");
    else if (c === "f") literal("false");
    else if (c === "n") literal("null");
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) number();
    else if (c !== undefined && /[A-Za-z_$]/.test(c)) bareWord(false);
    else fail("a JSON value (object, array, string, number, true, false or null)");
  };
  try {
    value();
    ws();
    if (text[i] === "}" || text[i] === "]")
      throw new Stop(
        i,
        `an extra ${shown(i)} after the JSON value: remove it (or the opening bracket it was meant to close is missing)`,
      );
    if (i < text.length)
      throw new Stop(
        i,
        `unexpected ${shown(i)} after the JSON value: a body is one value; remove what follows it (check one body at a time)`,
      );
    return undefined;
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    return { offset: e.offset, ...lineColumn(text, e.offset), path: path.slice(0, 12), message: e.message };
  }
}

/** A syntax error in words: `line 3, column 19 (offset 40), in widgets[0].title_row: expected …`. */
export function describeJsonError(e: JsonSyntaxError): string {
  const where = e.path.length > 0 ? `, in ${formatPath(e.path)}` : "";
  return `line ${e.line}, column ${e.column} (offset ${e.offset})${where}: ${e.message}`;
}
