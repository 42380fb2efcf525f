import * as z from "zod";
import { type JsonSchema, setInSchema } from "../widgets/define";
import { isWidgetKind, WIDGET_MODELS } from "../widgets/registry";
import { ACTION_KINDS, actionSchema, DIRECT_LINK_PATTERN } from "./actions";
import {
  BODY_SCHEMAS,
  type BodyKind,
  CHAT_MAX_BUTTONS,
  chatButtonSchema,
  chatButtonSetSchema,
  chatMessageSchema,
  chatRowSchema,
  costSchema,
  INT32_MAX,
} from "./bodies";
import { deliveredEventSchema, payloadFieldFor } from "./events";
import { fieldRegistry, iconNameSchemas, nonBlankTexts, ZERO_ICON } from "./fields";
import { isRecord } from "./json";
import { ICON_DEF, publishable } from "./json-schema-docs";
import { routesTaking } from "./routes";
import { BLANK_TEXT_PATTERN, escapeInvisible, VISIBLE_TEXT_PATTERN } from "./text";
import { type CheckKind, MESSAGE_SCHEMAS, type MessageKind } from "./validate";
import { assertKind, CHECK_KINDS } from "./validate/kinds";
import { widgetSchema } from "./widgets";

/** A JSON Schema document (draft 2020-12) as plain JSON. */
export type { JsonSchema };

const TITLES: Record<BodyKind, string> = {
  post: "Post add-on v2 body",
  user: "User add-on v2 body",
  semantic: "User semantic create body, route by phone (no phone in the body)",
  "semantic-by-id": "User semantic create body, route by divar_user_id (phone in the body)",
  chat: "Chat message send body",
};

const byModelSchema = new Map<z.core.$ZodType, (typeof WIDGET_MODELS)[number]>(
  WIDGET_MODELS.map((m) => [m.schema, m]),
);

/**
 * Adds to zod's output what zod cannot see: code-point limits and non-empty rules kept in the
 * field registry, and the cross-field rules written as refinements (exactly one action kind,
 * exactly one widget key, semantic paths per widget kind; each widget's own rules come from its
 * definition's `jsonSchema` hook).
 */
function override(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  const { zodSchema, jsonSchema } = ctx;
  const ui = fieldRegistry.get(zodSchema);
  if (ui?.ui === "text" && jsonSchema.type === "string") {
    if (ui.max !== undefined) jsonSchema.maxLength = ui.max;
    // Required texts must hold more than spaces, as validation says.
    if (nonBlankTexts.has(zodSchema)) jsonSchema.pattern = VISIBLE_TEXT_PATTERN;
    jsonSchema.description = ui.max
      ? `${ui.label}: at most ${ui.max} characters (Unicode code points)`
      : ui.label;
  }
  // Every registered field is described by its inspector label (and help), so editors show it on hover.
  if (ui && jsonSchema.description === undefined)
    jsonSchema.description = ui.help ? `${ui.label}: ${ui.help}` : ui.label;
  if (ui?.ui === "action" || zodSchema === actionSchema) {
    // An action has exactly one key; every property is one action kind.
    jsonSchema.minProperties = 1;
    jsonSchema.maxProperties = 1;
    // ...and that one is not null: validate reads a null kind as absent, which leaves no kind.
    jsonSchema.anyOf = ACTION_KINDS.map(setInSchema);
    const link = jsonSchema.properties?.open_direct_link;
    if (link && typeof link === "object") {
      // No `format: "uri"`: a validator that checks it refuses addresses we accept (https://دیوار.ir/x).
      link.pattern = DIRECT_LINK_PATTERN;
      link.description = "An http or https address (javascript:, data: and other schemes are refused)";
    }
    jsonSchema.description = `An action: exactly one of ${ACTION_KINDS.join(", ")}`;
  }
  if (zodSchema === widgetSchema) {
    // Exactly one widget key; its kind decides which semantic paths are valid.
    jsonSchema.oneOf = WIDGET_MODELS.map((m) => ({
      required: [m.kind],
      properties: {
        semantic_paths: {
          anyOf: [
            { type: "object", additionalProperties: semanticPathSchema(m.paths) },
            // null: not set (nullAsAbsent below), as on every optional field.
            { type: "null" },
          ],
        },
      },
    }));
    jsonSchema.description = `A widget: an object with exactly one widget key (${WIDGET_MODELS.map((m) => m.kind).join(", ")}), plus optional semantic_paths`;
  }
  const model = byModelSchema.get(zodSchema);
  if (model) {
    jsonSchema.description = `${model.kind}: ${model.description}`;
    // What the widget's own refinements say, from its definition.
    model.jsonSchema(jsonSchema);
  }
  // The zero value UNKNOWN means "no icon" on the platform and is refused when sent.
  if (iconNameSchemas.has(zodSchema)) {
    jsonSchema.not = { const: ZERO_ICON };
    // The known names as suggestions for editors; any other string stays valid (a warning in validate).
    jsonSchema.anyOf = [{ $ref: `#/$defs/${ICON_DEF}` }, { type: "string" }];
  }
  if (zodSchema === chatButtonSchema) jsonSchema.not = { required: ["icon", "icon_name"] };
  if (zodSchema === costSchema) {
    // An int32 on the live platform; the refinements that say so are invisible to zod's export.
    jsonSchema.type = "integer";
    jsonSchema.minimum = 0;
    jsonSchema.maximum = INT32_MAX;
  }
  if (zodSchema === chatMessageSchema)
    // Text or media, not both: a media_token goes with an empty message, otherwise the text is not blank.
    jsonSchema.oneOf = [
      { required: ["media_token"], properties: { message: { type: "string", pattern: BLANK_TEXT_PATTERN } } },
      {
        not: { required: ["media_token"] },
        properties: { message: { type: "string", pattern: VISIBLE_TEXT_PATTERN } },
      },
    ];
  if (zodSchema === chatButtonSetSchema) {
    jsonSchema.description = `Rows of buttons; at most ${CHAT_MAX_BUTTONS} buttons in all (the sum over the rows is not expressible in JSON Schema: run addon-studio validate), shown at most 3 rows of 3`;
    // What JSON Schema can say of the sum: each row has a button, so at most 9 rows, and no row more than 9.
    const rows = jsonSchema.properties?.rows;
    if (rows && typeof rows === "object") rows.maxItems = CHAT_MAX_BUTTONS;
  }
  if (zodSchema === chatRowSchema) {
    const buttons = jsonSchema.properties?.buttons;
    if (buttons && typeof buttons === "object") buttons.maxItems = CHAT_MAX_BUTTONS;
  }
}

const MESSAGE_TITLES: Record<MessageKind, string> = {
  subscription: "Event subscription request (POST /v1/open-platform/events/subscriptions)",
  event: "Delivered event (POST to the app's event address)",
};

/**
 * A null on an optional field means "not set" on the platform (proto3 JSON; the OpenAPI's own
 * examples send them) and `validate` accepts it with a warning: the schema accepts it too, so Ajv and
 * `validate` agree. Not on a widget's kind keys (`{"title_row": null}` is no widget) nor on required
 * fields, where null stays an error in both.
 */
const NULL_AS_ABSENT: JsonSchema = {
  type: "null",
  description: 'null: read as "not set" (proto3 JSON); validate warns, and it is never sent on',
};

function nullAsAbsent(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  const { zodSchema, jsonSchema } = ctx;
  if (!(zodSchema instanceof z.ZodObject) || !jsonSchema.properties) return;
  const required = new Set(jsonSchema.required ?? []);
  for (const [key, property] of Object.entries(jsonSchema.properties)) {
    if (required.has(key) || typeof property !== "object") continue;
    if (zodSchema === widgetSchema && isWidgetKind(key)) continue;
    // The property itself, not a copy: zod fills nested schemas in after this hook runs.
    jsonSchema.properties[key] = { anyOf: [property, { ...NULL_AS_ABSENT }] };
  }
}

/** The messages' cross-field rules: one metadata spelling per request; the payload its type names. */
function messageOverride(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  const { zodSchema, jsonSchema } = ctx;
  if (zodSchema === deliveredEventSchema)
    jsonSchema.allOf = deliveredEventSchema.shape.type.options.map((type) => ({
      if: { properties: { type: { const: type } }, required: ["type"] },
      // The payload present and not null (validate reads a null payload as absent).
      // biome-ignore lint/suspicious/noThenProperty: `then` is JSON Schema's keyword, not a promise
      then: setInSchema(payloadFieldFor(type)),
    }));
}

/**
 * Ajv's strict mode (`strictRequired`) wants every name a `required` lists to be declared by a
 * `properties` beside it. The conditions (a widget's oneOf branch, a chat message's text-or-media,
 * an event's `then`) name fields the object itself declares: each gets `properties: {<name>: true}`
 * at its own level, which accepts any value, so what the schema accepts does not change. A schema
 * with `additionalProperties` would change (the name would escape it): none has one, and one would
 * stop the generation here rather than ship a different schema.
 */
function declareRequired(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) declareRequired(n);
    return;
  }
  if (!isRecord(node)) return;
  for (const value of Object.values(node)) declareRequired(value);
  const properties = isRecord(node.properties) ? node.properties : {};
  const required: unknown[] = Array.isArray(node.required) ? node.required : [];
  const missing = required.filter((name) => typeof name === "string" && properties[name] === undefined);
  if (missing.length === 0) return;
  if (node.additionalProperties !== undefined || node.patternProperties !== undefined)
    throw new Error(`declareRequired: ${missing.join(", ")} would escape additionalProperties`);
  node.properties = { ...properties, ...Object.fromEntries(missing.map((name) => [name, true])) };
}

/** Names the platform routes that take a body kind, from the route table. */
function routeDescription(kind: CheckKind): string {
  if (kind === "event")
    return "Sent by the platform to the app's event address (spec 4.5); no API route takes it.";
  const routes = routesTaking(kind);
  return `Taken by ${routes.join("; ")}.`;
}

/** The JSON Schema (draft 2020-12) of a v2 body kind or message kind, derived from its zod schema. */
export function toJsonSchema(kind: CheckKind): JsonSchema {
  assertKind("toJsonSchema", kind, CHECK_KINDS, "");
  if (kind === "subscription" || kind === "event") {
    const schema = z.toJSONSchema(MESSAGE_SCHEMAS[kind], {
      io: "input",
      unrepresentable: "any",
      override: (ctx) => {
        messageOverride(ctx);
        nullAsAbsent(ctx);
      },
    });
    declareRequired(schema);
    return { ...publishable(kind, MESSAGE_TITLES[kind], schema), description: routeDescription(kind) };
  }
  const schema = z.toJSONSchema(BODY_SCHEMAS[kind], {
    io: "input",
    unrepresentable: "any",
    override: (ctx) => {
      override(ctx);
      nullAsAbsent(ctx);
    },
  });
  declareRequired(schema);
  return { ...publishable(kind, TITLES[kind], schema), description: routeDescription(kind) };
}

/**
 * The JSON Schema of `kind` as the file text the package ships (`schemas/<kind>.schema.json`) and
 * `addon-studio schema` prints: indented, the invisible characters a pattern names as `\uXXXX`.
 */
export function jsonSchemaText(kind: CheckKind): string {
  assertKind("jsonSchemaText", kind, CHECK_KINDS, "");
  return `${escapeInvisible(JSON.stringify(toJsonSchema(kind), null, 2))}\n`;
}

/** A semantic path of a widget whose field paths are `paths` (as `isFieldPath`: a key inside an action's data too). */
function semanticPathSchema(paths: readonly string[]): Record<string, unknown> {
  const data = paths.filter((p) => p.endsWith(".data"));
  if (data.length === 0) return { type: "string", enum: [...paths] };
  const escaped = data.map((p) => p.replaceAll(".", "\\."));
  return {
    type: "string",
    anyOf: [
      { enum: [...paths] },
      { pattern: `^(${escaped.join("|")})\\.[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$` },
    ],
  };
}
