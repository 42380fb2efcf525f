import { describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { raw, SCOPE, scriptedStackPerTest } from "./scripted-platform";
import { autoSignIn, Browser } from "./server-harness";

// GET /api/phones is a read: a server error there used the send wording ("which does not say that
// nothing was applied … check the target before sending it again"), which means nothing for a read.
const start = scriptedStackPerTest();

describe("a failed read of the user's phone numbers", () => {
  it("says the read failed and that trying again is safe", async () => {
    const { stack, platform } = await start();
    const browser = new Browser();
    expect(await autoSignIn(browser, stack, { scope: SCOPE })).toBe("/?oauth=granted");
    platform.next(raw(500, '{"code": 13, "message": "internal"}'));
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/phones`);
    expect(res.status).toBe(502);
    const error = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(error.code).toBe("upstream_read_failed");
    expect(error.message).toBe(
      "Reading from the platform failed (the platform answered with a server error). A read changes nothing, so it is safe to try again in a few seconds.",
    );
  });
});
