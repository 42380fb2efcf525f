import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BODY_KINDS, type BodyKind, WIDGET_MODELS } from "../../src/platform";
import type { FieldDescriptor } from "../../src/platform/fields";
import { isRecord } from "../../src/platform/json";
import { type JsonSchema, toJsonSchema } from "../../src/platform/json-schema";
import { type CheckKind, validateAny } from "../../src/platform/validate";

type Node = Record<string, unknown>;

const isNode: (v: unknown) => v is Node = isRecord;

/**
 * A tiny JSON Schema checker for the keywords our schemas use, so the test checks what another
 * language's validator would do with the emitted schema. Lengths count code points, as JSON Schema says.
 */
function check(schema: unknown, value: unknown): boolean {
  if (!isNode(schema)) return true;
  const s = schema;
  const type = s.type;
  if (type === "object" && !isNode(value)) return false;
  if (type === "array" && !Array.isArray(value)) return false;
  if (type === "string" && typeof value !== "string") return false;
  if (type === "boolean" && typeof value !== "boolean") return false;
  if (type === "number" && typeof value !== "number") return false;
  if (type === "integer" && !Number.isInteger(value)) return false;
  if (type === "null" && value !== null) return false;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false;
  if ("const" in s && s.const !== value) return false;
  if (typeof value === "string") {
    const n = [...value].length;
    if (typeof s.maxLength === "number" && n > s.maxLength) return false;
    if (typeof s.minLength === "number" && n < s.minLength) return false;
    if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(value)) return false;
  }
  if (typeof value === "number") {
    if (typeof s.minimum === "number" && value < s.minimum) return false;
    if (typeof s.maximum === "number" && value > s.maximum) return false;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === "number" && value.length < s.minItems) return false;
    if (typeof s.maxItems === "number" && value.length > s.maxItems) return false;
    if (s.items && !value.every((v) => check(s.items, v))) return false;
  }
  if (isNode(value)) {
    const keys = Object.keys(value);
    const props = isNode(s.properties) ? s.properties : {};
    if (Array.isArray(s.required) && !s.required.every((k) => typeof k === "string" && k in value))
      return false;
    if (typeof s.minProperties === "number" && keys.length < s.minProperties) return false;
    if (typeof s.maxProperties === "number" && keys.length > s.maxProperties) return false;
    for (const k of keys) {
      if (k in props) {
        if (!check(props[k], value[k])) return false;
      } else if (s.additionalProperties === false) return false;
      else if (isNode(s.additionalProperties) && !check(s.additionalProperties, value[k])) return false;
    }
  }
  if (Array.isArray(s.oneOf) && s.oneOf.filter((b) => check(b, value)).length !== 1) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((b) => check(b, value))) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((b) => check(b, value))) return false;
  if (s.not !== undefined && check(s.not, value)) return false;
  if (s.if !== undefined) {
    const branch = check(s.if, value) ? s.then : s.else;
    if (branch !== undefined && !check(branch, value)) return false;
  }
  return true;
}

/** Every sub-schema, with its JSON pointer. */
function walk(node: unknown, at: string, out: Array<[string, Node]>): Array<[string, Node]> {
  if (Array.isArray(node))
    node.forEach((n, i) => {
      walk(n, `${at}/${i}`, out);
    });
  else if (isNode(node)) {
    out.push([at, node]);
    for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`, out);
  }
  return out;
}

const schemas = Object.fromEntries(BODY_KINDS.map((k) => [k, toJsonSchema(k)])) as Record<
  BodyKind,
  JsonSchema
>;
/** An optional field's own schema: it is `anyOf: [schema, {type: "null"}]` (null reads as not set). */
function own(node: Node | undefined): Node | undefined {
  const pair = node?.anyOf;
  if (
    Array.isArray(pair) &&
    pair.length === 2 &&
    isNode(pair[0]) &&
    isNode(pair[1]) &&
    pair[1].type === "null"
  )
    return pair[0];
  return node;
}
const widgetItems = own((schemas.post.properties as Record<string, Node>).widgets)?.items as Node;
const widgetProps = widgetItems.properties as Record<string, Node>;

describe("toJsonSchema", () => {
  it("is a draft 2020-12 schema with a title for every kind", () => {
    for (const k of BODY_KINDS) {
      expect(schemas[k].$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schemas[k].title).toEqual(expect.any(String));
    }
  });

  it("every object with named properties refuses others (additionalProperties false)", () => {
    for (const k of BODY_KINDS)
      for (const [at, node] of walk(schemas[k], "#", []))
        if (node.type === "object" && isNode(node.properties) && !at.includes("/oneOf/"))
          expect(node.additionalProperties, `${k} ${at}`).toBe(false);
  });

  it("every code-point limit of the field registry appears as maxLength", () => {
    const textLimits = (fields: readonly FieldDescriptor[], schema: Node, where: string) => {
      for (const f of fields) {
        const prop = own((schema.properties as Record<string, Node>)[f.key]);
        expect(prop, `${where}.${f.key}`).toBeDefined();
        if (!prop) continue;
        if (f.ui.ui === "text" && f.ui.max !== undefined)
          expect(prop.maxLength, `${where}.${f.key}`).toBe(f.ui.max);
        if (f.ui.ui === "group" && f.fields) textLimits(f.fields, prop, `${where}.${f.key}`);
        if (f.ui.ui === "list" && f.fields) textLimits(f.fields, prop.items as Node, `${where}.${f.key}[]`);
      }
    };
    const limitsIn = (node: unknown) =>
      walk(node, "#", []).filter(([, n]) => typeof n.maxLength === "number").length;
    const registered = (fields: readonly FieldDescriptor[]): number =>
      fields.reduce(
        (n, f) => n + (f.ui.ui === "text" && f.ui.max !== undefined ? 1 : 0) + registered(f.fields ?? []),
        0,
      );
    for (const m of WIDGET_MODELS) {
      textLimits(m.fields, widgetProps[m.kind] as Node, m.kind);
      // The registry's limits, plus those the widget's own JSON Schema hook adds (description_row's).
      const hooked: JsonSchema = {};
      m.jsonSchema(hooked);
      expect(limitsIn(widgetProps[m.kind]), m.kind).toBe(registered(m.fields) + limitsIn(hooked));
    }
  });

  it("a widget has exactly one widget key, and semantic paths are those of its kind", () => {
    const oneOf = widgetItems.oneOf as Node[];
    expect(oneOf.map((b) => b.required)).toEqual(WIDGET_MODELS.map((m) => [m.kind]));
  });

  it("an action has exactly one key", () => {
    const props = widgetProps.button_bar?.properties as Record<string, Node> | undefined;
    const action = own(props?.action);
    expect(action?.minProperties).toBe(1);
    expect(action?.maxProperties).toBe(1);
  });
});

describe("the emitted schema, fed to a JSON Schema check, agrees with validateBody", () => {
  const post = (...widgets: unknown[]) => ({ widgets });
  const fixtures = fileURLToPath(new URL("../fixtures/v1/", import.meta.url));

  it("accepts every migrated fixture", () => {
    for (const f of readdirSync(fixtures).filter((n) => n.endsWith(".after.json")))
      expect(check(schemas.post, JSON.parse(readFileSync(`${fixtures}${f}`, "utf8"))), f).toBe(true);
  });

  it("counts characters in code points: 49 emoji pass a 49 limit, 50 do not", () => {
    expect(check(schemas.post, post({ title_row: { text: "🚗".repeat(49) } }))).toBe(true);
    expect(check(schemas.post, post({ title_row: { text: "🚗".repeat(50) } }))).toBe(false);
  });

  const refused: Array<[string, unknown]> = [
    ["two widget keys", post({ title_row: { text: "الف" }, subtitle_row: { text: "ب" } })],
    ["no widget key", post({})],
    ["unknown field", post({ selector_row: { title: "الف", image_url: "x" } })],
    [
      "two action kinds",
      post({
        button_bar: {
          title: "الف",
          action: { open_direct_link: "https://a.ir", get_dynamic_action: { data: {} } },
        },
      }),
    ],
    ["empty action", post({ button_bar: { title: "الف", action: {} } })],
    [
      "javascript: link",
      post({ button_bar: { title: "الف", action: { open_direct_link: "javascript:alert(1)" } } }),
    ],
    ["both scores", post({ score_row: { title: "الف", percentage_score: 1, descriptive_score: "خوب" } })],
    ["no score", post({ score_row: { title: "الف" } })],
    ["v1 colour", post({ score_row: { title: "الف", percentage_score: 1, score_color: "TEXT_PRIMARY" } })],
    ["101 percent", post({ score_row: { title: "الف", percentage_score: 101 } })],
    ["one group item", post({ group_info_row: { items: [{ title: "الف", value: "ب" }] } })],
    ["long description, not expandable", post({ description_row: { text: "ب".repeat(201) } })],
    ["semantic path of another kind", post({ title_row: { text: "الف" }, semantic_paths: { a: "action" } })],
    ["semantic_sensitives", { widgets: [], semantic_sensitives: [] }],
  ];
  for (const [name, body] of refused)
    it(`refuses ${name}`, () => expect(check(schemas.post, body)).toBe(false));

  it("accepts a long expandable description and a valid semantic path", () => {
    expect(check(schemas.post, post({ description_row: { text: "ب".repeat(500), expandable: true } }))).toBe(
      true,
    );
    expect(
      check(schemas.post, post({ selector_row: { title: "الف" }, semantic_paths: { t: "title" } })),
    ).toBe(true);
  });

  it("user, semantic and chat bodies", () => {
    expect(
      check(schemas.user, { widgets: [], ticket_uuid: "3f2c1a9e-8b7d-4c6e-9f01-2a3b4c5d6e7f", cost: 5 }),
    ).toBe(true);
    expect(check(schemas.user, { widgets: [], ticket_uuid: "nope" })).toBe(false);
    expect(check(schemas.user, { widgets: [], verification_cost: 5 })).toBe(false);
    expect(check(schemas.semantic, { semantic: { a: "b" } })).toBe(true);
    expect(check(schemas.semantic, { semantic: { a: 1 } })).toBe(false);
    const button = { caption: "الف", action: { open_direct_link: "https://a.ir" } };
    expect(check(schemas.chat, { message: "سلام", sender_buttons: { rows: [{ buttons: [button] }] } })).toBe(
      true,
    );
    expect(
      check(schemas.chat, {
        message: "x",
        sender_buttons: { rows: [{ buttons: [{ ...button, icon: "A", icon_name: "A" }] }] },
      }),
    ).toBe(false);
    expect(check(schemas.chat, { message: "x", user_id: "u" })).toBe(false);
  });
});

describe("the emitted schema and validate agree both ways on the audited rules", () => {
  const button = (extra: Record<string, unknown>) => ({
    message: "سلام",
    sender_buttons: {
      rows: [{ buttons: [{ caption: "بله", action: { open_direct_link: "https://a.ir" }, ...extra }] }],
    },
  });
  const link = (url: string) => ({
    widgets: [{ button_bar: { title: "گزارش", action: { open_direct_link: url } } }],
  });
  const message = {
    id: "m1",
    conversation: { id: "c1", type: "POST" },
    sender: { side: "SELLER", type: "HUMAN" },
    type: "TEXT",
    sent_at: 1,
  };
  const cases: Array<[string, CheckKind, unknown]> = [
    [
      "icon UNKNOWN on a widget",
      "post",
      { widgets: [{ event_row: { title: "الف", icon_name: "UNKNOWN" } }] },
    ],
    ["a known icon on a widget", "post", { widgets: [{ event_row: { title: "الف", icon_name: "STAR" } }] }],
    ["icon UNKNOWN on a chat button", "chat", button({ icon: "UNKNOWN" })],
    ["an unknown icon name (a warning only)", "chat", button({ icon_name: "NOT_YET_IN_THE_LIST" })],
    ["a blank required text", "post", { widgets: [{ title_row: { text: "   " } }] }],
    ["a text with spaces around", "post", { widgets: [{ title_row: { text: " الف " } }] }],
    ["a blank message", "chat", { message: " " }],
    ["a title of a zero-width non-joiner alone", "post", { widgets: [{ title_row: { text: "\u200c" } }] }],
    [
      "a title with a zero-width non-joiner inside",
      "post",
      { widgets: [{ title_row: { text: "می\u200cخواهم" } }] },
    ],
    ["a message of direction marks alone", "chat", { message: "\u200f\u200e " }],
    ["a media message whose text is a direction mark", "chat", { message: "\u200f", media_token: "upl-1" }],
    ["a media message", "chat", { message: "", media_token: "upl-1" }],
    ["text and media at once", "chat", { message: "عکس", media_token: "upl-1" }],
    ["a fractional cost", "user", { widgets: [], cost: 12.5 }],
    ["a cost past int32", "user", { widgets: [], cost: 2147483648 }],
    ["a whole cost", "user", { widgets: [], cost: 2147483647 }],
    [
      "nested action data",
      "post",
      {
        widgets: [{ button_bar: { title: "x", action: { open_server_link: { data: { a: { b: [1] } } } } } }],
      },
    ],
    ["a button bar without an action", "post", { widgets: [{ button_bar: { title: "x" } }] }],
    ["the live semantic body without its phone", "semantic-by-id", { semantic: {} }],
    ["the live semantic body with its phone", "semantic-by-id", { semantic: {}, phone: "09120000000" }],
    [
      "a blank descriptive score",
      "post",
      { widgets: [{ score_row: { title: "الف", descriptive_score: "" } }] },
    ],
    ["an empty optional text", "post", { widgets: [{ event_row: { title: "الف", subtitle: "" } }] }],
    ["a URL with a space", "post", link("https://a.ir/a b")],
    ["a URL with %20", "post", link("https://a.ir/a%20b")],
    ["an upper-case scheme", "post", link("HTTPS://A.IR/x")],
    ["a scheme without //", "post", link("http:/a.ir")],
    ["a scheme with no host", "post", link("https:///a")],
    ["both metadata spellings", "subscription", { event_type: "POST_UPDATE", metadata: {}, meta_data: {} }],
    ["one metadata spelling", "subscription", { event_type: "POST_UPDATE", meta_data: { a: 1 } }],
    ["an event without its payload", "event", { type: "NEW_MESSAGE" }],
    ["an event with the wrong payload", "event", { type: "POST_UPDATE", new_message: message }],
    ["an event with its payload", "event", { type: "NEW_MESSAGE", new_message: message }],
  ];
  const all = Object.fromEntries(
    (["post", "user", "semantic-by-id", "chat", "subscription", "event"] as const).map((k) => [
      k,
      toJsonSchema(k),
    ]),
  );
  for (const [name, kind, body] of cases)
    it(name, () => {
      expect(check(all[kind], body)).toBe(validateAny(kind, body).ok);
    });
});
