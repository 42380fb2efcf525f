import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../src/platform/validate";
import { expectError, expectValid } from "../helpers/expect-body";

/**
 * The contract against the platform's published OpenAPI (divar-ir/kenar-docs static/openapi-v3.json
 * @e869afa), on bodies written for this file: what the live document accepts and the studio refused
 * without a documented reason.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const chatFile = JSON.parse(readFileSync(`${root}schemas/chat.schema.json`, "utf8"));
const chatSchema = new Ajv2020({ strict: true, allErrors: true }).compile(chatFile);

const BUTTON = { caption: "مشاهده آگهی", action: { open_post_page: { post_token: "gZx7yK3aB1" } } };

describe("chat message: a button grid (OpenAPI chatapiChatButtonGrid requires nothing)", () => {
  it("a side with no rows is an empty grid, as {rows: []} is", () => {
    expectValid("chat", { message: "سلام", sender_buttons: { rows: [] } });
    const r = expectValid("chat", { message: "سلام", sender_buttons: {}, receiver_buttons: {} });
    expect(r.warnings).toEqual([]);
    expect(r.body).toEqual({ message: "سلام", sender_buttons: {}, receiver_buttons: {} });
    expect(chatSchema({ message: "سلام", sender_buttons: {} }), JSON.stringify(chatSchema.errors)).toBe(true);
  });

  it("rows: null is absent (proto3 JSON), with the usual warning", () => {
    const r = validateBody("chat", { message: "سلام", receiver_buttons: { rows: null } });
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => `${w.at} ${w.code}`)).toEqual(["receiver_buttons.rows null_as_absent"]);
    expect(r.body).toEqual({ message: "سلام", receiver_buttons: {} });
  });

  it("the grid's other rules still hold: an empty row, more than 9 buttons", () => {
    expectError(
      "chat",
      { message: "سلام", sender_buttons: { rows: [{ buttons: [] }] } },
      "sender_buttons.rows[0].buttons",
    );
    const ten = { rows: [{ buttons: Array.from({ length: 10 }, () => BUTTON) }] };
    expectError("chat", { message: "سلام", sender_buttons: ten }, "sender_buttons", /at most 9/);
    expect(chatSchema({ message: "سلام", sender_buttons: { rows: "x" } })).toBe(false);
  });
});
