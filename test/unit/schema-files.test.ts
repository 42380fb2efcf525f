import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "../../src/platform/icons";
import { jsonSchemaText, toJsonSchema } from "../../src/platform/json-schema";
import { undescribedFields } from "../../src/platform/json-schema-docs";
import { CHECK_KINDS, validateAny } from "../../src/platform/validate";

// The schema files shipped in the package (schemas/), read by editors and by other languages'
// validators: checked here with Ajv, a standard JSON Schema 2020-12 validator, in strict mode.
const root = fileURLToPath(new URL("../../", import.meta.url));
const fileOf = (kind: string) => JSON.parse(readFileSync(`${root}schemas/${kind}.schema.json`, "utf8"));

// Plain strict mode, as a user writes it: every option strict (strictRequired included) and every
// strict-mode finding an error, not a logged warning.
const strict = { strict: true, allErrors: true } as const;
const ajv = new Ajv2020(strict);
const validators = Object.fromEntries(CHECK_KINDS.map((k) => [k, ajv.compile(fileOf(k))]));

describe("schemas/<kind>.schema.json", () => {
  it("exist for every kind and equal what the source generates (npm run build:lib rewrites them)", () => {
    expect(readdirSync(`${root}schemas`).sort()).toEqual(CHECK_KINDS.map((k) => `${k}.schema.json`).sort());
    for (const kind of CHECK_KINDS) {
      expect(fileOf(kind), kind).toEqual(toJsonSchema(kind));
      // Byte for byte what `addon-studio schema --kind <kind>` prints.
      expect(readFileSync(`${root}schemas/${kind}.schema.json`, "utf8"), kind).toBe(jsonSchemaText(kind));
    }
  });

  it("compile in Ajv's plain strict mode, each on its own, with nothing logged", () => {
    for (const kind of CHECK_KINDS) {
      const logged: unknown[] = [];
      const log = (...args: unknown[]) => logged.push(args);
      const own = new Ajv2020({ ...strict, logger: { log, warn: log, error: log } });
      expect(() => own.compile(fileOf(kind)), kind).not.toThrow();
      expect(logged, kind).toEqual([]);
    }
  });

  it("write patterns any regex engine compiles: no \\u escapes inside a pattern, and the file readable", () => {
    for (const kind of CHECK_KINDS) {
      const text = readFileSync(`${root}schemas/${kind}.schema.json`, "utf8");
      const patterns = JSON.stringify(fileOf(kind)).match(/"pattern":"(?:[^"\\]|\\.)*"/g) ?? [];
      // A regex escape survives JSON.stringify as \\u; the invisible characters are literal instead.
      for (const p of patterns) expect(p, kind).not.toContain("\\\\u");
      // In the file itself they are JSON escapes, so a person sees which characters are meant.
      expect(text, kind).not.toMatch(/[\u200B-\u200F\uFEFF]/);
    }
    expect(JSON.stringify(fileOf("post"))).toContain("\u200B");
  });

  it("have $id, title and a description on every field, and no format keyword", () => {
    for (const kind of CHECK_KINDS) {
      const schema = fileOf(kind);
      expect(schema.$id).toBe(`https://unpkg.com/addon-studio/schemas/${kind}.schema.json`);
      expect(schema.title).toMatch(/\S/);
      expect(undescribedFields(schema), kind).toEqual([]);
      // format: "uri" refused https://دیوار.ir/x, which the platform takes and validate accepts.
      expect(JSON.stringify(schema)).not.toMatch(/"format"/);
    }
  });

  it("describe a chat button's fields, icon_name marked deprecated (the live OpenAPI's word), inside the optional button sets", () => {
    const chat = fileOf("chat");
    const button =
      chat.properties.sender_buttons.anyOf[0].properties.rows.anyOf[0].items.properties.buttons.items;
    expect(button.properties.icon.description).toMatch(/\S/);
    expect(button.properties.icon.deprecated).toBeUndefined();
    expect(button.properties.icon_name.deprecated).toBe(true);
    expect(button.properties.icon_name.description).toMatch(/deprecated by the live platform: write icon/);
    expect(button.not.required).toEqual(["icon", "icon_name"]);
  });

  it("offer the known icon names as suggestions while accepting any other name", () => {
    const post = fileOf("post");
    expect(post.$defs.KnownIconName.enum).toHaveLength(ICON_NAMES.length);
    const body = (icon: string) => ({
      widgets: [{ score_row: { title: "موتور", percentage_score: 85, icon_name: icon } }],
    });
    const known = ICON_NAMES[0] ?? "";
    for (const [icon, ok] of [
      [known, true],
      ["SOME_NEW_ICON", true],
      ["UNKNOWN", false],
    ] as const) {
      expect(validators.post?.(body(icon)), icon).toBe(ok);
      expect(validateAny("post", body(icon)).ok, icon).toBe(ok);
    }
  });

  it("agree with validate on the cases an outside check found", () => {
    const link = (url: string) => ({
      message: "سلام",
      sender_buttons: { rows: [{ buttons: [{ caption: "برو", action: { open_direct_link: url } }] }] },
    });
    for (const [url, ok] of [
      ["https://دیوار.ir/x", true],
      ["HTTPS://example.com/a b", false],
      ["javascript:alert(1)", false],
    ] as const) {
      expect(validators.chat?.(link(url)), url).toBe(ok);
      expect(validateAny("chat", link(url)).ok, url).toBe(ok);
    }
    const description = (text: string, expandable: boolean) => ({
      widgets: [{ description_row: { text, expandable } }],
    });
    for (const [text, expandable, ok] of [
      ["ب".repeat(201), false, false],
      ["ب".repeat(201), true, true],
      ["ب".repeat(200), false, true],
    ] as const) {
      expect(validators.post?.(description(text, expandable)), `${text.length} ${expandable}`).toBe(ok);
      expect(validateAny("post", description(text, expandable)).ok).toBe(ok);
    }
  });

  it("take a null on an optional field as not set, as validate does (proto3 JSON), and nowhere else", () => {
    const score = (extra: Record<string, unknown>) => ({
      widgets: [{ score_row: { title: "موتور", percentage_score: 85, ...extra } }],
    });
    for (const [name, kind, body, ok] of [
      ["an optional icon", "post", score({ icon_name: null }), true],
      ["the body's notes", "post", { widgets: [{ title_row: { text: "الف" } }], notes: null }, true],
      [
        "a widget's semantic paths",
        "post",
        { widgets: [{ title_row: { text: "الف" }, semantic_paths: null }] },
        true,
      ],
      ["a subscription's metadata", "subscription", { event_type: "POST_UPDATE", metadata: null }, true],
      ["a widget kind key", "post", { widgets: [{ title_row: null }] }, false],
      ["a required text", "post", { widgets: [{ title_row: { text: null } }] }, false],
      ["a message's required text", "chat", { message: null }, false],
    ] as const) {
      expect(validators[kind]?.(body), name).toBe(ok);
      expect(validateAny(kind, body).ok, name).toBe(ok);
    }
  });

  it("take the semantic paths validate takes: item fields and action data keys, never an index", () => {
    const group = {
      items: [
        { title: "الف", value: "۱" },
        { title: "ب", value: "۲" },
      ],
    };
    const bar = { title: "ثبت", action: { open_server_link: { data: { id: "r-1" } } } };
    for (const [widget, path, ok] of [
      [{ group_info_row: group }, "items.value", true],
      [{ group_info_row: group }, "items.label", false],
      [{ group_info_row: group }, "items.0.value", false],
      [{ button_bar: bar }, "action.open_server_link.data.id", true],
      [{ button_bar: bar }, "action.open_server_link.data", true],
      [{ button_bar: bar }, "action.open_server_link.data.", false],
      [{ button_bar: bar }, "action.open_server_link.other", false],
    ] as const) {
      const body = { widgets: [{ ...widget, semantic_paths: { k: path } }] };
      expect(validators.post?.(body), path).toBe(ok);
      expect(validateAny("post", body).ok, path).toBe(ok);
    }
  });

  it("accept the migrated fixtures, as validate does", () => {
    const dir = `${root}test/fixtures/v1/`;
    const names = readdirSync(dir).filter((f) => f.endsWith(".after.json"));
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const body = JSON.parse(readFileSync(dir + name, "utf8"));
      expect(validateAny("post", body).ok, name).toBe(true);
      expect(validators.post?.(body), name).toBe(true);
    }
  });
});
