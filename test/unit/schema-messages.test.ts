import { describe, expect, it } from "vitest";
import { toJsonSchema } from "../../src/platform/json-schema";
import { validateAny, validateBody, validateMessage } from "../../src/platform/validate";
import { cli } from "../helpers/cli";

const message = {
  id: "5d1c9c2e-0f7b-4a52-9a3e-2b8f1f3e7c11",
  conversation: { id: "conv-1", type: "POST", post_token: "gZ3kQx9aB1cD" },
  sender: { side: "BUYER", type: "HUMAN" },
  type: "TEXT",
  sent_at: 1_763_700_000_000_000,
  text: "سلام، هنوز موجود است؟",
};

describe("event subscription request (spec 2.7)", () => {
  it("accepts the spec's fields with metadata; meta_data is refused", () => {
    expect(
      validateMessage("subscription", { event_type: "NEW_MESSAGE_ON_POST", event_resource_id: "gZ3kQx9a" })
        .ok,
    ).toBe(true);
    expect(
      validateMessage("subscription", { event_type: "POST_UPDATE", metadata: { app_ref: "42" } }).ok,
    ).toBe(true);
    expect(
      validateMessage("subscription", { event_type: "POST_UPDATE", meta_data: { app_ref: "42" } }).ok,
    ).toBe(false);
  });

  it("refuses a delivered type as event_type, both metadata spellings, and unknown fields, with paths", () => {
    const wrongType = validateMessage("subscription", { event_type: "NEW_MESSAGE" });
    expect(wrongType.errors.map((p) => p.at)).toEqual(["event_type"]);
    expect(wrongType.errors[0]?.message).toMatch(
      /delivered event; to receive it, subscribe to NEW_MESSAGE_ON_POST/,
    );
    const both = validateMessage("subscription", { event_type: "POST_UPDATE", metadata: {}, meta_data: {} });
    expect(both.errors.map((p) => p.at)).toEqual(["meta_data"]);
    const missing = validateMessage("subscription", { endpoint: "https://app.example/events" });
    expect(missing.errors.map((p) => `${p.at}: ${p.message}`)).toEqual([
      "event_type: is required: use one of NEW_MESSAGE_ON_POST, NEW_CHATBOT_MESSAGE, USER_ACCESS_REVOCATION, POST_UPDATE, PAYMENT_TRANSACTION",
      "endpoint: belongs to the deprecated chat-read registration (spec 4.12): the event address is now set in the developer panel; delete it here",
    ]);
  });
});

describe("delivered event (spec 2.8, 2.9)", () => {
  it("accepts a NEW_MESSAGE with its chat message, and a POST_UPDATE", () => {
    expect(validateMessage("event", { type: "NEW_MESSAGE", new_message: message }).ok).toBe(true);
    expect(
      validateMessage("event", {
        type: "POST_UPDATE",
        post_update: { type: "PUBLISH", post: { token: "gZ3kQx9a" } },
      }).ok,
    ).toBe(true);
  });

  it("names the old delivered shape, a missing payload and a wrong field type", () => {
    const old = validateMessage("event", { type: "CHAT_MESSAGE", payload: {}, timestamp: 1 });
    expect(old.errors.find((p) => p.at === "payload")?.message).toMatch(/old delivered shape/);
    const noPayload = validateMessage("event", { type: "NEW_MESSAGE" });
    expect(noPayload.errors.map((p) => p.at)).toEqual(["new_message"]);
    const badTime = validateMessage("event", {
      type: "NEW_MESSAGE",
      new_message: { ...message, sent_at: "now" },
    });
    expect(badTime.errors.map((p) => `${p.at}: ${p.message}`)).toEqual([
      "new_message.sent_at: must be a whole number of microseconds, not a string",
    ]);
  });
});

describe("the CLI checks subscriptions and events too", () => {
  it("validate --kind subscription|event gives the verdict and the paths", async () => {
    expect(
      (
        await cli(
          ["validate", "--kind", "event", "-"],
          JSON.stringify({ type: "NEW_MESSAGE", new_message: message }),
        )
      ).code,
    ).toBe(0);
    const bad = await cli(
      ["validate", "--kind", "subscription", "-"],
      JSON.stringify({ event_type: "NOPE" }),
    );
    expect(bad.code).toBe(1);
    expect(bad.lines[0]).toMatch(/^stdin:1:2: event_type: must be one of NEW_MESSAGE_ON_POST/);
  });

  it("schema --kind event prints a JSON Schema that lists the delivered types", () => {
    const schema = JSON.stringify(toJsonSchema("event"));
    expect(schema).toContain('"NEW_CHATBOT_MESSAGE"');
    expect(schema).toContain("Delivered event");
  });
});

describe("a kind the function does not check (plain JavaScript callers)", () => {
  it("is refused with the kinds it takes and the function to call instead", () => {
    const call = (f: (kind: never, body: unknown) => unknown, kind: unknown) => () => f(kind as never, {});
    expect(call(validateBody, "event")).toThrow(
      'validateBody: unknown kind "event"; use one of post, user, semantic, semantic-by-id, chat (for "subscription" or "event", call validateMessage or validateAny)',
    );
    expect(call(validateBody, "posts")).toThrow(TypeError);
    expect(call(validateMessage, "post")).toThrow(
      /validateMessage: unknown kind "post".*validateBody or validateAny/,
    );
    expect(call(validateAny, undefined)).toThrow(
      /validateAny: unknown kind undefined; use one of post,.*event$/,
    );
  });
});

describe("near misses say what to write", () => {
  const errorAt = (kind: "post" | "user", body: unknown, at: string) =>
    validateAny(kind, body).errors.find((p) => p.at === at)?.message;

  it("a number or a boolean in quotes: write it without them", () => {
    expect(errorAt("user", { widgets: [{ title_row: { text: "x" } }], cost: "1000" }, "cost")).toBe(
      "must be a whole number, not a string: write 1000 without the quotes",
    );
    expect(
      errorAt(
        "post",
        { widgets: [{ score_row: { title: "x", percentage_score: " 80 " } }] },
        "widgets[0].score_row.percentage_score",
      ),
    ).toMatch(/not a string: write 80 without the quotes$/);
    expect(
      errorAt(
        "post",
        { widgets: [{ title_row: { text: "x", has_divider: "true" } }] },
        "widgets[0].title_row.has_divider",
      ),
    ).toBe("must be true or false, not a string: write true without the quotes");
    // Text that is no number gets no such advice, nor one that would be rewritten ("0x50" is not 80).
    for (const cost of ["free", "0x50", "1e3"])
      expect(errorAt("user", { widgets: [{ title_row: { text: "x" } }], cost }, "cost")).toBe(
        "must be a whole number, not a string",
      );
  });

  it("a phone grouped with spaces, dashes or brackets: the digits alone, written out", () => {
    const phoneError = (phone: string) =>
      validateAny("semantic-by-id", { semantic: { status: "SUCCEEDED" }, phone }).errors.find(
        (p) => p.at === "phone",
      )?.message;
    expect(phoneError("0912 000 0001")).toBe(
      "must be the digits alone, without spaces, dashes or brackets: write 09120000001",
    );
    expect(phoneError("+98 (912) 000-0001")).toMatch(/write \+989120000001$/);
    expect(phoneError("0912-abc")).toBe(
      "must be a phone number: 4 to 15 digits, optionally after +, e.g. 09120000001",
    );
    // A bracketed trunk 0 after the country code is not dialled: no number is guessed.
    expect(phoneError("+98 (0) 912 000 0001")).toBe(
      "must be a phone number: 4 to 15 digits, optionally after +, e.g. 09120000001",
    );
  });

  it("a predefined semantic value in another letter case: the one it means", () => {
    const warning = validateAny("post", {
      widgets: [{ title_row: { text: "x" } }],
      semantic: { payment_method: "secure" },
    }).warnings.find((w) => w.code === "semantic_value")?.message;
    expect(warning).toMatch(/"secure" will not be understood \(values are case-sensitive\): write SECURE$/);
    const spaced = validateAny("post", {
      widgets: [{ title_row: { text: "x" } }],
      semantic: { payment_method: " SECURE" },
    }).warnings.find((w) => w.code === "semantic_value")?.message;
    expect(spaced).toMatch(/\(spaces count\): write SECURE$/);
  });

  it("a field named without its suffix: did you mean image_id", () => {
    expect(
      errorAt("post", { widgets: [{ event_row: { title: "x", image: "a" } }] }, "widgets[0].event_row.image"),
    ).toMatch(/^is not a field of event_row: did you mean image_id\?/);
    // Not any longer name: "score" on a score row is no score_color (a rename would make it a colour).
    const score = validateAny("post", { widgets: [{ score_row: { title: "x", score: 80 } }] }).errors.find(
      (p) => p.at === "widgets[0].score_row.score",
    );
    expect(score?.message).not.toMatch(/did you mean/);
    expect(score?.rename).toBeUndefined();
  });
});
