/** Where a JSON text stops being JSON: offset, 1-based line and column, and what went wrong. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  message: string;
}

/** Deepest nesting of arrays and objects the CLI reads; platform bodies are under 12 levels deep. */
export const MAX_JSON_DEPTH = 1000;

class Stop extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Finds the first syntax error of a JSON text, or undefined when it is valid. Node 20's
 * JSON.parse names a position only for some errors, and people need a line and column.
 */
export function findJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const shown = (at: number) => (at >= text.length ? "the end of the input" : `${JSON.stringify(text[at])}`);
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i] ?? "")) i++;
  };
  const fail = (what: string): never => {
    throw new Stop(i, `expected ${what}, found ${shown(i)}`);
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail("a JSON value (object, array, string, number, true, false or null)");
  };
  const string = () => {
    i++;
    for (;;) {
      if (i >= text.length) throw new Stop(i, "unterminated string: add the closing quote");
      const c = text[i] ?? "";
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        const e = text[i + 1] ?? "";
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            throw new Stop(i, "bad \\u escape: write four hex digits");
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== "") i += 2;
        else throw new Stop(i, `bad escape \\${e} in a string`);
        continue;
      }
      if (c < " ") throw new Stop(i, "control character in a string: escape it (e.g. \\n)");
      i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === "" || m[0] === "-") fail("a number");
    else i += m[0].length;
  };
  const valueAt = (): void => {
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') {
          if (text[i] === "}") throw new Stop(i, "trailing comma before }: remove the comma");
          fail("a property name in double quotes");
        }
        string();
        ws();
        if (text[i] !== ":") fail("':' after the property name");
        i++;
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return;
        }
        fail("',' or '}' after a property value");
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] === "]") throw new Stop(i, "trailing comma before ]: remove the comma");
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return;
        }
        fail("',' or ']' after an array element");
      }
    }
    if (c === '"') string();
    else if (c === "t") literal("true");
    else if (c === "f") literal("false");
    else if (c === "n") literal("null");
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) number();
    else fail("a JSON value (object, array, string, number, true, false or null)");
  };
  let depth = 0;
  const value = (): void => {
    ws();
    const nested = text[i] === "{" || text[i] === "[";
    // This finder recurses per level; past the reader's own limit the exact spot no longer matters.
    if (nested && ++depth > MAX_JSON_DEPTH)
      throw new Stop(
        i,
        `nested more than ${MAX_JSON_DEPTH} levels deep here (the syntax error lies further on)`,
      );
    valueAt();
    if (nested) depth--;
  };
  try {
    value();
    ws();
    if (i < text.length) throw new Stop(i, `unexpected ${shown(i)} after the JSON value`);
    return undefined;
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
    const before = text.slice(0, e.offset);
    const line = before.split("\n").length;
    const column = e.offset - before.lastIndexOf("\n");
    return { offset: e.offset, line, column, message: e.message };
  }
}

/** A key written twice in one object: JSON.parse keeps the last value and drops the first. */
export interface DuplicateKey {
  /** Path of the key (its object's path plus the key). */
  path: Array<string | number>;
  /** 1-based line of the occurrence that is ignored, and of the one that is kept. */
  ignoredLine: number;
  keptLine: number;
}

/**
 * Finds keys written twice in one object of a valid JSON text. Iterative (a stack of open
 * containers), so nesting depth cannot exhaust the call stack.
 */
export function findDuplicateKeys(text: string): DuplicateKey[] {
  type Open =
    | { kind: "object"; seen: Map<string, number>; key: string | undefined }
    | { kind: "array"; index: number };
  const out: DuplicateKey[] = [];
  const stack: Open[] = [];
  let line = 1;
  let expectKey = false;
  const pathHere = (): Array<string | number> => {
    const path: Array<string | number> = [];
    for (const o of stack) path.push(o.kind === "object" ? (o.key ?? "") : o.index);
    return path;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    else if (c === "{") {
      stack.push({ kind: "object", seen: new Map(), key: undefined });
      expectKey = true;
    } else if (c === "[") stack.push({ kind: "array", index: 0 });
    else if (c === "}" || c === "]") stack.pop();
    else if (c === ",") {
      const top = stack[stack.length - 1];
      if (top?.kind === "array") top.index++;
      else expectKey = true;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.kind === "object") {
        const raw = text.slice(i + 1, j);
        // Only a key with escapes needs decoding; most keys are plain.
        const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
        const before = top.seen.get(key);
        top.key = key;
        if (before !== undefined) out.push({ path: pathHere(), ignoredLine: before, keptLine: line });
        top.seen.set(key, line);
        expectKey = false;
      }
      i = j;
    }
  }
  return out;
}
