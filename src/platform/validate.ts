import * as z from "zod";
import { ACTION_KINDS, v1ActionHint } from "./actions";
import { BODY_KINDS, BODY_SCHEMAS, BODY_V1_HINTS, type BodyKind, CHAT_GRID } from "./bodies";
import { LIVE_SUBSCRIPTION_EVENT_TYPES, deliveredEventSchema, subscriptionRequestSchema } from "./events";
import { ZERO_ICON, describeValue } from "./fields";
import { isKnownIcon, suggestIcons } from "./icons";
import { type PathSegment, type Problem, problem } from "./problems";
import { HASHED_SEMANTIC_KEYS, PREDEFINED_SEMANTIC, isHashedSemanticKey } from "./semantic";
import { widgetKeysOf, widgetSchema } from "./widgets";
import { WIDGET_KINDS, isWidgetKind, modelOf } from "../widgets/registry";
import { isRecord } from "./json";

/** The outcome of validating a body: errors block publishing, warnings do not. */
export interface ValidationResult<T> {
  ok: boolean;
  errors: Problem[];
  warnings: Problem[];
  /** The parsed body, when there are no errors. */
  value?: T;
  /** The input without the nulls on optional fields (read as absent): what may be sent on. */
  body: unknown;
}

const V1_WIDGET_KEYS = new Set(["widget_type", "data", "@type"]);
const OLD_DELIVERY_KEYS = new Set(["payload", "timestamp", "sender", "receiver"]);

/** The deprecated chat-read registration's fields (spec 4.12), found in a subscription request. */
const CHAT_READ_HINTS: Record<string, string> = {
  meta_data:
    "did you mean metadata? The live platform's field is metadata (meta_data appears only in an old docs example): rename it (addon-studio migrate does)",
  post_token:
    "belongs to the deprecated chat-read registration (spec 4.12): put the post token in event_resource_id (run `addon-studio migrate` to convert the old body)",
  endpoint:
    "belongs to the deprecated chat-read registration (spec 4.12): the event address is now set in the developer panel; delete it here",
  identification_key:
    "belongs to the deprecated chat-read registration (spec 4.12): the identification key is now set in the developer panel; delete it here",
};

/** `table[key]` when `key` is the table's own entry (a key such as "constructor" must not find Object's). */
function own<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Deepest nesting the warning walks descend to; no field of any body is nested half as deep. */
const MAX_WALK_DEPTH = 64;

/** Messages the platform and the app exchange that the studio also checks (spec 2.7, 2.8). */
export const MESSAGE_SCHEMAS = {
  subscription: subscriptionRequestSchema,
  event: deliveredEventSchema,
} as const;
export type MessageKind = keyof typeof MESSAGE_SCHEMAS;

/** Every kind `addon-studio validate` checks: the four bodies, a subscription request, a delivered event. */
export const CHECK_KINDS = [...BODY_KINDS, "subscription", "event"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
const MIGRATE_HINT = "run `addon-studio migrate <file>` (or import it in the studio) to convert it";

function cleanPath(path: readonly PropertyKey[]): PathSegment[] {
  return path.filter((p): p is string | number => typeof p === "string" || typeof p === "number");
}

/** The root schema of what is being checked. */
function rootSchemaOf(kind: CheckKind | "widget"): z.ZodType {
  if (kind === "widget") return widgetSchema;
  if (kind === "subscription" || kind === "event") return MESSAGE_SCHEMAS[kind];
  return BODY_SCHEMAS[kind];
}

/** The keys the object schema at `path` accepts, found by walking the schema as the path walks the JSON. */
function acceptedKeysAt(root: z.ZodType, path: readonly PathSegment[]): string[] | undefined {
  let cur: z.ZodType | undefined = root;
  for (const seg of path) {
    if (cur === undefined) return undefined;
    const t = unwrapSchema(cur);
    if (t instanceof z.ZodObject && typeof seg === "string") {
      const shape = t.shape as Record<string, z.ZodType>;
      cur = Object.hasOwn(shape, seg) ? shape[seg] : undefined;
    } else if (t instanceof z.ZodArray && typeof seg === "number") cur = t.element as z.ZodType;
    else if (t instanceof z.ZodRecord) cur = t.valueType as z.ZodType;
    else return undefined;
  }
  const t = cur === undefined ? undefined : unwrapSchema(cur);
  return t instanceof z.ZodObject ? Object.keys(t.shape) : undefined;
}

/** A widget key the user probably meant: subtitle -> subtitle_row, WIDE_BUTTON_BAR -> button_bar. */
function widgetKeyHint(key: string): string | undefined {
  const lower = key.toLowerCase();
  if (isWidgetKind(lower)) return `widget keys are lower case: write ${lower}`;
  if (lower === "wide_button_bar") return "is the v1 name of button_bar: write button_bar";
  if (lower === "legend_title_row")
    return "is not a v2 widget: legend_title_row was a v1 widget with no v2 counterpart; use a title_row and a subtitle_row instead";
  for (const guess of [`${lower}_row`, lower.replace(/-/g, "_"), lower.replace(/\s+/g, "_")])
    if (isWidgetKind(guess)) return `is not a v2 widget: did you mean ${guess}?`;
  return undefined;
}

/** Why `key` is not accepted at `path` in a body of `kind`, in words a person can act on. */
function unknownKeyMessage(
  kind: CheckKind | "widget",
  path: PathSegment[],
  key: string,
  root: unknown,
): string {
  const last = path[path.length - 1];
  const accepted = acceptedKeysAt(rootSchemaOf(kind), path);
  const generic = accepted?.length
    ? `is not accepted here (the accepted fields are ${accepted.join(", ")}): delete it or check its spelling`
    : "is not accepted here: delete it (or check its spelling)";
  if (kind === "subscription" || kind === "event") {
    if (kind === "event" && path.length === 0 && OLD_DELIVERY_KEYS.has(key))
      return "is a field of the old delivered shape (spec 6.3.7), fully replaced by {type, new_message | post_update | …, metadata}";
    if (kind === "event" && path.length === 0 && key === "payment_transaction")
      return "did you mean transaction? The event reference names the payload of a PAYMENT_TRANSACTION event transaction (an older docs page writes payment_transaction): rename it (addon-studio migrate does)";
    if (kind === "subscription" && path.length === 0) {
      const hint = own(CHAT_READ_HINTS, key);
      if (hint) return hint;
    }
    return generic;
  }
  if (kind !== "widget" && path.length === 0) {
    const hint = own(BODY_V1_HINTS[kind], key);
    if (hint) return hint;
    return `is not a field of the ${kind} body: the accepted fields are ${Object.keys(BODY_SCHEMAS[kind].shape).join(", ")}`;
  }
  if (last === "action" || (path.length >= 2 && path[path.length - 2] === "action")) {
    const hint = v1ActionHint(key);
    if (hint) return hint;
    if (last === "action") {
      const action = valueAt(root, path);
      const kinds = isRecord(action) ? ACTION_KINDS.filter((k) => action[k] !== undefined) : [];
      if (kinds.length > 0)
        return `is not an action kind, and an action holds nothing but its one kind (here ${kinds.join(", ")}): delete it`;
      return `is not an action kind: use exactly one of ${ACTION_KINDS.join(", ")}`;
    }
  }
  // A widget object: ["widgets", i] (or [] when validating one widget).
  const widgetDepth = kind === "widget" ? 0 : 2;
  if (path.length === widgetDepth) {
    if (V1_WIDGET_KEYS.has(key))
      return `is a v1 widget wrapper field; v2 widgets are {"<kind>": {...}}: ${MIGRATE_HINT}`;
    return (
      widgetKeyHint(key) ?? `is not a v2 widget: use one of ${WIDGET_KINDS.join(", ")} (or semantic_paths)`
    );
  }
  const kindKey = path[widgetDepth];
  if (typeof kindKey === "string" && isWidgetKind(kindKey)) {
    const model = modelOf(kindKey);
    if (path.length === widgetDepth + 1) {
      const hint = own(model.hints, key);
      if (hint) return hint;
      return `is not a field of ${kindKey}: the accepted fields are ${Object.keys(model.schema.shape).join(", ")}`;
    }
    const renamed = own(model.v1?.itemRenamed, key);
    if (renamed && path[widgetDepth + 1] === "items")
      return `renamed to ${renamed} in v2 (addon-studio migrate renames it)`;
  }
  return generic;
}

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

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let cur: unknown = root;
  for (const seg of path) {
    if (Array.isArray(cur) && typeof seg === "number") cur = cur[seg];
    else if (isRecord(cur) && typeof seg === "string") cur = Object.hasOwn(cur, seg) ? cur[seg] : undefined;
    else return undefined;
  }
  return cur;
}

/** Turns zod issues into problems with JSON paths, one per unknown key. */
export function issuesToProblems(
  issues: readonly z.core.$ZodIssue[],
  kind: CheckKind | "widget",
  prefix: readonly PathSegment[] = [],
  root?: unknown,
): Problem[] {
  const out: Problem[] = [];
  for (const issue of issues) {
    const path = cleanPath(issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const msg = unknownKeyMessage(kind, path, key, root);
        const code = /v1|renamed|removed|flattened|wrapper/.test(msg) ? "v1_field" : "unknown_field";
        out.push(problem([...prefix, ...path, key], msg, "error", code));
      }
      continue;
    }
    const value = root === undefined ? undefined : valueAt(root, path);
    const missing = root !== undefined && value === undefined;
    let message = messageOf(issue, value, missing);
    // The live OpenAPI marks no widget field required; the rule comes from the platform's widget docs.
    const inWidget = kind === "widget" ? path.length >= 2 : path[0] === "widgets" && path.length >= 4;
    if (missing && inWidget && message.startsWith("is required"))
      message += " (a documented rule of the platform's widget docs; the live OpenAPI marks it optional)";
    out.push(problem([...prefix, ...path], message, "error", issue.code));
  }
  return out;
}

/** The schema inside optional, default, nullable and pipe wrappers. */
function unwrapSchema(t: z.ZodType): z.ZodType {
  let u = t;
  for (;;) {
    if (u instanceof z.ZodOptional || u instanceof z.ZodDefault || u instanceof z.ZodNullable)
      u = u.unwrap() as z.ZodType;
    else if (u instanceof z.ZodPipe) u = u.in as z.ZodType;
    else return u;
  }
}

const NULL_MESSAGE =
  'is null, which the platform reads as "not set" (proto3 JSON): treated as absent and never sent on; delete it';

/**
 * A copy of `value` without the nulls on optional fields, which proto3's JSON mapping reads as
 * "not set" (the OpenAPI's own examples send them); each one is a warning. A null on a required
 * field stays, and is an error.
 */
export function withoutNulls(
  schema: z.ZodType,
  value: unknown,
  path: PathSegment[],
  out: Problem[],
): unknown {
  if (path.length > MAX_WALK_DEPTH) return value;
  const t = unwrapSchema(schema);
  if (t instanceof z.ZodObject && isRecord(value)) {
    const shape = t.shape as Record<string, z.ZodType>;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const v = value[key];
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      // A widget key is the widget itself, not an optional field: `{"title_row": null}` stays an error.
      const optional = field instanceof z.ZodOptional || field instanceof z.ZodDefault;
      if (v === null && optional && !(t === widgetSchema && isWidgetKind(key))) {
        out.push(problem([...path, key], NULL_MESSAGE, "warning", "null_as_absent"));
        continue;
      }
      // defineProperty: a "__proto__" key must stay a key, as JSON.parse made it.
      Object.defineProperty(copy, key, {
        value: field ? withoutNulls(field, v, [...path, key], out) : v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  if (t instanceof z.ZodArray && Array.isArray(value))
    return value.map((v, i) => withoutNulls(t.element as z.ZodType, v, [...path, i], out));
  return value;
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

/** Walks any JSON value for icon names that are not in the known list. `path` is a shared stack. */
function iconWarnings(value: unknown, path: PathSegment[], out: Problem[]): void {
  // A deeper value is refused by the schema anyway; walking it could only overflow the stack.
  if (path.length > MAX_WALK_DEPTH) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== "object" || v === null) continue;
      path.push(i);
      iconWarnings(v, path, out);
      path.pop();
    }
    return;
  }
  if (!isRecord(value)) return;
  for (const k in value) {
    const v = value[k];
    if (typeof v === "string") {
      // "" and UNKNOWN are errors already; a warning on top would say the same twice.
      if ((k === "icon_name" || k === "icon") && v !== "" && v !== ZERO_ICON && !isKnownIcon(v))
        out.push(iconWarning([...path, k], v));
      // A v1 image_url value carried over by hand: the platform looks the name up, finds nothing.
      else if (k === "image_id" && /^\s*https?:\/\//i.test(v))
        out.push(
          problem(
            [...path, k],
            "is a web address, but image_id names an image uploaded to the platform (or logo): upload the image and put its name here",
            "warning",
            "image_id_url",
          ),
        );
    } else if (typeof v === "object" && v !== null) {
      path.push(k);
      iconWarnings(v, path, out);
      path.pop();
    }
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

/** A button (button_bar, a chat button) with no action: optional in the live OpenAPI, but inert. */
function noActionWarning(path: PathSegment[]): Problem {
  return problem(
    path,
    "has no action: pressing this button does nothing (the live platform allows it): add an action",
    "warning",
    "no_action",
  );
}

/** Warnings for one widget: unknown icons, semantic paths to unset fields, inert buttons, old spellings. */
export function widgetWarnings(widget: unknown, prefix: readonly PathSegment[]): Problem[] {
  const out: Problem[] = [];
  iconWarnings(widget, [...prefix], out);
  if (isRecord(widget) && isRecord(widget.button_bar) && widget.button_bar.action === undefined)
    out.push(noActionWarning([...prefix, "button_bar"]));
  if (isRecord(widget) && isRecord(widget.score_row) && widget.score_row.hasDivider !== undefined)
    out.push(
      problem(
        [...prefix, "score_row", "hasDivider"],
        "is the spec's spelling; the live platform and every SDK write has_divider: rename it (addon-studio migrate does)",
        "warning",
        "old_spelling",
      ),
    );
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
    const allowed = own(PREDEFINED_SEMANTIC, key);
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
    set.rows.forEach((row, r) => {
      if (!isRecord(row) || !Array.isArray(row.buttons)) return;
      row.buttons.forEach((b, i) => {
        if (isRecord(b) && b.action === undefined) out.push(noActionWarning([side, "rows", r, "buttons", i]));
      });
    });
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
  if (json.widgets === undefined && (kind === "post" || kind === "user"))
    out.push(problem(["widgets"], "is not set: the add-on will show nothing", "warning", "no_widgets"));
  if (Array.isArray(json.widgets)) {
    if (json.widgets.length === 0)
      out.push(problem(["widgets"], "has no widgets: the add-on will show nothing", "warning", "no_widgets"));
    json.widgets.forEach((w, i) => {
      out.push(...widgetWarnings(w, ["widgets", i]));
    });
  }
  out.push(...semanticWarnings(json.semantic, ["semantic"]));
  return out;
}

/** Validates one widget on its own (the editor validates widget by widget, memoised). */
export function validateWidget(input: unknown, prefix: readonly PathSegment[] = []): Problem[] {
  const nulls: Problem[] = [];
  const json = withoutNulls(widgetSchema, input, [...prefix], nulls);
  const res = widgetSchema.safeParse(json);
  const errors = res.success ? [] : issuesToProblems(res.error.issues, "widget", prefix, json);
  return [...errors, ...nulls, ...widgetWarnings(json, prefix)];
}

/** Validates a body of the given kind against the v2 contract. */
export function validateBody<K extends BodyKind>(
  kind: K,
  input: unknown,
): ValidationResult<z.infer<(typeof BODY_SCHEMAS)[K]>> {
  const v1 = detectV1(kind, input);
  if (v1.some((p) => p.code === "v1_body")) return { ok: false, errors: v1, warnings: [], body: input };
  const schema = BODY_SCHEMAS[kind];
  const nulls: Problem[] = [];
  const json = withoutNulls(schema, input, [], nulls);
  const res = schema.safeParse(json);
  // A v1 widget is reported once, whole, instead of field by field.
  const inV1Widget = (p: Problem) => v1.some((w) => w.path.every((seg, i) => p.path[i] === seg));
  const warnings = [...nulls, ...bodyWarnings(kind, json)].filter((p) => !inV1Widget(p));
  if (!res.success) {
    const errors = issuesToProblems(res.error.issues, kind, [], json).filter((p) => !inV1Widget(p));
    return { ok: false, errors: [...v1, ...errors], warnings, body: json };
  }
  return { ok: true, errors: [], warnings, value: res.data as z.infer<(typeof BODY_SCHEMAS)[K]>, body: json };
}

/** Warnings on messages: subscription types the live platform does not take, the old metadata spelling. */
function messageWarnings(kind: MessageKind, json: unknown): Problem[] {
  if (!isRecord(json)) return [];
  const out: Problem[] = [];
  const type = json.event_type;
  if (kind === "subscription" && typeof type === "string" && !LIVE_SUBSCRIPTION_EVENT_TYPES.includes(type))
    out.push(
      problem(
        ["event_type"],
        `${type} is a subscription type of the spec, but the live platform takes only ${LIVE_SUBSCRIPTION_EVENT_TYPES.join(" and ")}: it delivers ${type === "NEW_CHATBOT_MESSAGE" ? "chatbot messages" : type === "PAYMENT_TRANSACTION" ? "payment transactions" : "these events"} to the app without a subscription, and may refuse this request`,
        "warning",
        "not_live_event_type",
      ),
    );
  if (kind === "event" && json.meta_data !== undefined)
    out.push(
      problem(
        ["meta_data"],
        "the live platform writes metadata; meta_data appears only in an old docs example (accepted here, since a delivery must not be lost)",
        "warning",
        "old_spelling",
      ),
    );
  return out;
}

/** Validates a subscription request (spec 2.7) or a delivered event (spec 2.8, 2.9). */
export function validateMessage<K extends MessageKind>(
  kind: K,
  input: unknown,
): ValidationResult<z.infer<(typeof MESSAGE_SCHEMAS)[K]>> {
  const nulls: Problem[] = [];
  const json = withoutNulls(MESSAGE_SCHEMAS[kind], input, [], nulls);
  const warnings = [...nulls, ...messageWarnings(kind, json)];
  const res = MESSAGE_SCHEMAS[kind].safeParse(json);
  if (!res.success)
    return { ok: false, errors: issuesToProblems(res.error.issues, kind, [], json), warnings, body: json };
  return {
    ok: true,
    errors: [],
    warnings,
    value: res.data as z.infer<(typeof MESSAGE_SCHEMAS)[K]>,
    body: json,
  };
}

/** Validates any kind the studio checks, body or message. */
export function validateAny(kind: CheckKind, json: unknown): ValidationResult<unknown> {
  return kind === "subscription" || kind === "event" ? validateMessage(kind, json) : validateBody(kind, json);
}
