import type { PathSegment } from "../platform/problems";

/** Where a value sits in a JSON text: 1-based line and column. */
export interface TextPosition {
  line: number;
  column: number;
}

const keyOf = (path: readonly PathSegment[]) => JSON.stringify(path);

/**
 * Finds the line and column of each path in a valid JSON text: the key of an object member, the
 * first character of an array element. A path that does not exist (a missing required field) gets
 * the position of its nearest existing parent, so an annotation still lands in the right object.
 * One pass over the text, iterative like `findDuplicateKeys`; the last of duplicate keys wins, as
 * in JSON.parse.
 */
export function locatePaths(
  text: string,
  paths: ReadonlyArray<readonly PathSegment[]>,
): Array<TextPosition | undefined> {
  const wanted = new Set<string>();
  for (const p of paths) for (let n = 0; n <= p.length; n++) wanted.add(keyOf(p.slice(0, n)));
  const found = new Map<string, TextPosition>([[keyOf([]), { line: 1, column: 1 }]]);
  type Open = { kind: "object"; key: string | undefined } | { kind: "array"; index: number; fresh: boolean };
  const stack: Open[] = [];
  let line = 1;
  let lineStart = 0;
  let expectKey = false;
  const here = (i: number): TextPosition => ({ line, column: i - lineStart + 1 });
  const record = (i: number) => {
    const path: PathSegment[] = [];
    for (const o of stack) path.push(o.kind === "object" ? (o.key ?? "") : o.index);
    const k = keyOf(path);
    if (wanted.has(k)) found.set(k, here(i));
  };
  // An array element starts at the first character after `[` or `,` that is not space or `]`.
  const elementStart = (i: number) => {
    const top = stack[stack.length - 1];
    if (top?.kind === "array" && top.fresh) {
      top.fresh = false;
      record(i);
    }
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      line++;
      lineStart = i + 1;
    } else if (c === " " || c === "\t" || c === "\r" || c === ":") {
      // Between tokens.
    } else if (c === "]" || c === "}") stack.pop();
    else if (c === ",") {
      const top = stack[stack.length - 1];
      if (top?.kind === "array") {
        top.index++;
        top.fresh = true;
      } else expectKey = true;
    } else {
      if (!(expectKey && c === '"')) elementStart(i);
      if (c === "{") {
        stack.push({ kind: "object", key: undefined });
        expectKey = true;
      } else if (c === "[") stack.push({ kind: "array", index: 0, fresh: true });
      else if (c === '"') {
        let j = i + 1;
        while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
        const top = stack[stack.length - 1];
        if (expectKey && top?.kind === "object") {
          top.key = JSON.parse(text.slice(i, j + 1)) as string;
          record(i);
          expectKey = false;
        }
        i = j;
      }
    }
  }
  return paths.map((p) => {
    for (let n = p.length; n >= 0; n--) {
      const pos = found.get(keyOf(p.slice(0, n)));
      if (pos) return pos;
    }
    return undefined;
  });
}
