import * as z from "zod";
import { chatMessageSchema } from "./chat-body";
import { typeError } from "./fields";
import { type KeyHint, unknownField, v1Field } from "./problems";
import { semanticSchema } from "./semantic";
import { asciiDigits } from "./text";
import { widgetSchema } from "./widgets";

export * from "./chat-body";

const widgetsSchema = z.array(widgetSchema, {
  error: (iss) => typeError(iss.input, "an array of widgets"),
});

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const ticketUuidSchema = z
  .string({ error: (iss) => typeError(iss.input, "a UUID string") })
  .regex(UUID, { error: "must be UUID-shaped, e.g. 3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f" });

/** The largest int32, the type of `cost` in the live OpenAPI. */
export const INT32_MAX = 2_147_483_647;

/** `cost` of the user add-on and user semantic bodies. */
export const costSchema = z
  .number({ error: (iss) => typeError(iss.input, "a whole number") })
  .refine(Number.isFinite, { error: "must be a finite number", abort: true })
  .refine(Number.isInteger, {
    error: "must be a whole number: cost is an int32 on the live platform (no fractions)",
    abort: true,
  })
  .refine((n) => n >= 0, { error: "must not be negative" })
  .refine((n) => n <= INT32_MAX, {
    error: `must be at most ${INT32_MAX} (cost is an int32 on the live platform)`,
  });

/** Post add-on v2 body (spec 2.10). `widgets` is optional in the live OpenAPI (a semantic-only add-on). */
export const postAddonSchema = z.strictObject(
  {
    widgets: widgetsSchema.optional(),
    semantic: semanticSchema.optional(),
    notes: z.string({ error: (iss) => typeError(iss.input, "text (a string)") }).optional(),
  },
  { error: (iss) => typeError(iss.input, "a JSON object (the post add-on body)") },
);
export type PostAddon = z.infer<typeof postAddonSchema>;

/** User add-on v2 body (spec 2.11). Category elements are not shown in the spec: strings are accepted. */
export const userAddonSchema = z.strictObject(
  {
    widgets: widgetsSchema.optional(),
    categories: z
      .array(z.string({ error: (iss) => typeError(iss.input, "a category name (a string)") }), {
        error: (iss) => typeError(iss.input, "an array of category names"),
      })
      .optional(),
    ticket_uuid: ticketUuidSchema.optional(),
    cost: costSchema.optional(),
    semantic: semanticSchema.optional(),
  },
  { error: (iss) => typeError(iss.input, "a JSON object (the user add-on body)") },
);
export type UserAddon = z.infer<typeof userAddonSchema>;

/** User semantic create body for the spec's route by phone (spec 2.12): the phone is in the address. */
export const userSemanticSchema = z.strictObject(
  {
    semantic: semanticSchema,
    ticket_uuid: ticketUuidSchema.optional(),
    cost: costSchema.optional(),
  },
  { error: (iss) => typeError(iss.input, "a JSON object (the user semantic body)") },
);
export type UserSemantic = z.infer<typeof userSemanticSchema>;

/** A phone number as the platform writes it (spec 2.6 `phone_numbers`, e.g. 09120000001). */
export const PHONE_PATTERN = /^\+?[0-9]{4,15}$/;

/**
 * Why a phone is refused. One typed on a Persian keyboard (۰۹۱۲...) is shown as it must be written,
 * in the digits 0-9 the platform writes (spec 2.6), when that makes it a phone number.
 */
function phoneMessage(input: unknown): string {
  const ascii = typeof input === "string" ? asciiDigits(input.trim()) : "";
  if (typeof input === "string" && ascii !== input.trim() && PHONE_PATTERN.test(ascii))
    return `must be written with the digits 0-9: write ${ascii}`;
  // Written as people write it, grouped with spaces, dashes, dots or brackets: the digits alone.
  const bare = ascii.replace(/[\s\-.()\u200c\u200e\u200f]/g, "");
  // "+98 (0) 912…": the bracketed trunk 0 is not dialled after the country code; no guess then.
  if (bare !== ascii && PHONE_PATTERN.test(bare) && !/\(\s*0\s*\)/.test(ascii))
    return `must be the digits alone, without spaces, dashes or brackets: write ${bare}`;
  return "must be a phone number: 4 to 15 digits, optionally after +, e.g. 09120000001";
}

/**
 * User semantic create body for the live route by divar_user_id (OpenAPI
 * SemanticCreateUserSemanticBody): the same fields, and `phone`, which that route requires.
 */
export const userSemanticByIdSchema = z.strictObject(
  {
    semantic: semanticSchema,
    phone: z
      .string({ error: (iss) => typeError(iss.input, "the user's phone number (a string)") })
      .regex(PHONE_PATTERN, { error: (iss) => phoneMessage(iss.input) }),
    ticket_uuid: ticketUuidSchema.optional(),
    cost: costSchema.optional(),
  },
  { error: (iss) => typeError(iss.input, "a JSON object (the user semantic body)") },
);
export type UserSemanticById = z.infer<typeof userSemanticByIdSchema>;

/**
 * Body kinds. `semantic` is the user semantic body of the spec's route by phone; `semantic-by-id`
 * the one of the live route by divar_user_id, which carries the phone in the body.
 */
export const BODY_KINDS = ["post", "user", "semantic", "semantic-by-id", "chat"] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

/** The schema of each body kind. */
export const BODY_SCHEMAS = {
  post: postAddonSchema,
  user: userAddonSchema,
  semantic: userSemanticSchema,
  "semantic-by-id": userSemanticByIdSchema,
  chat: chatMessageSchema,
} as const;

/** Fields a v1 body had (what became of them in v2) or another body has, per body kind. */
export const BODY_V1_HINTS: Record<BodyKind, Record<string, KeyHint>> = {
  post: {
    ticket_uuid: unknownField(
      "is a field of the user add-on body, not of the post add-on: delete it (or check the body as a user add-on)",
    ),
    cost: unknownField(
      "is a field of the user add-on body, not of the post add-on: delete it (or check the body as a user add-on)",
    ),
    categories: unknownField(
      "is a field of the user add-on body, not of the post add-on: delete it (or check the body as a user add-on)",
    ),
    verification_cost: unknownField(
      "was a field of the v1 user add-on (cost in v2), never of the post add-on: delete it (or check the body as a user add-on)",
    ),
    semantic_sensitives: v1Field(
      "removed in v2 and must not be sent: put those keys in semantic (keys that are not predefined are encrypted)",
    ),
    sensitive_semantics: v1Field(
      "removed in v2 and must not be sent: put those keys in semantic (keys that are not predefined are encrypted)",
    ),
  },
  user: {
    phone: v1Field(
      "removed in v2: the phone goes in the address (POST /v2/open-platform/addons/user/{phone})",
    ),
    notes: v1Field("removed from the user add-on in v2: delete it"),
    management_permalink: v1Field("removed in v2: delete it"),
    semantic_sensitives: v1Field("removed in v2 and must not be sent: put those keys in semantic"),
    sensitive_semantics: v1Field("removed in v2 and must not be sent: put those keys in semantic"),
    verification_cost: v1Field("renamed to cost in v2"),
    divar_user_id: unknownField(
      "goes in the address, not the body: POST /v2/open-platform/addons/users/{divar_user_id}",
    ),
  },
  semantic: {
    phone: unknownField(
      "goes in the address on this route (/v1/open-platform/semantic/user/{phone}); the live route by divar_user_id takes it in the body: check the body as semantic-by-id for that route",
    ),
    notes: v1Field("removed from the user semantic body: delete it"),
    semantic_sensitives: v1Field("removed and must not be sent: put those keys in semantic"),
    sensitive_semantics: v1Field("removed and must not be sent: put those keys in semantic"),
    verification_cost: v1Field("renamed to cost in the user semantic body"),
  },
  "semantic-by-id": {
    notes: v1Field("removed from the user semantic body: delete it"),
    semantic_sensitives: v1Field("removed and must not be sent: put those keys in semantic"),
    sensitive_semantics: v1Field("removed and must not be sent: put those keys in semantic"),
    verification_cost: v1Field("renamed to cost in the user semantic body"),
    divar_user_id: unknownField(
      "goes in the address, not the body: POST /v1/open-platform/semantic/users/{divar_user_id}",
    ),
  },
  chat: {
    user_id: v1Field("removed: the conversation in the address now decides sender and receiver"),
    post_token: v1Field("removed: the conversation in the address now decides sender and receiver"),
    peer_id: v1Field("removed: the conversation in the address now decides sender and receiver"),
    sender_btn: v1Field(
      "renamed to sender_buttons ({rows: [{buttons: [...]}]}): addon-studio migrate makes the old button a one-button row",
    ),
    receiver_btn: v1Field(
      "renamed to receiver_buttons ({rows: [{buttons: [...]}]}): addon-studio migrate makes the old button a one-button row",
    ),
  },
};
