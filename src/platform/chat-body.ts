// The chat message body (spec 2.15, the live OpenAPI's chatapi messages): its buttons, rows and
// button sets. Split from bodies.ts, which re-exports it, so each file holds one kind of body.
import * as z from "zod";
import { actionSchema } from "./actions";
import { iconField, iconValue, textField, typeError } from "./fields";
import { isBlankText } from "./text";
/** Most buttons one side of a chat message may carry (spec 2.15, 8). */
export const CHAT_MAX_BUTTONS = 9;
/** The live platform lays buttons out at most 3 rows of 3 (platform facts, "Chat"). */
export const CHAT_GRID = 3;

/**
 * A chat button: caption, action, and an icon named by `icon` (the live OpenAPI's enum) or by the
 * spec's `icon_name`, which the OpenAPI marks deprecated (a warning, validate/button-warnings.ts).
 */
export const chatButtonSchema = z
  .strictObject(
    {
      caption: textField({ label: "Caption", required: true }),
      // Optional in the live OpenAPI; a button without one is warned about (pressing it does nothing).
      action: actionSchema.optional(),
      icon: iconField("Icon").optional(),
      // The deprecated spelling: accepted, never written, so it has no control of its own.
      icon_name: iconValue().optional(),
    },
    { error: (iss) => typeError(iss.input, "a button object {caption, action, icon}") },
  )
  .superRefine((b, ctx) => {
    // Both (as the live OpenAPI's schema dump shows every field at once): which one the app reads is
    // not documented, so a body says it once.
    if (b.icon_name !== undefined && b.icon !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["icon_name"],
        message:
          b.icon_name === b.icon
            ? "repeats icon under its deprecated spelling: remove it (addon-studio migrate does)"
            : `names another icon than icon (${b.icon}): keep icon alone (icon_name is its deprecated spelling; addon-studio migrate keeps icon)`,
        input: b,
      });
  });
export type ChatButton = z.infer<typeof chatButtonSchema>;

/** One row of a chat message's buttons. */
export const chatRowSchema = z.strictObject(
  {
    buttons: z
      .array(chatButtonSchema, { error: (iss) => typeError(iss.input, "an array of buttons") })
      .min(1, { error: "an empty row shows nothing: add a button or remove the row" }),
  },
  { error: (iss) => typeError(iss.input, "a row object {buttons: [...]}") },
);

/**
 * The buttons of one side: rows of buttons, at most 9 in all. `rows` is optional, as in the live
 * OpenAPI (chatapiChatButtonGrid requires nothing): left out, it is the empty list (proto3 JSON), so
 * `{}` is taken as `{"rows": []}` is.
 */
export const chatButtonSetSchema = z
  .strictObject(
    { rows: z.array(chatRowSchema, { error: (iss) => typeError(iss.input, "an array of rows") }).optional() },
    { error: (iss) => typeError(iss.input, "an object {rows: [{buttons: [...]}]}") },
  )
  .superRefine((set, ctx) => {
    const n = (set.rows ?? []).reduce((sum, r) => sum + r.buttons.length, 0);
    if (n > CHAT_MAX_BUTTONS)
      ctx.addIssue({
        code: "too_big",
        origin: "array",
        maximum: CHAT_MAX_BUTTONS,
        inclusive: true,
        message: `has ${n} buttons; a message side takes at most ${CHAT_MAX_BUTTONS}: remove ${n - CHAT_MAX_BUTTONS}`,
        input: set,
        params: { count: n },
      });
  });

/**
 * Chat message send body (spec 2.15; the live body has no `type`, so it is optional, and adds
 * `media_token`). Text or media, not both (the live OpenAPI's description of this route).
 */
export const chatMessageSchema = z
  .strictObject(
    {
      type: z
        .enum(["TEXT"], { error: "must be TEXT (or leave it out): only text messages are supported" })
        .optional(),
      message: textField({
        label: "Message",
        multiline: true,
        // The live platform requires the field even for media: an empty one beside a media_token.
        wanted: 'text (a string), or "" beside a media_token for a media message',
      }),
      media_token: z
        .string({ error: (iss) => typeError(iss.input, "a media token (a string) from the chat upload") })
        .min(1, { error: "must not be empty: give the token of an uploaded file, or leave the field out" })
        .optional(),
      sender_buttons: chatButtonSetSchema.optional(),
      receiver_buttons: chatButtonSetSchema.optional(),
    },
    { error: (iss) => typeError(iss.input, "a JSON object (the chat message body)") },
  )
  .superRefine((m, ctx) => {
    const text = !isBlankText(m.message);
    if (m.media_token === undefined && !text)
      ctx.addIssue({
        code: "custom",
        path: ["message"],
        message:
          "Message must not be empty: write some text (spaces and invisible characters alone do not count), or send a media_token",
        input: m.message,
      });
    if (m.media_token !== undefined && text)
      ctx.addIssue({
        code: "custom",
        path: ["media_token"],
        message:
          "a message carries text or media, not both (a documented rule of the live platform): empty the message or remove media_token",
        input: m.media_token,
      });
  });
export type ChatMessage = z.infer<typeof chatMessageSchema>;
