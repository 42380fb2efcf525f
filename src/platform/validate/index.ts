// Validation of bodies, widgets and messages against the v2 contract: errors and warnings with JSON paths.
import type * as z from "zod";
import { isWidgetKind } from "../../widgets/registry";
import { BODY_KINDS, BODY_SCHEMAS, type BodyKind } from "../bodies";
import { LIVE_SUBSCRIPTION_EVENT_TYPES, subscriptionEventTypeSchema } from "../events";
import { isRecord } from "../json";
import { type PathSegment, type Problem, problem } from "../problems";
import { widgetKeysOf, widgetSchema } from "../widgets";
import {
  assertKind,
  CHECK_KINDS,
  type CheckKind,
  MESSAGE_KINDS,
  MESSAGE_SCHEMAS,
  type MessageKind,
  MIGRATE_HINT,
  type ValidationResult,
} from "./kinds";
import { withoutNulls } from "./nulls";
import { issuesToProblems } from "./problems";
import { bodyWarnings, widgetWarnings } from "./warnings";

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

/**
 * Refuses the misuses plain JavaScript allows (`validateWidget("title_row", fields)`, a path as a
 * string) with a TypeError that says what to pass, instead of one from deep inside.
 */
function assertWidgetArgs(input: unknown, prefix: unknown): void {
  const usage = "validateWidget(widget, prefix?)";
  // A string alone is a value to check like any other (an item of untrusted widgets); a string
  // followed by something that is not a path is the (kind, fields) misuse.
  if (typeof input === "string" && !Array.isArray(prefix))
    throw new TypeError(
      `${usage} takes the widget object first, e.g. validateWidget({ title_row: { text: "…" } }); got the string ${JSON.stringify(input)}: pass { ${isWidgetKind(input) ? input : "<widget kind>"}: <its fields> } instead`,
    );
  if (!Array.isArray(prefix))
    throw new TypeError(
      `${usage}: prefix is the widget's JSON path as an array, e.g. ["widgets", 0]; got ${typeof prefix === "string" ? `the string ${JSON.stringify(prefix)}` : typeof prefix}`,
    );
}

/**
 * Validates one widget on its own (the editor validates widget by widget, memoised): the widget
 * object (`{ title_row: {...} }`) and, optionally, its path in the body for the problems' paths.
 */
export function validateWidget(input: unknown, prefix: readonly PathSegment[] = []): Problem[] {
  assertWidgetArgs(input, prefix);
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
  assertKind(
    "validateBody",
    kind,
    BODY_KINDS,
    ' (for "subscription" or "event", call validateMessage or validateAny)',
  );
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
    // Inside a key the body does not take (an add-on's widgets in a chat body), warnings are noise.
    const refused = errors.filter((p) => p.code === "unknown_field" && p.path.length > 0);
    const inRefused = (p: Problem) => refused.some((r) => r.path.every((seg, i) => p.path[i] === seg));
    return {
      ok: false,
      errors: [...v1, ...errors],
      warnings: warnings.filter((p) => !inRefused(p)),
      body: json,
    };
  }
  // The live chat body has no `type` (the spec's only value was TEXT): accepted, but not sent on.
  if (kind === "chat" && isRecord(json) && json.type !== undefined) {
    const { type: _, ...sent } = json;
    const { type: __, ...read } = res.data as Record<string, unknown>;
    warnings.push(
      problem(
        ["type"],
        "is the spec's field; the live chat body has none (every message is text or media): it is left out of what the studio sends",
        "warning",
        "not_live_field",
      ),
    );
    return {
      ok: true,
      errors: [],
      warnings,
      value: read as z.infer<(typeof BODY_SCHEMAS)[K]>,
      body: sent,
    };
  }
  return { ok: true, errors: [], warnings, value: res.data as z.infer<(typeof BODY_SCHEMAS)[K]>, body: json };
}

/** Warnings on messages: subscription types the live platform does not take, the old metadata spelling. */
function messageWarnings(kind: MessageKind, json: unknown): Problem[] {
  if (!isRecord(json)) return [];
  const out: Problem[] = [];
  const type = json.event_type;
  // Only for the spec's other types: a value that is no subscription type at all is the schema's error.
  if (
    kind === "subscription" &&
    typeof type === "string" &&
    !LIVE_SUBSCRIPTION_EVENT_TYPES.includes(type) &&
    subscriptionEventTypeSchema.safeParse(type).success
  )
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
        json.metadata === undefined ? "metadata" : undefined,
      ),
    );
  return out;
}

/** Validates a subscription request (spec 2.7) or a delivered event (spec 2.8, 2.9). */
export function validateMessage<K extends MessageKind>(
  kind: K,
  input: unknown,
): ValidationResult<z.infer<(typeof MESSAGE_SCHEMAS)[K]>> {
  assertKind("validateMessage", kind, MESSAGE_KINDS, " (for a body, call validateBody or validateAny)");
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
  assertKind("validateAny", kind, CHECK_KINDS, "");
  return kind === "subscription" || kind === "event" ? validateMessage(kind, json) : validateBody(kind, json);
}

export {
  CHECK_KINDS,
  type CheckKind,
  MESSAGE_SCHEMAS,
  type MessageKind,
  type ValidationResult,
} from "./kinds";
export { withoutNulls } from "./nulls";
export { issuesToProblems } from "./problems";
export { bodyWarnings, semanticWarnings, widgetWarnings } from "./warnings";
