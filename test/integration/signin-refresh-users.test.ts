import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { IDENTIFY_ON_SEND_MS } from "../../src/server/history-user";
import { memoryStorePerFile } from "./scripted-platform";
import { autoSignIn, Browser } from "./server-harness";
import { good, type Signin, startSignin } from "./signin-platform";

// A refresh without a new refresh token, and a sign-in whose GET /users hangs (thirteenth session,
// docs/decisions.md "Thirteenth session: sign-in against a misbehaving platform").

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** GET /users answering `phone` after `ms` (or never, past the proxy's timeout, with Infinity). */
const phoneAfter =
  (ms: number, phone: string) =>
  async (res: ServerResponse): Promise<void> => {
    if (ms === Number.POSITIVE_INFINITY) return;
    await sleep(ms);
    if (res.destroyed) return;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ phone_numbers: [phone] }));
  };
let phoneCounter = 0;
/** A phone of its own for each test (the store is shared by the file's tests). */
const newPhone = () => `0913${String(Date.now() % 1_000_000).padStart(6, "0")}${++phoneCounter}`;

const store = memoryStorePerFile();

describe("sign-in against a misbehaving platform: refresh and user identification", () => {
  let s: Signin | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it("(5) a refresh that issued no new refresh token is not reused once its own token is due", async () => {
    s = await startSignin();
    // RFC 6749 section 6: the refresh answer may leave out the refresh token; the old one stays.
    s.platform.tokenNext(
      good({ expires_in: 3 }),
      good({ expires_in: 30, refresh_token: undefined }),
      good({ expires_in: 30, refresh_token: undefined }),
    );
    expect((await s.signIn()).landed).toBe("/?oauth=granted");
    const [signedIn] = s.platform.accessTokens;
    s.stack.clock.advance(3000);
    s.platform.expire(signedIn ?? "");
    expect((await s.publish()).status).toBe(200);
    expect(s.platform.count("token refresh_token")).toBe(1);

    s.stack.clock.advance(31_000);
    const [, renewed] = s.platform.accessTokens;
    s.platform.expire(renewed ?? "");
    const again = await s.publish();
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(s.platform.count("token refresh_token")).toBe(2);
    expect(s.platform.bearers.at(-1)).toBe(s.platform.accessTokens[2]);
  });

  it("(5) a rotated pair is still given to a request carrying the old cookie, even once that pair is due", async () => {
    s = await startSignin();
    s.platform.tokenNext(good({ expires_in: 90 }), good({ expires_in: 90 }), good({ expires_in: 90 }));
    expect((await s.signIn()).landed).toBe("/?oauth=granted");
    const oldCookies = new Map(s.browser.cookies);
    s.stack.clock.advance(80_000);
    expect((await s.publish()).status).toBe(200);
    expect(s.platform.count("token refresh_token")).toBe(1);
    // The new cookie was lost (an aborted request, a tab closed): the browser still holds the old
    // refresh token, which the platform has retired. Within the 2-minute grace, past the new pair's
    // own renewal time, it is given the new pair rather than refreshing with the retired token.
    s.browser.cookies = oldCookies;
    s.stack.clock.advance(70_000);
    expect((await s.publish()).status).toBe(200);
    expect(s.platform.count("token refresh_token")).toBe(1);
  });

  it("(5) requests at once still share one refresh", async () => {
    s = await startSignin();
    s.platform.tokenNext(good({ expires_in: 3 }), good({ expires_in: 30, refresh_token: undefined }));
    expect((await s.signIn()).landed).toBe("/?oauth=granted");
    s.stack.clock.advance(3000);
    const answers = await Promise.all([s.publish(), s.publish(), s.session()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(s.platform.count("token refresh_token")).toBe(1);
  });

  describe("(8) the sign-in's GET /users waits no longer than a send waits for it", () => {
    it("a read answering late: the sign-in goes on after about 1 s, the next send takes the answer", async () => {
      s = await startSignin({ proxy: { store: store() } });
      const phone = newPhone();
      s.platform.usersNext(phoneAfter(IDENTIFY_ON_SEND_MS + 600, phone));
      const { landed, ms } = await s.signIn();
      expect(landed).toBe("/?oauth=granted");
      expect(ms).toBeGreaterThanOrEqual(IDENTIFY_ON_SEND_MS - 50);
      expect(ms).toBeLessThan(IDENTIFY_ON_SEND_MS + 500);
      expect(s.logged("user_not_identified")).toEqual([expect.objectContaining({ code: "waited_too_long" })]);

      await sleep(900);
      expect((await s.publish()).status).toBe(200);
      // The late answer named the user: no second read, and the record is in the phone's history.
      expect(s.platform.count("GET /v1/open-platform/users")).toBe(1);
      expect(s.logged("user_identified_later")).toHaveLength(1);
      const other = new Browser();
      const signedIn = await startSecondBrowser(s, other, phone);
      expect(signedIn).toBe("/?oauth=granted");
      const { text } = await other.fetch(`${s.stack.proxyServer.url}/api/history`);
      expect(JSON.parse(text).records).toHaveLength(1);
    });

    it("a read that never answers: the sign-in still goes on after about 1 s", async () => {
      s = await startSignin({ upstreamTimeoutMs: 2500, proxy: { store: store() } });
      s.platform.usersNext(phoneAfter(Number.POSITIVE_INFINITY, newPhone()));
      const { landed, ms } = await s.signIn();
      expect(landed).toBe("/?oauth=granted");
      expect(ms).toBeLessThan(IDENTIFY_ON_SEND_MS + 500);
      // A send right after waits at most as long again, and succeeds.
      const t0 = performance.now();
      expect((await s.publish()).status).toBe(200);
      expect(performance.now() - t0).toBeLessThan(IDENTIFY_ON_SEND_MS + 500);
    });
  });
});

/** Signs `browser` in on the same proxy with GET /users naming `phone` at once. */
async function startSecondBrowser(s: Signin, browser: Browser, phone: string): Promise<string> {
  s.platform.usersNext(phoneAfter(0, phone));
  return autoSignIn(browser, s.stack, { scope: "USER_PHONE", offline: false });
}
