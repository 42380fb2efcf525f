import { describe, expect, it } from "vitest";
import { errorsOf } from "../helpers/expect-body";

/**
 * Contract review 2: a delivered event (`validate --kind event`, the studio's event address) missing
 * a part of its message said "is required: add an object" or "must be an object, not a string",
 * which names no field to write. Each part now says what it holds (spec 2.9, platform facts "Events").
 */

describe("a delivered event's parts say what goes there", () => {
  it("a chat message without its conversation and sender", () => {
    expect(
      errorsOf("event", { type: "NEW_MESSAGE", new_message: { id: "m1", type: "TEXT", sent_at: 1 } }),
    ).toEqual([
      "new_message.conversation: is required: add the conversation {id, type, post_token}",
      "new_message.sender: is required: add the sender {side, type}",
    ]);
  });

  it("parts of the wrong type", () => {
    expect(errorsOf("event", { type: "NEW_MESSAGE", new_message: "سلام" })).toEqual([
      "new_message: must be the chat message {id, conversation, sender, type, sent_at, text}, not a string",
    ]);
    expect(errorsOf("event", { type: "POST_UPDATE", post_update: { type: "PUBLISH" } })).toEqual([
      "post_update.post: is required: add the post {token, ...}",
    ]);
  });
});
