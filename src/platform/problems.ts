/** A path into a JSON document: object keys and array indices. */
export type PathSegment = string | number;

export type Severity = "error" | "warning";

/** zod's issue codes, kept as problem codes for the errors the schemas find (zod's own names). */
export const SCHEMA_PROBLEM_CODES = [
  "invalid_type",
  "invalid_value",
  "invalid_format",
  "invalid_union",
  "invalid_key",
  "invalid_element",
  "too_small",
  "too_big",
  "not_multiple_of",
  "custom",
] as const;

/**
 * Every code a problem carries: zod's issue codes for schema errors (unrecognised keys become
 * `unknown_field` or `v1_field`), then the studio's own checks. docs/cli.md lists them.
 */
export const PROBLEM_CODES = [
  ...SCHEMA_PROBLEM_CODES,
  /** A key the schema does not accept and that no version of the platform had there. */
  "unknown_field",
  /** A key v1 had that v2 renamed, removed or moved: `addon-studio migrate` converts it. */
  "v1_field",
  /** A whole v1 body (widgets.widget_list). */
  "v1_body",
  /** A v1 widget ({widget_type, data}). */
  "v1_widget",
  "null_as_absent",
  /** A field's proto3 zero value, which the platform reads as not set (a percentage_score of 0). */
  "zero_as_absent",
  "unknown_icon",
  "image_id_url",
  "no_action",
  "no_widgets",
  "old_spelling",
  "semantic_path_unset",
  "semantic_value",
  "semantic_unhashed",
  /** A semantic key written as a known one in other letter case ("vin" for VIN). */
  "semantic_key_case",
  /** A user add-on category that is empty or blank. */
  "empty_category",
  "chat_grid",
  /** More than 9 chat buttons across both sides: the spec's "up to 9 after each message". */
  "chat_buttons_per_message",
  "not_live_event_type",
  /** A field of the spec the live body has not (chat's `type`): accepted, left out of what is sent. */
  "not_live_field",
  /** A key written twice in one object of the JSON text. */
  "duplicate_key",
  /** A delivery the studio's platform endpoints refuse. */
  "invalid_delivery",
  /** The editor's cost field holds text that is not a number yet. */
  "cost_not_a_number",
] as const;
/** A problem's stable code, for tools (`--format json`) and for the editor's filters. */
export type ProblemCode = (typeof PROBLEM_CODES)[number];
/** The codes of an unaccepted key: renamed/removed in v2, or never accepted there. */
export type UnknownKeyCode = Extract<ProblemCode, "unknown_field" | "v1_field">;

/** Why a key is not accepted where it stands, with the code of that reason. */
export interface KeyHint {
  code: UnknownKeyCode;
  message: string;
  /** The key it should be renamed to, when that is a plain rename (see `Problem.rename`). */
  rename?: string;
}

/** A hint for a key v1 had here (renamed, removed or moved in v2). */
export function v1Field(message: string, rename?: string): KeyHint {
  return rename ? { code: "v1_field", message, rename } : { code: "v1_field", message };
}

/** A hint for a key that does not belong here in any version (another body's, the address's). */
export function unknownField(message: string, rename?: string): KeyHint {
  return rename ? { code: "unknown_field", message, rename } : { code: "unknown_field", message };
}

/** One finding about a body: where (JSON path), what, and how serious. */
export interface Problem {
  /** Machine-readable segments, e.g. ["widgets", 2, "selector_row", "image_url"]. */
  path: PathSegment[];
  /** The path as people read it, e.g. `widgets[2].selector_row.image_url` (`(root)` for the body itself). */
  at: string;
  message: string;
  severity: Severity;
  /** Stable code from the problem catalogue, for tools. */
  code: ProblemCode;
  /**
   * For a key that is not accepted but names one that is (a misspelling, another case, a v1 name):
   * the key to rename it to, keeping its value. The studio offers it as a one-click fix.
   */
  rename?: string;
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

/** A zod issue's path as a JSON path (zod allows symbol keys, which JSON has none of). */
export function issuePath(path: readonly PropertyKey[]): PathSegment[] {
  return path.filter((s): s is PathSegment => typeof s !== "symbol");
}

/** Builds a problem, filling in its formatted path. */
export function problem(
  path: readonly PathSegment[],
  message: string,
  severity: Severity,
  code: ProblemCode,
  rename?: string,
): Problem {
  const out: Problem = { path: [...path], at: formatPath(path), message, severity, code };
  if (rename) out.rename = rename;
  return out;
}
