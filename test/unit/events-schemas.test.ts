import { describe, expect, it } from "vitest";
import {
  deliveredEventSchema,
  scopesForSubscription,
  subscriptionRequestSchema,
} from "../../src/platform/events";

const message = {
  id: "6f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c",
  conversation: { id: "c1", type: "POST", post_token: "gZ3kQx9aB1cD" },
  sender: { side: "SELLER", type: "BOT" },
  type: "TEXT",
  sent_at: 1767225600000000,
  text: "hi",
};

describe("subscription request (spec 2.7)", () => {
  it("accepts metadata, refuses meta_data (not in the live document) and unknown event types", () => {
    expect(
      subscriptionRequestSchema.safeParse({ event_type: "POST_UPDATE", metadata: { a: 1 } }).success,
    ).toBe(true);
    expect(
      subscriptionRequestSchema.safeParse({ event_type: "POST_UPDATE", meta_data: { a: 1 } }).success,
    ).toBe(false);
    expect(
      subscriptionRequestSchema.safeParse({ event_type: "POST_UPDATE", metadata: {}, meta_data: {} }).success,
    ).toBe(false);
    expect(subscriptionRequestSchema.safeParse({ event_type: "NEW_MESSAGE" }).success).toBe(false);
  });

  it("names the scopes of section 6.1", () => {
    expect(scopesForSubscription("NEW_MESSAGE_ON_POST", "t")).toEqual([
      ["CHAT_POST_CONVERSATIONS_READ.t"],
      ["CHAT_SUPPLIER_ALL_CONVERSATIONS_READ"],
    ]);
    expect(scopesForSubscription("USER_ACCESS_REVOCATION")).toEqual([
      ["NOTIFICATION_ACCESS_REVOCATION", "USER_ID"],
    ]);
    expect(scopesForSubscription("PAYMENT_TRANSACTION")).toEqual([[]]);
  });
});

describe("delivered event (spec 2.8, 2.9)", () => {
  it("parses a NEW_MESSAGE with microsecond sent_at and either metadata spelling", () => {
    expect(
      deliveredEventSchema.safeParse({ type: "NEW_MESSAGE", new_message: message, metadata: { a: "b" } })
        .success,
    ).toBe(true);
    expect(
      deliveredEventSchema.safeParse({ type: "NEW_MESSAGE", new_message: message, meta_data: { a: "b" } })
        .success,
    ).toBe(true);
  });

  it("accepts the enumerations seen live and unknown fields inside payloads not shown in the spec", () => {
    const buyer = {
      ...message,
      sender: { side: "BUYER", type: "USER" },
      type: "IMAGE",
      conversation: { id: "c", type: "BOT" },
    };
    expect(
      deliveredEventSchema.safeParse({ type: "NEW_CHATBOT_MESSAGE", new_chatbot_message: buyer }).success,
    ).toBe(true);
    const update = {
      type: "POST_UPDATE",
      post_update: { type: "PUBLISH", post: { token: "t", title: "x" }, extra: 1 },
    };
    expect(deliveredEventSchema.safeParse(update).success).toBe(true);
    expect(
      deliveredEventSchema.safeParse({ type: "PAYMENT_TRANSACTION", transaction: { id: "x", amount: 1 } })
        .success,
    ).toBe(true);
  });

  it("refuses the old shape, a missing payload, and unknown enumeration values", () => {
    expect(deliveredEventSchema.safeParse({ type: "CHAT_MESSAGE", payload: {}, timestamp: 1 }).success).toBe(
      false,
    );
    expect(deliveredEventSchema.safeParse({ type: "POST_UPDATE" }).success).toBe(false);
    expect(
      deliveredEventSchema.safeParse({
        type: "NEW_MESSAGE",
        new_message: { ...message, sender: { side: "X", type: "BOT" } },
      }).success,
    ).toBe(false);
    expect(
      deliveredEventSchema.safeParse({ type: "NEW_MESSAGE", new_message: message, surprise: 1 }).success,
    ).toBe(false);
  });
});
