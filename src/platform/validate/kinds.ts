// What the studio checks (bodies and messages), the result type, and the small tables the checks share.
import type * as z from "zod";
import { BODY_KINDS, BODY_SCHEMAS } from "../bodies";
import { deliveredEventSchema, subscriptionRequestSchema } from "../events";
import type { PathSegment, Problem } from "../problems";
import { widgetSchema } from "../widgets";

interface ValidationCommon {
  /** Problems that make the body invalid: empty when `ok` is true. */
  errors: Problem[];
  /** Problems that do not block publishing. */
  warnings: Problem[];
  /** The input without the nulls on optional fields (read as absent): what may be sent on. */
  body: unknown;
}

/**
 * The outcome of validating a body: errors block publishing, warnings do not. A discriminated union,
 * so `if (result.ok)` narrows `result.value` to the parsed body.
 */
export type ValidationResult<T> =
  | (ValidationCommon & { ok: true /** The parsed body. */; value: T })
  | (ValidationCommon & { ok: false /** No parsed body when there are errors. */; value?: undefined });

export const V1_WIDGET_KEYS = new Set(["widget_type", "data", "@type"]);
export const OLD_DELIVERY_KEYS = new Set(["payload", "timestamp", "sender", "receiver"]);

/** The deprecated chat-read registration's fields (spec 4.12), found in a subscription request. */
export const CHAT_READ_HINTS: Record<string, string> = {
  meta_data:
    "did you mean metadata? The live platform's field is metadata (meta_data appears only in an old docs example): rename it (addon-studio migrate does)",
  post_token:
    "belongs to the deprecated chat-read registration (spec 4.12): put the post token in event_resource_id (run `addon-studio migrate` to convert the old body)",
  endpoint:
    "belongs to the deprecated chat-read registration (spec 4.12): the event address is now set in the developer panel; delete it here",
  identification_key:
    "belongs to the deprecated chat-read registration (spec 4.12): the identification key is now set in the developer panel; delete it here",
};

/** Deepest nesting the warning walks descend to; no field of any body is nested half as deep. */
export const MAX_WALK_DEPTH = 64;

/** Messages the platform and the app exchange that the studio also checks (spec 2.7, 2.8). */
export const MESSAGE_SCHEMAS = {
  subscription: subscriptionRequestSchema,
  event: deliveredEventSchema,
} as const;
export type MessageKind = keyof typeof MESSAGE_SCHEMAS;
/** The kinds `validateMessage` checks. */
export const MESSAGE_KINDS: readonly MessageKind[] = ["subscription", "event"];

/** Every kind `addon-studio validate` checks: the four bodies, a subscription request, a delivered event. */
export const CHECK_KINDS = [...BODY_KINDS, "subscription", "event"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
export const MIGRATE_HINT = "run `addon-studio migrate <file>` (or import it in the studio) to convert it";

export function cleanPath(path: readonly PropertyKey[]): PathSegment[] {
  return path.filter((p): p is string | number => typeof p === "string" || typeof p === "number");
}

/** The root schema of what is being checked. */
export function rootSchemaOf(kind: CheckKind | "widget"): z.ZodType {
  if (kind === "widget") return widgetSchema;
  if (kind === "subscription" || kind === "event") return MESSAGE_SCHEMAS[kind];
  return BODY_SCHEMAS[kind];
}

/**
 * Refuses a kind the function does not check, for callers without TypeScript's types (plain
 * JavaScript, a kind read from a file): a clear error instead of a TypeError deep inside.
 */
export function assertKind(fn: string, kind: unknown, kinds: readonly string[], other: string): void {
  if (typeof kind === "string" && kinds.includes(kind)) return;
  throw new TypeError(
    `${fn}: unknown kind ${JSON.stringify(kind) ?? String(kind)}; use one of ${kinds.join(", ")}${other}`,
  );
}
