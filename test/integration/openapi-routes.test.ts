import { describe, expect, it } from "vitest";
import * as z from "zod";
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

/** protobufAny as the OpenAPI writes it: an object with its type's name in `@type` (proto3 JSON of Any). */
const anySchema = z.looseObject({ "@type": z.string().regex(/^type\.googleapis\.com\/[\w.]+$/) });
const statusSchema = z.strictObject({
  code: z.number().int(),
  message: z.string(),
  details: z.array(anySchema),
});

describe("the emulator's error answers are googleRpcStatus, each detail a protobufAny", () => {
  const emulator = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.emulatorServer.url}${path}`, init);
  const read = async (res: Response) => statusSchema.parse(await res.json());

  it("a refused body: ErrorInfo with the reason, BadRequest with a violation per field", async () => {
    await signIn(browser, stack, ["USER_VERIFICATION_CREATE"]);
    const token = stack.emulator.state.tokens[0]?.accessToken ?? "";
    const res = await emulator("/v1/open-platform/semantic/users/u-9", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": stack.emulator.state.app.apiKey,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ semantic: { status: "SUCCEEDED" }, cost: -1 }),
    });
    expect(res.status).toBe(400);
    const body = await read(res);
    expect(body.code).toBe(3);
    expect(body.details[0]).toEqual({
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: "invalid_body",
    });
    expect(body.details[1]).toMatchObject({
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      field_violations: expect.arrayContaining([
        expect.objectContaining({ field: "phone", description: expect.stringMatching(/required/) }),
        expect.objectContaining({ field: "cost", description: expect.stringMatching(/negative/) }),
      ]),
    });
  });

  it("a missing API key, an unknown route, an injected fault", async () => {
    const noKey = await emulator("/v1/open-platform/addons/user/x", { method: "DELETE" });
    expect(noKey.status).toBe(401);
    expect((await read(noKey)).details).toEqual([
      { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "missing_api_key" },
    ]);
    expect((await read(await emulator("/v1/open-platform/nothing-here"))).code).toBe(5);
    await emulator("/_emulator/faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: 503, pathPrefix: "/v1/" }),
    });
    const fault = await emulator("/v1/open-platform/users");
    expect(fault.status).toBe(503);
    expect((await read(fault)).code).toBe(14);
  });
});
