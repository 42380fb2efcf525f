import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { createHttpFetch } from "../../src/server/http-transport";
import { UPSTREAM_ANSWER_LIMIT } from "../../src/server/transport-errors";
import { type Answer, raw, reviewStackPerTest, scriptedPlatform } from "./scripted-platform";

const MB = 1024 * 1024;

/** Streams a 2xx of `total` bytes with backpressure; `written()` is what left before the proxy hung up. */
function streamed(total: number): { answer: Answer; written: () => number; closed: Promise<void> } {
  let written = 0;
  let closed!: () => void;
  const done = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const answer: Answer = async (_req, res) => {
    res.on("close", closed);
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"id":"ua-big","pad":"');
    const chunk = Buffer.alloc(64 * 1024, "x");
    while (written < total && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk))
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off("drain", go);
            res.off("close", go);
            resolve();
          };
          res.on("drain", go);
          res.on("close", go);
        });
    }
    if (!res.destroyed) res.end('"}');
  };
  return { answer, written: () => written, closed: done };
}

/**
 * Review defect 3: the proxy reads at most UPSTREAM_ANSWER_LIMIT (256 KB) of an answer and stops; a
 * 2xx over it is still a delivery, an error over it gets a summary, and what reaches the browser and
 * the history is bounded.
 */
describe("answers from the platform are read, passed on and recorded within bounds", () => {
  const current = reviewStackPerTest();
  const errorOf = (text: string) => studioErrorSchema.parse(JSON.parse(text)).error;

  it("stops reading a 48 MB 200, answers a small success that says so, and records it as sent", async () => {
    const r = current();
    const big = streamed(48 * MB);
    r.platform.next(big.answer);
    const { status, text, json } = await r.userAddon();
    expect(status).toBe(200);
    expect(text.length).toBeLessThan(4000);
    expect(json).toMatchObject({
      ok: true,
      result: null,
      answerNote: expect.stringContaining("larger than 256 KB"),
    });
    await big.closed;
    // The proxy hung up: the platform could not write much more than the socket buffers hold.
    expect(big.written()).toBeLessThan(16 * MB);
    const [record] = await r.history();
    expect(record?.result).toEqual({ ok: true, status: 200, response: null });
  });

  it("summarises a 400 whose 2 MB answer was not read", async () => {
    const r = current();
    r.platform.next(raw(400, JSON.stringify({ code: 3, message: "m".repeat(2 * MB), details: [] })));
    const { status, text } = await r.publish();
    expect(status).toBe(400);
    expect(text.length).toBeLessThan(4000);
    expect(errorOf(text).message).toContain("an answer larger than 256 KB that was not read");
  });

  it("cuts a long platform message (under the read limit) in the error body and the history", async () => {
    const r = current();
    const details = [{ dump: "d".repeat(50_000) }];
    r.platform.next(raw(400, JSON.stringify({ code: 3, message: "m".repeat(100_000), details })));
    const { status, text } = await r.publish();
    expect(status).toBe(400);
    expect(text.length).toBeLessThan(5000);
    const err = errorOf(text);
    expect(err.upstream?.message).toMatch(/^m{1000}… \(99000 more characters not shown\)$/);
    expect(err.upstream?.details).toEqual([{ note: expect.stringContaining("were not passed on") }]);
    const [record] = await r.history();
    expect(JSON.stringify(record).length).toBeLessThan(6000);
  });

  it("keeps only the id of a 100 KB user add-on answer, so it can still be removed", async () => {
    const r = current();
    r.platform.next(raw(200, JSON.stringify({ id: "ua-7", pad: "p".repeat(100_000) })));
    const { status, text, json } = await r.userAddon();
    expect(status).toBe(200);
    expect(text.length).toBeLessThan(4000);
    expect(json).toMatchObject({
      result: { id: "ua-7" },
      answerNote: expect.stringContaining("only id was kept"),
    });
    const [record] = await r.history();
    expect(record?.result.response).toEqual({ id: "ua-7" });
  });

  it("stops decompressing a gzip answer past the limit (a 20 MB bomb) and reports a delivery", async () => {
    const r = current();
    const bomb = gzipSync(Buffer.from(`{"pad":"${"x".repeat(20 * MB)}"}`));
    r.platform.next(raw(200, bomb, { "content-encoding": "gzip" }));
    const { status, json } = await r.publish();
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, answerNote: expect.stringContaining("larger than 256 KB") });
  });
});

describe("the transport's read limit", () => {
  it("hands over an answer up to the limit, and fails the body of a longer one with AnswerTooLargeError", async () => {
    const platform = await scriptedPlatform();
    const transport = createHttpFetch();
    try {
      platform.next(
        raw(200, "a".repeat(UPSTREAM_ANSWER_LIMIT)),
        raw(200, "a".repeat(UPSTREAM_ANSWER_LIMIT + 1)),
      );
      const fits = await transport(`${platform.url}/v1/x`);
      expect((await fits.text()).length).toBe(UPSTREAM_ANSWER_LIMIT);
      const over = await transport(`${platform.url}/v1/x`);
      expect(over.status).toBe(200);
      await expect(over.text()).rejects.toMatchObject({ name: "AnswerTooLargeError" });
    } finally {
      await transport.close();
      await platform.close();
    }
  });
});
