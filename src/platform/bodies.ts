import * as z from "zod";
import { actionSchema } from "./actions";
import { iconField, iconValue, textField, typeError } from "./fields";
import { semanticSchema } from "./semantic";
import { widgetSchema } from "./widgets";

const widgetsSchema = z.array(widgetSchema, {
  error: (iss) => typeError(iss.input, "an array of widgets"),
});

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const ticketUuidSchema = z
  .string({ error: (iss) => typeError(iss.input, "a UUID string") })
  .regex(UUID, { error: "must be UUID-shaped, e.g. 3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f" });

const costSchema = z
  .number({ error: (iss) => typeError(iss.input, "a number") })
  .nonnegative({ error: "must not be negative" })
  .refine(Number.isFinite, { error: "must be a finite number" });

/** Post add-on v2 body (spec 2.10). */
export const postAddonSchema = z.strictObject(
  {
    widgets: widgetsSchema,
    semantic: semanticSchema.optional(),
    notes: z.string({ error: (iss) => typeError(iss.input, "text (a string)") }).optional(),
  },
  { error: (iss) => typeError(iss.input, "a JSON object (the post add-on body)") },
);
export type PostAddon = z.infer<typeof postAddonSchema>;

/** User add-on v2 body (spec 2.11). Category elements are not shown in the spec: strings are accepted. */
export const userAddonSchema = z.strictObject(
  {
    widgets: widgetsSchema,
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

/** User semantic create body (spec 2.12). */
export const userSemanticSchema = z.strictObject(
  {
    semantic: semanticSchema,
    ticket_uuid: ticketUuidSchema.optional(),
    cost: costSchema.optional(),
  },
  { error: (iss) => typeError(iss.input, "a JSON object (the user semantic body)") },
);
export type UserSemantic = z.infer<typeof userSemanticSchema>;

/** Most buttons one side of a chat message may carry (spec 2.15, 8). */
export const CHAT_MAX_BUTTONS = 9;
/** The live platform lays buttons out at most 3 rows of 3 (platform facts, "Chat"). */
export const CHAT_GRID = 3;

/** A chat button: caption, action, and an icon named by icon_name (spec) or icon (live). */
export const chatButtonSchema = z
  .strictObject(
    {
      caption: textField({ label: "Caption", required: true }),
      action: actionSchema,
      icon_name: iconField("Icon").optional(),
      // The live spelling: accepted, never written, so it has no control of its own.
      icon: iconValue().optional(),
    },
    { error: (iss) => typeError(iss.input, "a button object {caption, action, icon_name}") },
  )
  .superRefine((b, ctx) => {
    if (b.icon_name !== undefined && b.icon !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["icon"],
        message: "icon and icon_name are the same field spelled two ways: keep one",
        input: b,
      });
  });
export type ChatButton = z.infer<typeof chatButtonSchema>;

const chatRowSchema = z.strictObject(
  {
    buttons: z
      .array(chatButtonSchema, { error: (iss) => typeError(iss.input, "an array of buttons") })
      .min(1, { error: "an empty row shows nothing: add a button or remove the row" }),
  },
  { error: (iss) => typeError(iss.input, "a row object {buttons: [...]}") },
);

/** The buttons of one side: rows of buttons, at most 9 in all. */
export const chatButtonSetSchema = z
  .strictObject(
    { rows: z.array(chatRowSchema, { error: (iss) => typeError(iss.input, "an array of rows") }) },
    { error: (iss) => typeError(iss.input, "an object {rows: [{buttons: [...]}]}") },
  )
  .superRefine((set, ctx) => {
    const n = set.rows.reduce((sum, r) => sum + r.buttons.length, 0);
    if (n > CHAT_MAX_BUTTONS)
      ctx.addIssue({
        code: "custom",
        message: `has ${n} buttons; a message side takes at most ${CHAT_MAX_BUTTONS}: remove ${n - CHAT_MAX_BUTTONS}`,
        input: set,
        params: { count: n },
      });
  });

/** Chat message send body (spec 2.15; the live body has no `type`, so it is optional). */
export const chatMessageSchema = z.strictObject(
  {
    type: z
      .enum(["TEXT"], { error: "must be TEXT (or leave it out): only text messages are supported" })
      .optional(),
    message: textField({ label: "Message", required: true, multiline: true }),
    sender_buttons: chatButtonSetSchema.optional(),
    receiver_buttons: chatButtonSetSchema.optional(),
  },
  { error: (iss) => typeError(iss.input, "a JSON object (the chat message body)") },
);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const BODY_KINDS = ["post", "user", "semantic", "chat"] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

/** The schema of each body kind. */
export const BODY_SCHEMAS = {
  post: postAddonSchema,
  user: userAddonSchema,
  semantic: userSemanticSchema,
  chat: chatMessageSchema,
} as const;

/** Fields a v1 body had, and what became of them in v2, per body kind. */
export const BODY_V1_HINTS: Record<BodyKind, Record<string, string>> = {
  post: {
    ticket_uuid:
      "is a field of the user add-on body, not of the post add-on: delete it (or check the body as a user add-on)",
    cost: "is a field of the user add-on body, not of the post add-on: delete it (or check the body as a user add-on)",
    categories:
      "is a field of the user add-on body, not of the post add-on: delete it (or check the body as a user add-on)",
    verification_cost:
      "was a field of the v1 user add-on (cost in v2), never of the post add-on: delete it (or check the body as a user add-on)",
    semantic_sensitives:
      "removed in v2 and must not be sent: put those keys in semantic (keys that are not predefined are encrypted)",
    sensitive_semantics:
      "removed in v2 and must not be sent: put those keys in semantic (keys that are not predefined are encrypted)",
  },
  user: {
    phone: "removed in v2: the phone goes in the address (POST /v2/open-platform/addons/user/{phone})",
    notes: "removed from the user add-on in v2: delete it",
    management_permalink: "removed in v2: delete it",
    semantic_sensitives: "removed in v2 and must not be sent: put those keys in semantic",
    sensitive_semantics: "removed in v2 and must not be sent: put those keys in semantic",
    verification_cost: "renamed to cost in v2",
  },
  semantic: {
    phone: "removed in v2: the phone goes in the address (/v1/open-platform/semantic/user/{phone})",
    notes: "removed from the user semantic body: delete it",
    semantic_sensitives: "removed and must not be sent: put those keys in semantic",
    sensitive_semantics: "removed and must not be sent: put those keys in semantic",
    verification_cost: "renamed to cost in the user semantic body",
  },
  chat: {
    user_id: "removed: the conversation in the address now decides sender and receiver",
    post_token: "removed: the conversation in the address now decides sender and receiver",
    peer_id: "removed: the conversation in the address now decides sender and receiver",
    sender_btn: "renamed to sender_buttons ({rows: [{buttons: [...]}]})",
    receiver_btn: "renamed to receiver_buttons ({rows: [{buttons: [...]}]})",
  },
};
