import { describe, expect, it } from "vitest";
import { parseStartRequest, startRequestVersion } from "../../src/platform/start-request";

const h = (entries: Record<string, string>) => new Headers(entries);

describe("start request (spec 4.11, facts)", () => {
  it("reads the version from API-Version or API_VERSION; absent means the old structure", () => {
    expect(startRequestVersion(h({ "API-Version": "2" }))).toBe(2);
    expect(startRequestVersion(h({ API_VERSION: "2" }))).toBe(2);
    expect(startRequestVersion(h({}))).toBe(1);
    expect(startRequestVersion(h({ "API-Version": "7" }))).toBe("invalid");
  });

  it("normalises both body versions and user_side in any case", () => {
    const v2 = parseStartRequest(2, {
      post_token: "t",
      user_side: "demand",
      source: "chat",
      extra_data: { a: "b" },
    });
    expect(v2).toEqual({
      ok: true,
      value: { version: 2, postToken: "t", userSide: "DEMAND", source: "CHAT", data: { a: "b" } },
    });
    const v1 = parseStartRequest(1, { conversation_id: "c", provider_data: { x: "y" } });
    expect(v1).toEqual({ ok: true, value: { version: 1, conversationId: "c", data: { x: "y" } } });
  });

  it("reads what it can of fields and values the documents do not list, and keeps the rest as problems", () => {
    const body = {
      post_token: "t",
      locale: "fa",
      user_side: "BUYER",
      source: "POST_PAGE",
      extra_data: { n: 5, label: "x", nested: { a: [1] } },
    };
    const read = parseStartRequest(2, body);
    expect(read).toEqual({
      ok: true,
      value: {
        version: 2,
        postToken: "t",
        data: { n: "5", label: "x", nested: '{"a":[1]}' },
        problems: [
          "user_side: must be SUPPLY or DEMAND (in any case)",
          "source: must be one of POST_ADDON, CHAT_MESSAGE_ACTION, CHAT",
          "extra_data.n: must be text (a string), not a number; kept as its JSON text",
          "extra_data.nested: must be text (a string), not an object; kept as its JSON text",
          "(root): a field the documents do not list: locale",
        ],
        body,
      },
    });
  });

  it("leaves out a completion_url that is not a web address, and names the data field of the nearer version", () => {
    // No version header (read as 1) with the new structure's extra_data: only locale is unknown.
    const read = parseStartRequest(1, {
      post_token: "t",
      extra_data: { a: "b" },
      locale: "fa",
      completion_url: "javascript:alert(1)",
    });
    expect(read.ok && read.value).toMatchObject({ postToken: "t", data: { a: "b" } });
    expect(read.ok && read.value.completionUrl).toBeUndefined();
    expect(read.ok && read.value.problems).toEqual([
      "completion_url: must be an http(s) address; left out",
      "(root): a field the documents do not list: locale",
    ]);
  });

  it("reads a post token or conversation id copied with invisible marks without them, and says so", () => {
    // A token copied from right-to-left text carries RLM and ZWNJ: prefilled as sent, the proxy's path check refused it.
    const read = parseStartRequest(2, {
      post_token: "\u200fgZ3kQx9aB1cD\u200c\u061c",
      conversation_id: " conv-1\u00ad ",
    });
    expect(read.ok && read.value).toMatchObject({ postToken: "gZ3kQx9aB1cD", conversationId: "conv-1" });
    expect(read.ok && read.value.problems).toEqual([
      "post_token: holds spaces or invisible marks (direction marks, zero-width joiners): read without them",
      "conversation_id: holds spaces or invisible marks (direction marks, zero-width joiners): read without them",
    ]);
    // Only marks: nothing is left to prefill.
    const empty = parseStartRequest(2, { post_token: "\u200f" });
    expect(empty.ok && empty.value.postToken).toBeUndefined();
  });

  it("refuses only a body that is not a JSON object", () => {
    for (const bad of [[], "post_token", 5, null]) expect(parseStartRequest(2, bad).ok).toBe(false);
  });
});
