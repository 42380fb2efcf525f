/** A path into a JSON document: object keys and array indices. */
export type PathSegment = string | number;

export type Severity = "error" | "warning";

/** One finding about a body: where (JSON path), what, and how serious. */
export interface Problem {
  /** Machine-readable segments, e.g. ["widgets", 2, "selector_row", "image_url"]. */
  path: PathSegment[];
  /** The path as people read it, e.g. `widgets[2].selector_row.image_url` (`(root)` for the body itself). */
  at: string;
  message: string;
  severity: Severity;
  /** Stable code from the problem catalogue, for tools. */
  code: string;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Formats a path as `widgets[2].selector_row.image_url`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (IDENT.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out === "" ? "(root)" : out;
}

/** Builds a problem, filling in its formatted path. */
export function problem(
  path: readonly PathSegment[],
  message: string,
  severity: Severity = "error",
  code = "invalid",
): Problem {
  return { path: [...path], at: formatPath(path), message, severity, code };
}
