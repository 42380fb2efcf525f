import { describe, expect, it } from "vitest";
import { type Browser, type Stack, signIn, stackPerTest } from "./server-harness";

/** The proxy and the emulator over real HTTP, on bodies the live OpenAPI accepts (written for this file). */

const CONVERSATION = "conv-openapi-1";

let stack: Stack;
let browser: Browser;
stackPerTest({}, (s, b) => {
  stack = s;
  browser = b;
});

describe("chat send: a side with no rows (chatapiChatButtonGrid requires nothing)", () => {
  it("the proxy forwards it and the emulator, as the platform, accepts it", async () => {
    await signIn(browser, stack, [`CONVERSATION_SEND_MESSAGE.${CONVERSATION}`]);
    const body = {
      message: "سلام، آگهی هنوز موجود است؟",
      sender_buttons: {},
      receiver_buttons: {
        rows: [{ buttons: [{ caption: "بله", action: { open_direct_link: "https://example.com/yes" } }] }],
      },
    };
    const before = stack.upstream.length;
    const { res, text } = await browser.fetch(
      `${stack.proxyServer.url}/api/conversations/${CONVERSATION}/messages`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      },
    );
    expect(res.status, text).toBe(200);
    expect(stack.upstream.slice(before)).toEqual([
      `POST /v2/open-platform/conversations/${CONVERSATION}/messages`,
    ]);
    const sent = stack.emulator.state.conversations.get(CONVERSATION)?.messages.at(-1);
    expect(sent?.senderButtons).toEqual([]);
    expect(sent?.receiverButtons.map((row) => row.map((b) => b.caption))).toEqual([["بله"]]);
  });
});
