import type { PathSegment } from "../problems";

/** Where a value sits in a JSON text: 1-based line and column. */
export interface TextPosition {
  line: number;
  column: number;
}

/** A path as one string: each segment JSON-encoded (keys quoted, indices bare), joined by "/". */
function segKey(prefix: string, seg: PathSegment): string {
  return `${prefix}/${typeof seg === "number" ? seg : JSON.stringify(seg)}`;
}
const keyOf = (path: readonly PathSegment[]) => path.reduce<string>((k, seg) => segKey(k, seg), "");

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
  // Each open container knows the key of its own path, so a member's key is one concatenation.
  type Open = { prefix: string } & (
    | { kind: "object"; key: string | undefined }
    | { kind: "array"; index: number; fresh: boolean }
  );
  const stack: Open[] = [];
  let line = 1;
  let lineStart = 0;
  let expectKey = false;
  let last = keyOf([]);
  const childKey = (seg: PathSegment): string => {
    const top = stack[stack.length - 1];
    return top === undefined ? keyOf([]) : segKey(top.prefix, seg);
  };
  const record = (i: number, key: string) => {
    last = key;
    if (wanted.has(key)) found.set(key, { line, column: i - lineStart + 1 });
  };
  // An array element starts at the first character after `[` or `,` that is not space or `]`.
  const elementStart = (i: number) => {
    const top = stack[stack.length - 1];
    if (top?.kind === "array" && top.fresh) {
      top.fresh = false;
      record(i, segKey(top.prefix, top.index));
    }
  };
  // The path of the value about to open: the member or element just recorded, or the root.
  const openingPrefix = () => (stack.length === 0 ? keyOf([]) : last);
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
        stack.push({ prefix: openingPrefix(), kind: "object", key: undefined });
        expectKey = true;
      } else if (c === "[") stack.push({ prefix: openingPrefix(), kind: "array", index: 0, fresh: true });
      else if (c === '"') {
        let j = i + 1;
        while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
        const top = stack[stack.length - 1];
        if (expectKey && top?.kind === "object") {
          const raw = text.slice(i + 1, j);
          top.key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
          record(i, childKey(top.key));
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
