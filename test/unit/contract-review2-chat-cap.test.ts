import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { validateAny } from "../../src/platform/validate";

/**
 * Contract review 2: a chat message side takes at most 9 buttons (spec 2.15, 8; laid out at most 3
 * rows of 3 live). validate refuses more; the shipped schemas/chat.schema.json said so only in a
 * description, and took a row of 10 buttons or 10 rows. JSON Schema cannot sum over rows, but it can
 * say what follows from the cap: no row over 9 buttons, no side over 9 rows (a row has a button).
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const chat = new Ajv2020({ strict: true, allErrors: true }).compile(
  JSON.parse(readFileSync(`${root}schemas/chat.schema.json`, "utf8")),
);
const button = (i: number) => ({ caption: `دکمه ${i}`, action: { open_server_link: { data: {} } } });
const buttons = (n: number) => Array.from({ length: n }, (_, i) => button(i + 1));

describe("the chat schema states what it can of the nine-button cap", () => {
  it("a row of 10 buttons, and 10 rows, are refused by the schema as by validate", () => {
    const oneRow = { message: "سلام", sender_buttons: { rows: [{ buttons: buttons(10) }] } };
    const tenRows = {
      message: "سلام",
      receiver_buttons: { rows: buttons(10).map((b) => ({ buttons: [b] })) },
    };
    for (const body of [oneRow, tenRows]) {
      expect(validateAny("chat", body).ok).toBe(false);
      expect(chat(body)).toBe(false);
    }
  });

  it("9 buttons in one row or in 3 rows of 3 pass both", () => {
    const nine = { message: "سلام", sender_buttons: { rows: [{ buttons: buttons(9) }] } };
    const grid = {
      message: "سلام",
      sender_buttons: { rows: [0, 3, 6].map((i) => ({ buttons: buttons(9).slice(i, i + 3) })) },
    };
    for (const body of [nine, grid]) {
      expect(validateAny("chat", body).ok).toBe(true);
      expect(chat(body), JSON.stringify(chat.errors)).toBe(true);
    }
  });
});

describe("more than nine buttons across both sides", () => {
  const grid = (n: number) => ({
    rows: [0, 3, 6].filter((i) => i < n).map((i) => ({ buttons: buttons(n).slice(i, i + 3) })),
  });
  it("is said (the spec's 'up to 9 after each message'), not refused: each side holds 9", () => {
    const both = validateAny("chat", { message: "سلام", sender_buttons: grid(9), receiver_buttons: grid(3) });
    expect(both.ok).toBe(true);
    expect(
      both.warnings.filter((w) => w.code === "chat_buttons_per_message").map((w) => [w.at, w.message]),
    ).toEqual([
      [
        "(root)",
        "has 12 buttons (9 for the sender, 3 for the receiver); the spec allows up to 9 after each message, so a platform counting both sides together refuses it: keep 9 in all to be safe",
      ],
    ]);
    const nine = validateAny("chat", { message: "سلام", sender_buttons: grid(6), receiver_buttons: grid(3) });
    expect(nine.warnings.map((w) => w.code)).not.toContain("chat_buttons_per_message");
  });
});
