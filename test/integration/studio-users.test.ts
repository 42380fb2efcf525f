import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { loadConfig } from "../../src/server/config";
import { raw, SCOPE, type ScriptedPlatform, scriptedStackPerTest } from "./scripted-platform";
import { autoSignIn, Browser, type Stack } from "./server-harness";

// Removals of a user's data (semantic data, a user add-on by id) are sent with the app's API key alone
// (spec 4.9): on a studio anyone with a platform account can reach, every signed-in user could remove
// any user's data. With STUDIO_USERS, only the listed phone numbers may.

const start = scriptedStackPerTest();

const phone = (p: string) => raw(200, JSON.stringify({ phone_numbers: [p] }));

async function signedInAs(s: Stack, p: ScriptedPlatform, who: string): Promise<Browser> {
  const browser = new Browser();
  p.next(phone(who));
  expect(await autoSignIn(browser, s, { scope: SCOPE })).toBe("/?oauth=granted");
  return browser;
}

const removals = ["/api/users/phone/09125555555/semantic", "/api/user-addons/ua-someone-else"];

describe("STUDIO_USERS", () => {
  it("lets only the listed phone numbers remove a user's data; nothing reaches the platform for others", async () => {
    const { stack, platform } = await start({ STUDIO_USERS: "09120000071, 09120000072" });
    const stranger = await signedInAs(stack, platform, "09120000099");
    for (const path of removals) {
      const { res, text } = await stranger.fetch(`${stack.proxyServer.url}${path}`, { method: "DELETE" });
      expect(res.status, path).toBe(403);
      const error = JSON.parse(text).error;
      expect(error.code).toBe("removal_not_allowed");
      expect(error.message).toContain("only the people in its STUDIO_USERS remove a user's data");
      expect(error.message).toContain("09120000099 is not one of them");
    }
    expect(platform.count("DELETE")).toBe(0);
    // Publishing with one's own token is not a removal: the platform decides it.
    const team = await signedInAs(stack, platform, "09120000072");
    for (const path of removals) {
      const { res } = await team.fetch(`${stack.proxyServer.url}${path}`, { method: "DELETE" });
      expect(res.status, path).toBe(200);
    }
    expect(platform.count("DELETE")).toBe(2);
  });

  it("is a list of phone numbers; anything else stops the start naming it", () => {
    expect(() => loadConfig({ STUDIO_USERS: "09120000071,admin" }, DEMO_APP)).toThrow(
      /STUDIO_USERS holds "admin", which is not a phone number/,
    );
    expect(loadConfig({ STUDIO_USERS: " 09120000071  +989120000072 " }, DEMO_APP).studioUsers).toEqual([
      "09120000071",
      "+989120000072",
    ]);
    expect(loadConfig({}, DEMO_APP).studioUsers).toBeUndefined();
  });
});
