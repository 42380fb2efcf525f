import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli";

// `validate` without --kind, on the bodies the platform's own documents show: each one whose fields
// say what it is gets that kind's check (with its advice on what replaced an old field), exit 1,
// rather than "cannot tell which body" and exit 2 with a list of kinds to guess from.

/** One file of `validate --format json`, checked or not. */
interface FileResult {
  kind?: string;
  errors?: Array<{ at: string; message: string }>;
  error?: { message: string };
}

/** The kind `validate -` read from `body`, or the unchecked file's message. */
async function inferred(body: unknown) {
  const r = await cli(["validate", "--format", "json", "-"], JSON.stringify(body, null, 2));
  const { files } = JSON.parse(r.out) as { files: FileResult[] };
  const file = files[0];
  return { code: r.code, kind: file?.kind, error: file?.error?.message, problems: file?.errors ?? [] };
}

describe("validate without --kind: bodies in the platform documents' older spellings", () => {
  it("a PAYMENT_TRANSACTION event with its payload under payment_transaction (the events docs page) is an event", async () => {
    const r = await inferred({
      type: "PAYMENT_TRANSACTION",
      payment_transaction: { id: "550e8400-e29b-41d4-a716-446655440000", cost_rials: 100000 },
      metadata: { key: "value" },
    });
    expect(r).toMatchObject({ code: 1, kind: "event" });
    expect(r.problems.map((p) => p.at)).toContain("payment_transaction");
  });

  it("the old delivered shape of spec 6.3.7 ({type: CHAT_MESSAGE, payload, timestamp}) is an event", async () => {
    const r = await inferred({ type: "CHAT_MESSAGE", payload: { data: { text: "سلام" } }, timestamp: "1" });
    expect(r).toMatchObject({ code: 1, kind: "event" });
    expect(r.problems[0]?.message).toMatch(/old delivered type/);
  });

  it("the deprecated chat-read registration (post_token, endpoint, identification_key) is a subscription", async () => {
    const r = await inferred({ post_token: "gZ6QmeWD", endpoint: "https://x.ir/e", identification_key: "k" });
    expect(r).toMatchObject({ code: 1, kind: "subscription" });
    expect(r.problems.map((p) => p.at)).toEqual(
      expect.arrayContaining(["post_token", "endpoint", "identification_key"]),
    );
  });

  it("the old chat send body without a message (user_id, peer_id, sender_btn) is a chat message", async () => {
    const r = await inferred({
      user_id: "u",
      peer_id: "p",
      sender_btn: { action: "LINK", data: { caption: "c" } },
    });
    expect(r).toMatchObject({ code: 1, kind: "chat" });
    expect(r.problems.map((p) => p.at)).toContain("sender_btn");
  });

  it("a body that is not an object says so and what to write, not only 'pass --kind'", async () => {
    const r = await inferred([{ widgets: [] }]);
    expect(r.code).toBe(2);
    expect(r.error).toBe(
      "cannot tell which body stdin is: it is a JSON array, not a JSON object; write one body per file, as a JSON object ({...}), or pass --kind <kind> to check it as that kind",
    );
  });

  it("the v2 bodies are still read as before", async () => {
    expect((await inferred({ type: "TEXT", message: "سلام" })).kind).toBe("chat");
    expect((await inferred({ widgets: [], notes: "n" })).kind).toBe("post");
    expect((await inferred({ widgets: [], cost: 1 })).kind).toBe("user");
    expect((await inferred({ type: "NEW_MESSAGE", new_message: {} })).kind).toBe("event");
    expect((await inferred({ event_type: "POST_UPDATE" })).kind).toBe("subscription");
    expect((await inferred({ semantic: {}, phone: "09120000000" })).kind).toBe("semantic-by-id");
    expect((await inferred({ semantic: {} })).kind).toBe("semantic");
  });
});
