import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { Browser, type Stack, signIn, startStack } from "./server-harness";
import { chatEvent, inboxTexts } from "./store-proxy-helpers";

// What the event address reads: a gateway in front of the platform may compress the deliveries it
// forwards (Content-Encoding); a body over the limit is refused, and the refusal logged.

const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

describe("a delivery with a Content-Encoding", () => {
  let stack: Stack;
  let browser: Browser;
  afterEach(async () => {
    await stack.close();
  });
  const start = async () => {
    stack = await startStack();
    browser = new Browser();
    await signIn(browser, stack, [`POST_ADDON_CREATE.${DEMO_POST_TOKEN}`]);
  };
  const deliver = async (encoding: string, body: Buffer) => {
    const res = await fetch(`${stack.proxyServer.url}/platform/events`, {
      method: "POST",
      headers: {
        authorization: DEMO_APP.identificationKey,
        "content-type": "application/json",
        "content-encoding": encoding,
      },
      body: new Uint8Array(body),
    });
    return { status: res.status, text: await res.text() };
  };
  const json = (text: string) => Buffer.from(JSON.stringify(chatEvent(text)));

  it("is read when gzip, deflate or br, and kept as any other", async () => {
    await start();
    expect((await deliver("gzip", gzipSync(json("پیام فشرده gzip")))).status).toBe(200);
    expect((await deliver("deflate", deflateSync(json("deflate")))).status).toBe(200);
    expect((await deliver("br", brotliCompressSync(json("br")))).status).toBe(200);
    expect((await deliver("identity", json("identity"))).status).toBe(200);
    // deflate as some senders write it: raw, without the zlib header.
    expect((await deliver("deflate", deflateRawSync(json("raw deflate")))).status).toBe(200);
    expect(await inboxTexts(browser, stack.proxyServer.url)).toEqual([
      "پیام فشرده gzip",
      "deflate",
      "br",
      "identity",
      "raw deflate",
    ]);
    // An empty body is said to be empty, whatever its encoding.
    const empty = await deliver("gzip", Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(errorOf(empty.text))).toContain("the body is empty");
  });

  it("is refused, saying why, when the encoding is unknown or the data is not what it says", async () => {
    await start();
    const unknown = await deliver("zstd", json("zstd"));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(errorOf(unknown.text))).toContain(
      'Content-Encoding \\"zstd\\" is not one the studio reads',
    );
    const lying = await deliver("gzip", json("not gzip at all"));
    expect(lying.status).toBe(400);
    expect(JSON.stringify(errorOf(lying.text))).toContain("not valid gzip data");
    expect(await inboxTexts(browser, stack.proxyServer.url)).toEqual([]);
  });

  it("is refused with 413 when it unpacks past the delivery limit (a small gzip of 10 MB)", async () => {
    await start();
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await deliver("gzip", bomb);
    expect(res.status).toBe(413);
    expect(errorOf(res.text).code).toBe("payload_too_large");
  });

  it("logs a delivery over the size limit as refused, declared or chunked", async () => {
    await start();
    const big = JSON.stringify(chatEvent("x".repeat(300 * 1024)));
    const declared = await fetch(`${stack.proxyServer.url}/platform/events`, {
      method: "POST",
      headers: { authorization: DEMO_APP.identificationKey, "content-type": "application/json" },
      body: big,
    });
    expect(declared.status).toBe(413);
    const chunked = await fetch(`${stack.proxyServer.url}/platform/events`, {
      method: "POST",
      headers: { authorization: DEMO_APP.identificationKey, "content-type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const refused = stack.logs.filter(
      (l) => l.includes('"delivery_refused"') && l.includes("payload_too_large"),
    );
    expect(refused).toHaveLength(2);
  });
});
