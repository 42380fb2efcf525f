import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { type CheckKind, validateAny } from "../../src/platform/validate";

/**
 * Contract review 2: the shipped JSON Schemas (schemas/<kind>.schema.json) accept a null on an
 * optional field, as validate does (null reads as not set, proto3 JSON). But where a rule needs a
 * field set (an action's one kind, score_row's one score, an event's payload), a null there passed
 * the schema and failed validate: `{"open_direct_link": null}` was a valid action to Ajv and "an
 * action needs exactly one of ..." to validate. Found by mutating the official examples.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const ajv = new Ajv2020({ strict: true, allErrors: true });
const schemaOf = (kind: CheckKind) =>
  ajv.compile(JSON.parse(readFileSync(`${root}schemas/${kind}.schema.json`, "utf8")));
const schemas = { post: schemaOf("post"), chat: schemaOf("chat"), event: schemaOf("event") };

function agree(kind: keyof typeof schemas, body: unknown, ok: boolean) {
  expect(validateAny(kind, body).ok, `validate ${JSON.stringify(body)}`).toBe(ok);
  expect(schemas[kind](body), `schema ${JSON.stringify(body)}`).toBe(ok);
}

describe("a null where a rule needs a field set is refused by the schema too", () => {
  it("an action whose one kind is null", () => {
    for (const kind of ["open_direct_link", "open_server_link", "get_dynamic_action", "open_post_page"])
      agree("post", { widgets: [{ button_bar: { title: "رزرو", action: { [kind]: null } } }] }, false);
    agree(
      "chat",
      {
        message: "سلام",
        sender_buttons: { rows: [{ buttons: [{ caption: "رزرو", action: { open_server_link: null } }] }] },
      },
      false,
    );
    agree("post", { widgets: [{ button_bar: { title: "رزرو", action: { open_server_link: {} } } }] }, true);
  });

  it("score_row's one score", () => {
    const score = (fields: Record<string, unknown>) => ({
      widgets: [{ score_row: { title: "بدنه", ...fields } }],
    });
    agree("post", score({ descriptive_score: null }), false);
    agree("post", score({ percentage_score: null }), false);
    agree("post", score({ percentage_score: null, descriptive_score: "سالم" }), true);
    agree("post", score({ percentage_score: 40, descriptive_score: null }), true);
    agree("post", score({ percentage_score: 0, descriptive_score: "سالم" }), true);
    agree("post", score({ percentage_score: 40, descriptive_score: "سالم" }), false);
  });

  it("a delivered event's payload", () => {
    agree("event", { type: "NEW_MESSAGE", new_message: null }, false);
    agree(
      "event",
      { type: "POST_UPDATE", post_update: { type: "PUBLISH", post: { token: "gZx7yK3a" } } },
      true,
    );
  });
});
