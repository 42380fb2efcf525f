import type * as z from "zod";
import { ICON_NAMES } from "./icons";

type JsonSchema = z.core.JSONSchema.BaseSchema;

/** Where the published schema files live; `$id` names them (schemas/<kind>.schema.json in the package). */
export const SCHEMA_BASE_URL = "https://unpkg.com/addon-studio/schemas/";

/** The `$defs` entry holding the known icon names, referenced by every icon field. */
export const ICON_DEF = "KnownIconName";

/**
 * Descriptions of the fields zod's output leaves bare (structure, not inspector fields), by
 * `parent.field` or by field name. A field missing here and in the field registry fails the schema
 * files test, so a new field cannot ship undescribed.
 */
const FIELD_DOCS: Record<string, string> = {
  widgets: "The widgets, shown top to bottom",
  semantic: "Semantic values of the add-on: key to string value (see the semantic keys of the spec)",
  semantic_paths: "Semantic paths: which semantic key fills which field of this widget (field path, dots)",
  notes: "Notes kept with the add-on (not shown to buyers)",
  categories: "Category slugs the user add-on applies to",
  phone: "The user's phone number (the live route by divar_user_id takes it in the body)",
  ticket_uuid: "The ticket of a paid verification (a UUID)",
  cost: "The cost charged: a whole non-negative number (an int32 on the live platform)",
  has_divider: "Draw a divider line under the widget",
  hasDivider:
    "Draw a divider line under the widget (the spec's spelling; has_divider is accepted too, not both)",
  "group_info_row.items": "The 2 or 3 items of the row",
  "image_carousel_row.items": "The images of the carousel",
  open_direct_link: "An http or https address (javascript:, data: and other schemes are refused)",
  open_server_link: "Ask the app's server, which answers with where to go",
  get_dynamic_action: "Ask the app's server for an action to run",
  open_post_page: "Open a post's page",
  open_post_manage_page: "Open a post's management page",
  data: "Key/value data sent to the app's server with the request",
  post_token: "A post token: 8 to 16 of A-Z, a-z, 0-9 and _",
  section_color: "The colour of this section",
  media_token: "An uploaded media file to send instead of text (the message is then empty)",
  rows: "Rows of buttons, top to bottom",
  buttons: "The buttons of the row, right to left",
  "buttons.icon_name": "The spec's name for icon, deprecated by the live platform: write icon (not both)",
  "chat.type": "The message type: TEXT, or leave it out",
  event_type: "The event to subscribe to",
  event_resource_id: "Limit the subscription to one resource (e.g. a post token); leave out for all",
  metadata: "The app's own data, returned with every delivered event",
  meta_data: "The app's own data (the other spelling of metadata; not both)",
  "event.type": "The event type; its payload is in the field of the same name in lower case",
  new_message: "Payload of a NEW_MESSAGE event: the chat message",
  new_chatbot_message: "Payload of a NEW_CHATBOT_MESSAGE event: the message sent to the app's chatbot",
  user_access_revocation: "Payload of a USER_ACCESS_REVOCATION event",
  post_update: "Payload of a POST_UPDATE event",
  transaction: "Payload of a PAYMENT_TRANSACTION event",
  id: "Identifier",
  conversation: "The conversation the message belongs to",
  "conversation.type": "What the conversation is about: POST or BOT",
  sender: "Who sent the message",
  side: "The sender's side of the conversation",
  "sender.type": "The kind of sender: HUMAN, BOT or USER",
  "new_message.type": "The message type (TEXT, IMAGE, FILE, ...)",
  "new_chatbot_message.type": "The message type (TEXT, IMAGE, FILE, ...)",
  sent_at: "When the message was sent, in microseconds since 1970",
  text: "The text of the message",
  "post_update.type": "What happened to the post",
  post: "The post concerned",
  token: "The post's token",
};

/** Fields the live OpenAPI marks deprecated (`parent.name`): editors strike them through. */
const DEPRECATED: ReadonlySet<string> = new Set(["buttons.icon_name"]);

/** Keywords whose subschemas restate conditions, not fields: they need no descriptions. */
const CONDITIONS = new Set(["if", "then", "else", "not", "oneOf", "anyOf", "allOf", "$defs"]);

function describe(node: unknown, parent: string): void {
  if (typeof node !== "object" || node === null) return;
  if (Array.isArray(node)) {
    for (const n of node) describe(n, parent);
    return;
  }
  const schema = node as JsonSchema;
  if (schema.properties)
    for (const [name, child] of Object.entries(schema.properties)) {
      if (typeof child !== "object") continue;
      // An optional field is `anyOf: [its schema, null]` (json-schema.ts, nullAsAbsent): the field's
      // own description goes on the pair, where editors look for it.
      const own =
        child.anyOf?.length === 2 && typeof child.anyOf[0] === "object" ? child.anyOf[0] : undefined;
      child.description ??= own?.description ?? FIELD_DOCS[`${parent}.${name}`] ?? FIELD_DOCS[name];
      if (DEPRECATED.has(`${parent}.${name}`)) child.deprecated = true;
      describe(child, name);
      // The fields inside an optional object (a chat message's button sets) are described too.
      if (own) describe(own, name);
    }
  for (const [key, value] of Object.entries(schema))
    if (key !== "properties" && !CONDITIONS.has(key)) describe(value, key === "items" ? parent : key);
}

/** Paths of properties (outside conditions) that have no description: the schema files test wants none. */
export function undescribedFields(node: unknown, path = ""): string[] {
  if (typeof node !== "object" || node === null) return [];
  if (Array.isArray(node)) return node.flatMap((n, i) => undescribedFields(n, `${path}[${i}]`));
  const out: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (CONDITIONS.has(key)) continue;
    if (key === "properties" && typeof value === "object" && value !== null)
      for (const [name, child] of Object.entries(value)) {
        if (typeof child === "object" && child !== null && !("description" in child))
          out.push(`${path}.${name}`);
        out.push(...undescribedFields(child, `${path}.${name}`));
      }
    else out.push(...undescribedFields(value, `${path}/${key}`));
  }
  return out;
}

/**
 * Makes a generated schema a publishable file: `$id` and title first, the known icon names in
 * `$defs` when an icon field refers to them, and descriptions on the fields zod left bare.
 */
export function publishable(kind: string, title: string, schema: JsonSchema): JsonSchema {
  describe(schema, kind);
  const { $schema, ...rest } = schema;
  const out: JsonSchema = { $schema, $id: `${SCHEMA_BASE_URL}${kind}.schema.json`, title, ...rest };
  if (JSON.stringify(schema).includes(`#/$defs/${ICON_DEF}`))
    out.$defs = {
      ...schema.$defs,
      [ICON_DEF]: {
        type: "string",
        description: "An icon name the platform knows; other names are accepted with a warning",
        enum: [...ICON_NAMES],
      },
    };
  return out;
}
