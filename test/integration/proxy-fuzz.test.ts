import { request } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_APP, DEMO_POST_TOKEN } from "../../src/emulator/state";
import { validateBody } from "../../src/platform";
import { MAX_JSON_DEPTH } from "../../src/platform/json-text";
import { parseJsonBytes } from "../../src/server/json-body";
import { Browser, POST_BODY, type Stack, signIn, startStack } from "./server-harness";

/** Bytes sent as they are: fetch would re-encode a string, and broken UTF-8 is part of the input. */
function post(url: string, headers: Record<string, string>, body: Uint8Array) {
  return new Promise<number>((resolve, reject) => {
    const req = request(url, { method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const nested = (depth: number, inner: string) => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

/** Bodies a browser or the platform might send, from valid to hostile. */
const bodies = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  fc.json().map((t) => new TextEncoder().encode(t)),
  fc.jsonValue().map((v) => new TextEncoder().encode(JSON.stringify({ widgets: [v] }))),
  fc
    .record({
      type: fc.constantFrom("NEW_MESSAGE", "POST_UPDATE", "PAYMENT_TRANSACTION", "X"),
      rest: fc.object(),
    })
    .map(({ type, rest }) => new TextEncoder().encode(JSON.stringify({ ...rest, type }))),
  fc
    .integer({ min: 990, max: 1200 })
    .map((d) =>
      new TextEncoder().encode(`{"type":"PAYMENT_TRANSACTION","transaction":{"x":${nested(d, "1")}}}`),
    ),
  fc.tuple(fc.string(), fc.uint8Array({ minLength: 1, maxLength: 4 })).map(([s, bad]) => {
    const head = new TextEncoder().encode(
      `{"widgets":[{"title_row":{"text":${JSON.stringify(s).slice(0, -1)}`,
    );
    return new Uint8Array([...head, ...bad, ...new TextEncoder().encode('"}}]}')]);
  }),
);

describe("fuzzing the proxy's body parsing and event intake (fast-check)", () => {
  it("parseJsonBytes never throws, and accepts exactly valid UTF-8 JSON within the depth limit", () => {
    fc.assert(
      fc.property(bodies, (bytes) => {
        const out = parseJsonBytes(bytes, 1024 * 1024);
        let expected = true;
        try {
          const json: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
          const text = JSON.stringify(json) ?? "";
          let depth = 0;
          let max = 0;
          let inString = false;
          for (let i = 0; i < text.length; i++) {
            const ch = text[i];
            if (inString) {
              if (ch === "\\") i++;
              else if (ch === '"') inString = false;
            } else if (ch === '"') inString = true;
            else if (ch === "[" || ch === "{") max = Math.max(max, ++depth);
            else if (ch === "]" || ch === "}") depth--;
          }
          expected = max <= MAX_JSON_DEPTH;
        } catch {
          expected = false;
        }
        expect(out.ok).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  describe("over HTTP", () => {
    let stack: Stack;
    let cookie = "";
    beforeAll(async () => {
      stack = await startStack({
        env: { RATE_LIMIT_SESSION_PER_MINUTE: "0", RATE_LIMIT_ADDRESS_PER_MINUTE: "0" },
      });
      const browser = new Browser();
      await signIn(browser, stack, [`POST_ADDON_CREATE.${DEMO_POST_TOKEN}`]);
      cookie = [...browser.cookies].map(([k, v]) => `${k.split("|")[1]}=${v}`).join("; ");
    });
    afterAll(async () => {
      await stack.close();
    });

    it("the event address never answers 5xx, and stores exactly what it accepts", async () => {
      await fc.assert(
        fc.asyncProperty(bodies, async (bytes) => {
          const before = (await stack.proxy.deps.inbox.sinceJson(0)).length;
          const status = await post(
            `${stack.proxyServer.url}/platform/events`,
            { authorization: DEMO_APP.identificationKey, "content-type": "application/json" },
            bytes,
          );
          expect(status).toBeLessThan(500);
          const after = (await stack.proxy.deps.inbox.sinceJson(0)).length;
          if (status === 200) expect(after === before + 1 || after === 200).toBe(true);
          else expect(after).toBe(before);
        }),
        { numRuns: 400 },
      );
    }, 60_000);

    it("no address, however escaped, gives an internal error", async () => {
      const segment = fc.oneof(
        fc.string(),
        fc.constantFrom(
          "%",
          "%f",
          "%ff",
          "%25",
          "%2F",
          "..",
          "%2e%2e",
          "%E0%A4%A",
          "%c0%af",
          "api",
          "platform",
        ),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(segment, { maxLength: 5 }), async (segments) => {
          const path = `/${segments.map((x) => x.replace(/[?#\s]/g, "")).join("/")}`;
          const status = await new Promise<number>((resolve, reject) => {
            const req = request(`${stack.proxyServer.url}${path}`, { method: "GET" }, (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode ?? 0));
            });
            req.on("error", reject);
            req.end();
          });
          // 503 is the "editor not built" page of this test stack (no dist/ here); never a 500.
          expect([500, 502, 504]).not.toContain(status);
        }),
        { numRuns: 300 },
      );
    }, 60_000);

    it("a publish never answers 5xx, and nothing is forwarded for a body the schema refuses", async () => {
      const route = `/v2/open-platform/addons/post/${DEMO_POST_TOKEN}`;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(bodies, fc.constant(new TextEncoder().encode(JSON.stringify(POST_BODY)))),
          async (bytes) => {
            const before = stack.upstream.filter((u) => u.endsWith(route)).length;
            const status = await post(
              `${stack.proxyServer.url}/api/posts/${DEMO_POST_TOKEN}/addon`,
              { "content-type": "application/json", cookie },
              bytes,
            );
            expect(status).toBeLessThan(500);
            const sent = stack.upstream.filter((u) => u.endsWith(route)).length - before;
            const parsed = parseJsonBytes(bytes, 1024 * 1024);
            const valid = parsed.ok && validateBody("post", parsed.json).ok;
            expect(sent).toBe(valid ? 1 : 0);
            if (!valid) expect(status).toBe(400);
          },
        ),
        { numRuns: 300 },
      );
    }, 60_000);
  });
});
