import { describe, expect, it } from "vitest";
import {
  CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND,
  chatPostSendScope,
  chatSendScopeSets,
  formatScopes,
  hasScopes,
  parseScopes,
  scopeSchema,
  splitScope,
  tryParseScopes,
  USER_ID,
  USER_VERIFICATION_CREATE,
  unknownScopes,
} from "../../src/platform/scopes";

describe("scope grammar (spec 2.2)", () => {
  it("parses general and object scopes separated by spaces, %20 or +", () => {
    expect(parseScopes("USER_PHONE POST_ADDON_CREATE.gZ3kQx9aB1cD")).toEqual([
      "USER_PHONE",
      "POST_ADDON_CREATE.gZ3kQx9aB1cD",
    ]);
    expect(parseScopes("USER_PHONE%20offline_access")).toEqual(["USER_PHONE", "offline_access"]);
    expect(parseScopes("A+B")).toEqual(["A", "B"]);
    expect(parseScopes("  A  A ")).toEqual(["A"]);
  });

  it("accepts UUID conversation identifiers and refuses malformed scopes", () => {
    expect(parseScopes("CONVERSATION_SEND_MESSAGE.3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c")).toHaveLength(1);
    expect(tryParseScopes("post_addon_create")).toBeNull();
    expect(tryParseScopes("A.")).toBeNull();
    expect(tryParseScopes("A.b.c")).toBeNull();
  });

  it("takes openid in lower case as the OpenAPI lists it, and says how to write it in upper case", () => {
    expect(parseScopes("openid USER_PHONE offline_access")).toEqual([
      "openid",
      "USER_PHONE",
      "offline_access",
    ]);
    const upper = scopeSchema.safeParse("OPENID");
    expect(upper.success).toBe(false);
    expect(upper.error?.issues[0]?.message).toBe("openid is written in lower case on the wire: write openid");
  });

  it("names the scopes whose name the platform's list does not have, with or without an identifier", () => {
    expect(
      unknownScopes([
        "USER_PHONE",
        "POST_ADDON_CREATE.gZ3kQx9aB1cD",
        "openid",
        "offline_access",
        "USER_PHONES",
        "POST_ADDON.abc",
      ]),
    ).toEqual(["USER_PHONES", "POST_ADDON.abc"]);
  });

  it("formats with single spaces and no duplicates, and splits name from identifier", () => {
    expect(formatScopes(["A", "B.x", "A"])).toBe("A B.x");
    expect(splitScope("POST_ADDON_CREATE.abc")).toEqual({ name: "POST_ADDON_CREATE", identifier: "abc" });
    expect(splitScope("USER_PHONE")).toEqual({ name: "USER_PHONE" });
  });

  it("does not let one object's scope stand for another's", () => {
    expect(hasScopes(["POST_ADDON_CREATE.a"], ["POST_ADDON_CREATE.b"])).toBe(false);
    expect(hasScopes(["POST_ADDON_CREATE.a", "X"], ["POST_ADDON_CREATE.a"])).toBe(true);
  });

  it("parses the live scopes of the semantic, users and chat send routes (OpenAPI)", () => {
    const live = [
      USER_VERIFICATION_CREATE,
      USER_ID,
      CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND,
      chatPostSendScope("gZ3kQx9aB1cD"),
    ];
    expect(parseScopes(live.join(" "))).toEqual([
      "USER_VERIFICATION_CREATE",
      "USER_ID",
      "CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND",
      "CHAT_POST_CONVERSATIONS_MESSAGE_SEND.gZ3kQx9aB1cD",
    ]);
  });

  it("lists chat send's three alternatives, the conversation's own first", () => {
    expect(chatSendScopeSets("c-1", { postToken: "gZ3kQx9aB1cD" })).toEqual([
      ["CONVERSATION_SEND_MESSAGE.c-1"],
      ["CHAT_SUPPLIER_ALL_CONVERSATIONS_MESSAGE_SEND"],
      ["CHAT_POST_CONVERSATIONS_MESSAGE_SEND.gZ3kQx9aB1cD"],
    ]);
    // Without the conversation's post, each post-scoped send scope held is an alternative.
    const held = [
      "USER_PHONE",
      "CHAT_POST_CONVERSATIONS_MESSAGE_SEND.a1b2c3d4",
      "CHAT_POST_CONVERSATIONS_MESSAGE_SEND",
    ];
    expect(chatSendScopeSets("c-1", { heldPostScopes: held }).slice(2)).toEqual([
      ["CHAT_POST_CONVERSATIONS_MESSAGE_SEND.a1b2c3d4"],
    ]);
  });
});
