import { afterEach, describe, expect, it } from "vitest";
import { studioErrorSchema } from "../../src/platform/errors";
import { approveConsent, rawServer, sendJson } from "./scripted-platform";
import { autoSignIn, Browser, type Stack, startStack } from "./server-harness";

const POST_TOKEN = "gZ3kQx9aB1cD";

/**
 * A refresh whose 200 answer breaks off after its status line: the platform read the grant and
 * answered it, so it has (most likely) rotated the pair (spec 3: the old pair works 2 more minutes).
 * The user must be told the answer was cut off and to try again within those 2 minutes, as for a
 * refresh whose connection broke, not that it "answered in an unexpected shape".
 */
describe("a refresh whose answer breaks off", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("is a failed renewal that says the answer was cut off and to try again within 2 minutes", async () => {
    const calls: string[] = [];
    let n = 0;
    const platform = await rawServer(async (req, res) => {
      for await (const _ of req);
      const u = new URL(req.url ?? "/", "http://platform.invalid");
      if (u.pathname === "/oauth2/auth") return void approveConsent(u, res, "code-1-abcdef");
      if (u.pathname === "/oauth2/token") {
        calls.push("token");
        n++;
        const body = {
          access_token: `acc-${n}-0123456789`,
          refresh_token: `ref-${n}-0123456789`,
          expires_in: 60,
          token_type: "bearer",
          scope: `POST_ADDON_CREATE.${POST_TOKEN} USER_PHONE`,
        };
        if (n !== 2) return sendJson(res, body);
        // The second grant (the refresh): status line and half the body, then the connection breaks.
        res.writeHead(200, { "content-type": "application/json", "content-length": "400" });
        res.write(JSON.stringify(body).slice(0, 30));
        setTimeout(() => res.destroy(), 20);
        return;
      }
      calls.push(`${req.method} ${u.pathname}`);
      if (u.pathname === "/v1/open-platform/users") return sendJson(res, { phone_numbers: ["09120000001"] });
      sendJson(res, {});
    });
    const stack: Stack = await startStack({ platformUrl: platform.url, upstreamTimeoutMs: 3000 });
    close = async () => {
      await stack.close();
      await platform.close();
    };
    const browser = new Browser();
    const landed = await autoSignIn(browser, stack, {
      scope: `POST_ADDON_CREATE.${POST_TOKEN}`,
      offline: true,
    });
    expect(landed).toBe("/?oauth=granted");
    stack.clock.advance(60_000);
    const { res, text } = await browser.fetch(`${stack.proxyServer.url}/api/posts/${POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ widgets: [{ title_row: { text: "Report" } }] }),
    });
    expect(res.status).toBe(503);
    const error = studioErrorSchema.parse(JSON.parse(text)).error;
    expect(error.code).toBe("refresh_failed");
    expect(error.message).toContain("cut off");
    expect(error.message).toContain("within 2 minutes");
    expect(error.message).not.toContain("unexpected shape");
    // Nothing but the refresh was sent for the publish.
    expect(calls.filter((c) => c.startsWith("POST /v2"))).toEqual([]);
  });
});
