import type * as z from "zod";
import { ACTION_KINDS, v1ActionHint } from "./actions";
import { BODY_SCHEMAS, BODY_V1_HINTS, type BodyKind, CHAT_GRID } from "./bodies";
import { isKnownIcon, suggestIcons } from "./icons";
import { type PathSegment, type Problem, problem } from "./problems";
import { HASHED_SEMANTIC_KEYS, PREDEFINED_SEMANTIC, isHashedSemanticKey } from "./semantic";
import { widgetKeysOf, widgetSchema } from "./widgets";
import { WIDGET_KINDS, isWidgetKind, modelOf } from "../widgets/models";

/** The outcome of validating a body: errors block publishing, warnings do not. */
export interface ValidationResult<T> {
  ok: boolean;
  errors: Problem[];
  warnings: Problem[];
  /** The parsed body, when there are no errors. */
  value?: T;
}

const V1_WIDGET_KEYS = new Set(["widget_type", "data", "@type"]);
const MIGRATE_HINT = "run `addon-studio migrate <file>` (or import it in the studio) to convert it";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function cleanPath(path: readonly PropertyKey[]): PathSegment[] {
  return path.filter((p): p is string | number => typeof p === "string" || typeof p === "number");
}

/** Why `key` is not accepted at `path` in a body of `kind`, in words a person can act on. */
function unknownKeyMessage(kind: BodyKind | "widget", path: PathSegment[], key: string): string {
  const last = path[path.length - 1];
  if (kind !== "widget" && path.length === 0) {
    const hint = BODY_V1_HINTS[kind][key];
    if (hint) return hint;
    const accepted = Object.keys(BODY_SCHEMAS[kind].shape).join(", ");
    return `is not a field of the ${kind} body: the accepted fields are ${accepted}`;
  }
  if (last === "action" || (path.length >= 2 && path[path.length - 2] === "action")) {
    const hint = v1ActionHint(key);
    if (hint) return hint;
    if (last === "action") return `is not an action kind: use exactly one of ${ACTION_KINDS.join(", ")}`;
  }
  // A widget object: ["widgets", i] (or [] when validating one widget).
  const widgetDepth = kind === "widget" ? 0 : 2;
  if (path.length === widgetDepth) {
    if (V1_WIDGET_KEYS.has(key))
      return `is a v1 widget wrapper field; v2 widgets are {"<kind>": {...}}: ${MIGRATE_HINT}`;
    const lower = key.toLowerCase();
    if (isWidgetKind(lower)) return `widget keys are lower case: write ${lower}`;
    return `is not a v2 widget: use one of ${WIDGET_KINDS.join(", ")} (or semantic_paths)`;
  }
  const kindKey = path[widgetDepth];
  if (typeof kindKey === "string" && isWidgetKind(kindKey)) {
    const model = modelOf(kindKey);
    if (path.length === widgetDepth + 1) {
      const hint = model.hints[key];
      if (hint) return hint;
      return `is not a field of ${kindKey}: the accepted fields are ${Object.keys(model.schema.shape).join(", ")}`;
    }
    const renamed = model.v1.itemRenamed?.[key];
    if (renamed && path[widgetDepth + 1] === "items") return `renamed to ${renamed} in v2`;
  }
  return "is not accepted here: delete it (or check its spelling)";
}

function messageOf(issue: z.core.$ZodIssue): string {
  return issue.message;
}

/** Turns zod issues into problems with JSON paths, one per unknown key. */
export function issuesToProblems(
  issues: readonly z.core.$ZodIssue[],
  kind: BodyKind | "widget",
  prefix: readonly PathSegment[] = [],
): Problem[] {
  const out: Problem[] = [];
  for (const issue of issues) {
    const path = cleanPath(issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const msg = unknownKeyMessage(kind, path, key);
        const code = /v1|renamed|removed|flattened|wrapper/.test(msg) ? "v1_field" : "unknown_field";
        out.push(problem([...prefix, ...path, key], msg, "error", code));
      }
      continue;
    }
    out.push(problem([...prefix, ...path], messageOf(issue), "error", issue.code));
  }
  return out;
}

/** Finds a v1 body or v1 widgets, which are reported whole instead of field by field. */
function detectV1(kind: BodyKind, json: unknown): Problem[] {
  if (!isRecord(json) || (kind !== "post" && kind !== "user")) return [];
  const widgets = json.widgets;
  if (isRecord(widgets) && "widget_list" in widgets)
    return [
      problem(
        ["widgets"],
        `this is a v1 body (widgets.widget_list): v2 takes the widget list itself as the widgets array; ${MIGRATE_HINT}`,
        "error",
        "v1_body",
      ),
    ];
  if (Array.isArray(widgets)) {
    const out: Problem[] = [];
    widgets.forEach((w, i) => {
      if (
        isRecord(w) &&
        ("widget_type" in w || "@type" in w || ("data" in w && widgetKeysOf(w).length === 0))
      )
        out.push(
          problem(
            ["widgets", i],
            `is a v1 widget (${String(w.widget_type ?? w["@type"] ?? "data wrapper")}); v2 widgets are {"<kind>": {...}}: ${MIGRATE_HINT}`,
            "error",
            "v1_widget",
          ),
        );
    });
    return out;
  }
  return [];
}

function iconWarning(path: PathSegment[], name: string): Problem {
  const near = suggestIcons(name);
  const hint = near.length ? ` Did you mean ${near.join(", ")}?` : "";
  return problem(
    path,
    `${name} is not in the known icon list; the app may show no icon.${hint}`,
    "warning",
    "unknown_icon",
  );
}

/** Walks any JSON value for icon names that are not in the known list. */
function iconWarnings(value: unknown, path: PathSegment[], out: Problem[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      iconWarnings(v, [...path, i], out);
    });
    return;
  }
  if (!isRecord(value)) return;
  for (const [k, v] of Object.entries(value)) {
    if ((k === "icon_name" || k === "icon") && typeof v === "string" && v !== "" && !isKnownIcon(v))
      out.push(iconWarning([...path, k], v));
    else iconWarnings(v, [...path, k], out);
  }
}

function getPath(value: unknown, dotted: string): unknown {
  let cur: unknown = value;
  for (const part of dotted.split(".")) {
    if (!isRecord(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/** Warnings for one widget: unknown icons, semantic paths to unset fields. */
export function widgetWarnings(widget: unknown, prefix: readonly PathSegment[]): Problem[] {
  const out: Problem[] = [];
  iconWarnings(widget, [...prefix], out);
  if (isRecord(widget) && isRecord(widget.semantic_paths)) {
    const kinds = widgetKeysOf(widget);
    const kind = kinds[0];
    if (kinds.length === 1 && kind) {
      for (const [key, path] of Object.entries(widget.semantic_paths)) {
        const known = (modelOf(kind).paths as readonly string[]).includes(String(path));
        if (typeof path === "string" && known && getPath(widget[kind], path) === undefined)
          out.push(
            problem(
              [...prefix, "semantic_paths", key],
              `points to ${path}, which this ${kind} does not set: set the field or remove the path`,
              "warning",
              "semantic_path_unset",
            ),
          );
      }
    }
  }
  return out;
}

/** Warnings on a semantic map: predefined keys with unknown values, unhashed values that must be hashed. */
export function semanticWarnings(semantic: unknown, prefix: readonly PathSegment[]): Problem[] {
  if (!isRecord(semantic)) return [];
  const out: Problem[] = [];
  for (const [key, value] of Object.entries(semantic)) {
    if (typeof value !== "string") continue;
    const allowed = PREDEFINED_SEMANTIC[key];
    if (allowed && !allowed.includes(value))
      out.push(
        problem(
          [...prefix, key],
          `${key} is a predefined key whose values are ${allowed.join(", ")}; "${value}" will not be understood`,
          "warning",
          "semantic_value",
        ),
      );
    if (isHashedSemanticKey(key) && !/^[0-9a-f]{64}$/.test(value))
      out.push(
        problem(
          [...prefix, key],
          `${key} must be sent SHA-256 hashed after normalising (ASCII digits, upper case, trimmed): use the studio's hash button or hash it yourself (keys that need it: ${HASHED_SEMANTIC_KEYS.join(", ")})`,
          "warning",
          "semantic_unhashed",
        ),
      );
  }
  return out;
}

function chatWarnings(json: unknown): Problem[] {
  if (!isRecord(json)) return [];
  const out: Problem[] = [];
  for (const side of ["sender_buttons", "receiver_buttons"] as const) {
    const set = json[side];
    if (!isRecord(set) || !Array.isArray(set.rows)) continue;
    if (set.rows.length > CHAT_GRID)
      out.push(
        problem(
          [side, "rows"],
          `has ${set.rows.length} rows; the app lays buttons out in at most ${CHAT_GRID} rows of ${CHAT_GRID}, so the rest may not show as you expect`,
          "warning",
          "chat_grid",
        ),
      );
    set.rows.forEach((row, r) => {
      if (isRecord(row) && Array.isArray(row.buttons) && row.buttons.length > CHAT_GRID)
        out.push(
          problem(
            [side, "rows", r, "buttons"],
            `has ${row.buttons.length} buttons; the app shows at most ${CHAT_GRID} in a row: move the rest to another row`,
            "warning",
            "chat_grid",
          ),
        );
    });
  }
  return out;
}

/** All warnings of a body (they never block publishing). Works on any JSON value. */
export function bodyWarnings(kind: BodyKind, json: unknown): Problem[] {
  if (!isRecord(json)) return [];
  const out: Problem[] = [];
  if (kind === "chat") {
    out.push(...chatWarnings(json));
    iconWarnings(json, [], out);
    return out;
  }
  if (Array.isArray(json.widgets)) {
    if (json.widgets.length === 0 && kind !== "semantic")
      out.push(problem(["widgets"], "has no widgets: the add-on will show nothing", "warning", "no_widgets"));
    json.widgets.forEach((w, i) => {
      out.push(...widgetWarnings(w, ["widgets", i]));
    });
  }
  out.push(...semanticWarnings(json.semantic, ["semantic"]));
  return out;
}

/** Validates one widget on its own (the editor validates widget by widget, memoised). */
export function validateWidget(json: unknown, prefix: readonly PathSegment[] = []): Problem[] {
  const res = widgetSchema.safeParse(json);
  const errors = res.success ? [] : issuesToProblems(res.error.issues, "widget", prefix);
  return [...errors, ...widgetWarnings(json, prefix)];
}

/** Validates a body of the given kind against the v2 contract. */
export function validateBody<K extends BodyKind>(
  kind: K,
  json: unknown,
): ValidationResult<z.infer<(typeof BODY_SCHEMAS)[K]>> {
  const v1 = detectV1(kind, json);
  if (v1.some((p) => p.code === "v1_body")) return { ok: false, errors: v1, warnings: [] };
  const schema = BODY_SCHEMAS[kind];
  const res = schema.safeParse(json);
  // A v1 widget is reported once, whole, instead of field by field.
  const inV1Widget = (p: Problem) => v1.some((w) => w.path.every((seg, i) => p.path[i] === seg));
  const warnings = bodyWarnings(kind, json).filter((p) => !inV1Widget(p));
  if (!res.success) {
    const errors = issuesToProblems(res.error.issues, kind).filter((p) => !inV1Widget(p));
    return { ok: false, errors: [...v1, ...errors], warnings };
  }
  return { ok: true, errors: [], warnings, value: res.data as z.infer<(typeof BODY_SCHEMAS)[K]> };
}
