import { describe, expect, it } from "vitest";
import { expectError, expectValid } from "../helpers/expect-body";
import { validateAny } from "../../src/platform";

// Audit of spec 2.7-2.12, 2.15 and platform facts "Chat" / "Events" / "Semantic": rules and
// messages the schema-* tests do not already cover.

describe("add-on bodies (2.10, 2.11, 2.12)", () => {
  it("user add-on fields on a post body say where they belong", () => {
    expectValid("user", {
      widgets: [],
      categories: [],
      ticket_uuid: "3F2C1A9E-8B7D-4C6E-9F01-2A3B4C5D6E7F",
      cost: 0,
    });
    for (const key of ["categories", "ticket_uuid", "cost"])
      expectError(
        "post",
        { widgets: [], [key]: null },
        key,
        /field of the user add-on body, not of the post add-on/,
      );
    expectError(
      "post",
      { widgets: [], verification_cost: 5 },
      "verification_cost",
      /v1 user add-on \(cost in v2\)/,
    );
  });
  it("a semantic value that is not a string says how to write it, never as [object Object]", () => {
    expectValid("post", { widgets: [], semantic: { year: "1400" } });
    expectError("post", { widgets: [], semantic: { year: 1400 } }, "semantic.year", /write "1400"/);
    expectError("post", { widgets: [], semantic: { ok: true } }, "semantic.ok", /write "true"/);
    const r = expectError(
      "user",
      { widgets: [], semantic: { a: { b: "c" }, n: null } },
      "semantic.a",
      /not an object: write the value as text, or remove the key/,
    );
    expect(r.errors.map((p) => p.message).join(" ")).not.toMatch(/object Object|"null"/);
  });
  it("cost too large for JSON says so instead of 'not a number'", () => {
    expectError(
      "semantic",
      { semantic: {}, cost: Number.POSITIVE_INFINITY },
      "cost",
      /number too large to represent/,
    );
  });
  it("keys named like Object's own properties are ordinary unknown keys, not a crash", () => {
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const body = JSON.parse(
        `{"widgets":[{"title_row":{"text":"الف","${key}":1}}],"semantic":{"${key}":"x"},"${key}":1}`,
      );
      const r = validateAny("post", body);
      expect(r.ok, key).toBe(false);
      expect(
        r.errors.map((p) => p.at),
        key,
      ).toEqual(expect.arrayContaining([key, `widgets[0].title_row.${key}`]));
      for (const p of r.errors) expect(typeof p.message, key).toBe("string");
    }
  });
});

describe("chat message (2.15, facts 'Chat')", () => {
  const button = { caption: "بله", action: { open_server_link: { data: { answer: "yes" } } } };
  it("a button icon UNKNOWN is an error under either spelling", () => {
    expectValid("chat", {
      message: "x",
      sender_buttons: { rows: [{ buttons: [{ ...button, icon: "CHECK_CIRCLE" }] }] },
    });
    for (const key of ["icon", "icon_name"])
      expectError(
        "chat",
        { message: "x", sender_buttons: { rows: [{ buttons: [{ ...button, [key]: "UNKNOWN" }] }] } },
        `sender_buttons.rows[0].buttons[0].${key}`,
        /to show no icon, leave the field out/,
      );
  });
  it("unknown fields of a button, a row and a button set name the fields accepted there", () => {
    const r = validateAny("chat", {
      message: "x",
      receiver_buttons: { rows: [{ buttons: [{ ...button, title: "t" }], style: 1 }], layout: "grid" },
    });
    expect(r.errors.map((p) => `${p.at}: ${p.message}`)).toEqual([
      "receiver_buttons.rows[0].buttons[0].title: is not accepted here (the accepted fields are caption, action, icon_name, icon): delete it or check its spelling",
      "receiver_buttons.rows[0].style: is not accepted here (the accepted fields are buttons): delete it or check its spelling",
      "receiver_buttons.layout: is not accepted here (the accepted fields are rows): delete it or check its spelling",
    ]);
  });
  it("a blank message is refused with what to do", () => {
    expectError("chat", { message: "   " }, "message", /Message must not be empty: write some text/);
  });
});

describe("event subscription request (2.7, 6.1)", () => {
  it("a lower-case event type is told to be upper case", () => {
    expectValid("subscription", { event_type: "POST_UPDATE" });
    expectError("subscription", { event_type: "post_update" }, "event_type", /upper case: write POST_UPDATE/);
  });
  it("metadata must be an object, in words without zod's 'record'", () => {
    expectValid("subscription", { event_type: "POST_UPDATE", metadata: { ref: 42, tags: ["a"] } });
    const r = expectError(
      "subscription",
      { event_type: "POST_UPDATE", metadata: "ref-42" },
      "metadata",
      /must be an object of the app's own data, not a string/,
    );
    expect(r.errors[0]?.message).not.toMatch(/record/);
  });
  it("meta_data, alone or beside metadata, is refused with 'did you mean metadata' (the live document has only metadata)", () => {
    expectError(
      "subscription",
      { event_type: "POST_UPDATE", meta_data: {} },
      "meta_data",
      /did you mean metadata/,
    );
    expectError(
      "subscription",
      { event_type: "POST_UPDATE", metadata: {}, meta_data: {} },
      "meta_data",
      /did you mean metadata/,
    );
  });
  it("the deprecated chat-read registration's fields point to their replacements (4.12)", () => {
    expectError(
      "subscription",
      { event_type: "NEW_MESSAGE_ON_POST", post_token: "gZx7yK3a" },
      "post_token",
      /put the post token in event_resource_id/,
    );
    expectError(
      "subscription",
      { event_type: "NEW_MESSAGE_ON_POST", identification_key: "k" },
      "identification_key",
      /developer panel/,
    );
  });
  it("an empty event_resource_id says to leave it out to cover all", () => {
    expectError(
      "subscription",
      { event_type: "POST_UPDATE", event_resource_id: "" },
      "event_resource_id",
      /leave the field out to cover all/,
    );
  });
  it("the root names what was expected", () => {
    expectError(
      "subscription",
      [],
      "(root)",
      /must be a JSON object \(the event subscription request\), not an array/,
    );
  });
});

describe("delivered event (2.8, 2.9, 6.2, 6.3.7)", () => {
  const message = {
    id: "5d1c9c2e-0f7b-4a52-9a3e-2b8f1f3e7c11",
    conversation: { id: "conv-1", type: "POST", post_token: "gZ3kQx9aB1cD" },
    sender: { side: "SELLER", type: "HUMAN" },
    type: "TEXT",
    sent_at: 1_763_700_000_000_000,
    text: "سلام",
  };
  it("a subscription type or the old CHAT_MESSAGE as type names the delivered type to use", () => {
    expectValid("event", { type: "NEW_MESSAGE", new_message: message });
    expectError(
      "event",
      { type: "NEW_MESSAGE_ON_POST", new_message: message },
      "type",
      /its deliveries have type NEW_MESSAGE/,
    );
    expectError(
      "event",
      { type: "CHAT_MESSAGE" },
      "type",
      /old delivered type \(spec 6\.3\.7\).*NEW_MESSAGE/,
    );
  });
  it("the old shape's sender at the top level is named as old", () => {
    expectError(
      "event",
      { type: "NEW_MESSAGE", new_message: message, sender: { id: "u", is_supply: true } },
      "sender",
      /old delivered shape/,
    );
  });
  it("a missing payload says which field the type needs", () => {
    expectError(
      "event",
      { type: "USER_ACCESS_REVOCATION" },
      "user_access_revocation",
      /is required: a USER_ACCESS_REVOCATION event carries its payload in user_access_revocation/,
    );
  });
  it("sent_at is whole microseconds; enumerations hint at upper case", () => {
    expectError(
      "event",
      { type: "NEW_MESSAGE", new_message: { ...message, sent_at: 1.5 } },
      "new_message.sent_at",
      /whole number of microseconds/,
    );
    expectError(
      "event",
      { type: "NEW_MESSAGE", new_message: { ...message, sent_at: -1 } },
      "new_message.sent_at",
      /must not be negative/,
    );
    expectError(
      "event",
      { type: "NEW_MESSAGE", new_message: { ...message, sender: { side: "buyer", type: "HUMAN" } } },
      "new_message.sender.side",
      /upper case: write BUYER/,
    );
  });
});
