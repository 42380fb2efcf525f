import { afterEach, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { studioErrorSchema } from "../../src/platform/errors";
import { autoSignIn } from "./server-harness";
import { closeStrictStack, publishPost, type StrictStack, startStrictStack } from "./strict-stack";

/**
 * Review 2, defect 6: a refresh grant the token endpoint read and did not answer in time may have
 * rotated the pair, as one whose connection broke may have; the old refresh token then works for 2
 * minutes only (spec 3, 8). The broken connection's message said to try again within 2 minutes; the
 * timeout's said only that it did not answer, and a user who came back later had to sign in again.
 * Defect 10: a token endpoint in maintenance (503 with Retry-After) was passed on in the header, but
 * the message said only "send it again in a moment".
 */
describe("a refresh that failed says when to try again", () => {
  let s: StrictStack | undefined;
  afterEach(async () => {
    if (s) await closeStrictStack(s);
    s = undefined;
  });

  it("names the 2 minutes, says nothing was sent, and the next publish within them goes out once", async () => {
    s = await startStrictStack({ refreshTokens: true }, 400);
    const { fake, stack, browser } = s;
    await autoSignIn(browser, stack, { scope: `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`, offline: true });
    stack.clock.advance(3600 * 1000);
    fake.fault({ mode: "hang", pathPrefix: "/oauth2/token", count: 1 });
    const { res, text } = await publishPost(stack, browser);
    expect(res.status).toBe(503);
    const err = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(err.code).toBe("refresh_failed");
    expect(err.message).toContain("did not answer in time");
    expect(err.message).toContain("try again within 2 minutes");
    expect(err.message).toContain("Your request itself was not sent to the platform");
    expect(fake.calls.filter((c) => c.startsWith("POST /v2/"))).toHaveLength(0);
    expect((await publishPost(stack, browser)).res.status).toBe(200);
    expect(fake.calls.filter((c) => c.startsWith("POST /v2/"))).toHaveLength(1);
  });

  it("a refresh answered 503 with Retry-After names the wait, in the message and the header", async () => {
    s = await startStrictStack({ refreshTokens: true }, 400);
    const { fake, stack, browser } = s;
    await autoSignIn(browser, stack, { scope: `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`, offline: true });
    stack.clock.advance(3600 * 1000);
    fake.answerTokenNext({
      status: 503,
      body: "<html>maintenance</html>",
      headers: { "content-type": "text/html", "retry-after": "120" },
    });
    const { res, text } = await publishPost(stack, browser);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("120");
    const err = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(err).toMatchObject({ code: "refresh_failed", retryAfter: 120, upstreamStatus: 503 });
    expect(err.message).toContain("answered HTTP 503. Your request itself was not sent");
    expect(err.message).toContain("safe to send it again in 2 minutes");
    expect(fake.calls.filter((c) => c.startsWith("POST /v2/"))).toHaveLength(0);
  });
});
