import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requestDeadline, withDeadline } from "../../src/server/deadline";
import { mapFetchFailure } from "../../src/server/upstream-errors";
import { fakeFetch } from "../helpers/fake-fetch";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A platform that answers after `ms`, or fails as fetch does when the call's signal ends first;
 * it records each call that reached it.
 */
function slowPlatform(ms: number) {
  const calls: string[] = [];
  const fetchFn = fakeFetch((url, init) => {
    calls.push(url);
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => resolve(new Response("{}")), ms);
      init?.signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(init.signal?.reason);
      });
    });
  });
  return { calls, fetchFn };
}

/** An app whose one route runs `work` under a deadline of `ms`, answering what it returned or threw. */
function appWith(ms: number, work: () => Promise<string>) {
  const app = new Hono();
  app.use("*", requestDeadline(ms));
  app.get("/", async (c) => {
    try {
      return c.text(await work());
    } catch (e) {
      return c.json(mapFetchFailure(e, ms).error, 500);
    }
  });
  return app;
}

describe("the request deadline (src/server/deadline.ts)", () => {
  it("starts at the request's first platform call, not when the request arrived (a slow upload)", async () => {
    const platform = slowPlatform(40);
    const f = withDeadline(platform.fetchFn);
    const app = appWith(200, async () => {
      // The time the browser takes to send the body, before any platform call.
      await sleep(300);
      const res = await f("http://platform.test/send", { signal: AbortSignal.timeout(200) });
      return res.status === 200 ? "sent" : "failed";
    });
    const res = await app.request("/");
    expect(await res.text()).toBe("sent");
    expect(platform.calls).toHaveLength(1);
  });

  it("sends nothing once the deadline has passed, and says it was not sent (safe to send again)", async () => {
    const platform = slowPlatform(0);
    const f = withDeadline(platform.fetchFn);
    const app = appWith(150, async () => {
      // A first call (a refresh) that came back only after the whole deadline.
      const slow = withDeadline(fakeFetch(() => sleep(170).then(() => new Response("{}"))));
      await slow("http://platform.test/oauth2/token");
      await f("http://platform.test/send");
      return "sent";
    });
    const res = await app.request("/");
    expect(res.status).toBe(500);
    const err = await res.json();
    expect(err.code).toBe("upstream_unreachable");
    expect(err.message).toContain("it was not sent");
    expect(platform.calls).toEqual([]);
  });
});
