// Keys written twice in one object, which JSON.parse drops without a word.
import type { PathSegment } from "../problems";

/** A key written twice in one object: JSON.parse keeps the last value and drops the first. */
export interface DuplicateKey {
  /** Path of the key (its object's path plus the key). */
  path: PathSegment[];
  /** 1-based line of the occurrence that is ignored, and of the one that is kept. */
  ignoredLine: number;
  keptLine: number;
  /** 1-based column of each key's opening quote: what tells them apart when both are on one line. */
  ignoredColumn: number;
  keptColumn: number;
}

/**
 * Finds keys written twice in one object of a valid JSON text. Iterative (a stack of open
 * containers), so nesting depth cannot exhaust the call stack.
 */
export function findDuplicateKeys(text: string): DuplicateKey[] {
  type Open =
    | { kind: "object"; seen: Map<string, { line: number; column: number }>; key: string | undefined }
    | { kind: "array"; index: number };
  const out: DuplicateKey[] = [];
  const stack: Open[] = [];
  let line = 1;
  let lineStart = 0;
  let expectKey = false;
  const pathHere = (): PathSegment[] => stack.map((o) => (o.kind === "object" ? (o.key ?? "") : o.index));
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") {
      line++;
      lineStart = i + 1;
    } else if (c === "{") {
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
        const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
        const before = top.seen.get(key);
        const here = { line, column: i - lineStart + 1 };
        top.key = key;
        if (before !== undefined)
          out.push({
            path: pathHere(),
            ignoredLine: before.line,
            keptLine: here.line,
            ignoredColumn: before.column,
            keptColumn: here.column,
          });
        top.seen.set(key, here);
        expectKey = false;
      }
      i = j;
    }
  }
  return out;
}
