// zod issues to problems with JSON paths, in words a person can act on.
import type * as z from "zod";
import { isWidgetKind } from "../../widgets/registry";
import { describeValue } from "../fields";
import { own, valueAt } from "../json";
import { type PathSegment, type Problem, problem, type SCHEMA_PROBLEM_CODES } from "../problems";
import { type CheckKind, cleanPath } from "./kinds";
import { unknownKeyHint } from "./unknown-keys";

/** Event type values used in the wrong place: [a value of the enum that marks the place, message]. */
const EVENT_TYPE_HINTS: Record<string, readonly [string, string]> = {
  NEW_MESSAGE: [
    "NEW_MESSAGE_ON_POST",
    "NEW_MESSAGE is the type of a delivered event; to receive it, subscribe to NEW_MESSAGE_ON_POST (spec 6.3.4)",
  ],
  NEW_MESSAGE_ON_POST: [
    "NEW_MESSAGE",
    "NEW_MESSAGE_ON_POST is a subscription event type; its deliveries have type NEW_MESSAGE (spec 6.3.4)",
  ],
  CHAT_MESSAGE: [
    "NEW_MESSAGE",
    "CHAT_MESSAGE is the old delivered type (spec 6.3.7); a chat message now arrives as type NEW_MESSAGE with new_message",
  ],
};

/** zod's names for expected types, in the words a person reads. */
function expectedWords(expected: string): string {
  switch (expected) {
    case "object":
    case "record":
      return "an object";
    case "array":
      return "an array";
    case "int":
      return "a whole number";
    case "string":
      return "a string (text)";
    default:
      return `a ${expected}`;
  }
}

/**
 * Rewrites zod's default wording (kept by schemas without their own messages, such as the event
 * schemas) into the studio's: what is wrong and what to write instead. `value` is what the JSON
 * holds at the issue's path (undefined when the field is missing).
 */
function messageOf(issue: z.core.$ZodIssue, value: unknown, missing: boolean): string {
  const m = issue.message;
  if (!m.startsWith("Invalid ") && !m.startsWith("Too ")) return m;
  switch (issue.code) {
    case "invalid_type": {
      const wanted = expectedWords(issue.expected);
      if (missing) return `is required: add ${wanted}`;
      if (issue.expected === "int") return "must be a whole number (no decimals)";
      return `must be ${wanted}, not ${describeValue(value)}`;
    }
    case "invalid_value": {
      const list = issue.values.map((v) => String(v)).join(", ");
      if (missing) return `is required: use one of ${list}`;
      if (typeof value === "string") {
        const upper = value.trim().toUpperCase();
        if (upper !== value && issue.values.includes(upper))
          return `values are written in upper case: write ${upper}`;
        const hint = own(EVENT_TYPE_HINTS, value);
        if (hint && issue.values.includes(hint[0])) return hint[1];
        return `must be one of ${list}, not "${value}"`;
      }
      return `must be one of ${list}, not ${describeValue(value)}`;
    }
    case "too_small":
      return issue.origin === "string" ? "must not be empty" : `must be at least ${String(issue.minimum)}`;
    case "too_big":
      return `must be at most ${String(issue.maximum)}`;
    default:
      return m;
  }
}

// zod's issue codes other than unrecognized_keys are problem codes as they are; a new zod code fails here.
type SchemaCode = (typeof SCHEMA_PROBLEM_CODES)[number];
type ZodCode = Exclude<z.core.$ZodIssue["code"], "unrecognized_keys">;
const sameCodes: [SchemaCode] extends [ZodCode] ? ([ZodCode] extends [SchemaCode] ? true : never) : never =
  true;
void sameCodes;

/** Actions whose `post_token` the live OpenAPI itself requires (addonsOpenPostPage, addonsOpenPostManagePage). */
const POST_TOKEN_ACTIONS: ReadonlySet<PathSegment> = new Set(["open_post_page", "open_post_manage_page"]);

/**
 * Item fields the studio requires though neither the live OpenAPI nor the widget docs do: an item
 * without them shows nothing (decisions, "Stricter than the live document").
 */
const STUDIO_ITEM_FIELDS: Readonly<Record<string, readonly PathSegment[]>> = {
  image_carousel_row: ["image_id"],
  group_info_row: ["title", "value"],
};

/** Where the rule that a missing field of a widget is required comes from, as a message suffix. */
function requiredWhy(path: readonly PathSegment[]): string {
  const field = path[path.length - 1];
  if (field === "post_token" && POST_TOKEN_ACTIONS.has(path[path.length - 2] ?? ""))
    return " (the live OpenAPI requires it)";
  const kind = path.find((seg): seg is string => typeof seg === "string" && isWidgetKind(seg));
  const kept = kind === undefined ? undefined : STUDIO_ITEM_FIELDS[kind];
  if (kept !== undefined && field !== undefined && path[path.length - 3] === "items" && kept.includes(field))
    return " (the studio's rule: an item without it shows nothing; the live OpenAPI marks it optional)";
  return " (a documented rule of the platform's widget docs; the live OpenAPI marks it optional)";
}

/** Whether `path` is a widget object's: `widgets[i]` in a body, the root when checking one widget. */
function isWidgetLevel(kind: CheckKind | "widget", path: readonly PathSegment[]): boolean {
  return kind === "widget" ? path.length === 0 : path.length === 2 && path[0] === "widgets";
}

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Turns zod issues into problems with JSON paths, one per unknown key. */
export function issuesToProblems(
  issues: readonly z.core.$ZodIssue[],
  kind: CheckKind | "widget",
  prefix: readonly PathSegment[] = [],
  root?: unknown,
): Problem[] {
  const out: Problem[] = [];
  // A widget whose unknown key is a misspelt kind (`titel_row`, which it offers as a rename) or an
  // unknown one holding an object (`fancy_row: {...}`) gets that key's problem only; "needs exactly
  // one widget key" as well would count one mistake twice.
  const mistypedKind = new Set<string>();
  const noKind = new Map<Problem, string>();
  for (const issue of issues) {
    const path = cleanPath(issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const hint = unknownKeyHint(kind, path, key, root);
        if (hint.rename !== undefined && isWidgetKind(hint.rename)) mistypedKind.add(path.join("/"));
        // An unknown key holding an object beside no kind (`{"fancy_row": {...}}`) is the widget's
        // kind, mistyped: its own problem says which kinds there are.
        if (root !== undefined && isWidgetLevel(kind, path) && isObject(valueAt(root, [...path, key])))
          mistypedKind.add(path.join("/"));
        out.push(problem([...prefix, ...path, key], hint.message, "error", hint.code, hint.rename));
      }
      continue;
    }
    const value = root === undefined ? undefined : valueAt(root, path);
    const missing = root !== undefined && value === undefined;
    let message = messageOf(issue, value, missing);
    // Why a missing field inside a widget is required: the live OpenAPI marks only an action's
    // post_token required; the others come from the platform's widget docs or the studio's own rule.
    const inWidget = kind === "widget" ? path.length >= 2 : path[0] === "widgets" && path.length >= 4;
    if (missing && inWidget && message.startsWith("is required")) message += requiredWhy(path);
    const found = problem([...prefix, ...path], message, "error", issue.code);
    if (issue.code === "custom" && issue.params?.noWidgetKey === true) noKind.set(found, path.join("/"));
    out.push(found);
  }
  // A value of the wrong type (a string where a list goes) also fails zod's length check, which
  // would add "needs 2 or 3 items" to "must be an array": the type is the one mistake to name.
  const wrongType = new Set(out.filter((p) => p.code === "invalid_type").map((p) => p.at));
  return out.filter((p) => {
    if ((p.code === "too_small" || p.code === "too_big") && wrongType.has(p.at)) return false;
    const at = noKind.get(p);
    return at === undefined || !mistypedKind.has(at);
  });
}
