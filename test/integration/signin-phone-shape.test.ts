import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { memoryStorePerFile, sendJson } from "./scripted-platform";
import { type Signin, startSignin } from "./signin-platform";

/**
 * GET /users names the user by their first phone number, which keys their publish history. A platform
 * answering something that is not a phone number (a 300-character string, markup) made it the key:
 * one longer than the session's `user` field allows (200 characters) sealed a cookie no later request
 * could read, so the user was signed out right after a sign-in that said "granted", and every new try
 * ended the same way. Such an answer now names no one, as an answer without a phone does.
 */
describe("a GET /users answer whose phone is not a phone number", () => {
  const store = memoryStorePerFile();
  let s: Signin | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });
  const phones = (list: string[]) => (res: ServerResponse) => sendJson(res, { phone_numbers: list });

  it.each([
    ["300 digits", "0".repeat(300)],
    ["markup", "<b>0912</b>"],
    ["a path", "../../09120000001"],
  ])("%s: the sign-in keeps the user signed in, keyed by the sign-in", async (_, phone) => {
    s = await startSignin({ proxy: { store: store() } });
    s.platform.usersNext(phones([phone]));
    expect((await s.signIn()).landed).toBe("/?oauth=granted");
    expect((await s.session()).json.signedIn).toBe(true);
    expect((await s.publish()).status).toBe(200);
    const { text } = await s.browser.fetch(`${s.stack.proxyServer.url}/api/history`);
    const records = JSON.parse(text).records as Array<{ userId: string }>;
    expect(records).toHaveLength(1);
    expect(records[0]?.userId).toMatch(/^session:/);
    // An answer, not a failure: not read again at the send.
    expect(s.platform.count("GET /v1/open-platform/users")).toBe(1);
  });

  it("a later phone-shaped number in the list is the one used", async () => {
    s = await startSignin({ proxy: { store: store() } });
    s.platform.usersNext(phones(["not a phone", "+989120000007"]));
    expect((await s.signIn()).landed).toBe("/?oauth=granted");
    expect((await s.publish()).status).toBe(200);
    const { text } = await s.browser.fetch(`${s.stack.proxyServer.url}/api/history`);
    expect(JSON.parse(text).records[0]?.userId).toBe("phone:+989120000007");
  });
});
