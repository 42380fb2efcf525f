import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { createProxy } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { plainHttpWarning } from "../../src/server/loopback";

// A browser stores a Secure cookie from an http page only on localhost: a studio other machines reach
// over plain http (HOST=<address>) must set a plain one, or nobody could stay signed in there.
describe("the session cookie by PUBLIC_URL's scheme", () => {
  const signInCookie = async (env: Record<string, string>, host: string) => {
    const { app } = createProxy({ config: loadConfig({ PORT: "8787", ...env }, DEMO_APP), log: () => {} });
    const res = await app.request(`http://${host}/oauth/start?scope=USER_PHONE`, { headers: { host } });
    expect(res.status).toBe(302);
    return res.headers.getSetCookie().find((c) => /studio_session=/.test(c)) ?? "";
  };

  it("is a plain studio_session, without Secure, on a network address over http", async () => {
    const cookie = await signInCookie(
      { HOST: "0.0.0.0", PUBLIC_URL: "http://192.0.2.10:8787" },
      "192.0.2.10:8787",
    );
    expect(cookie).toMatch(/^studio_session=/);
    expect(cookie).not.toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
  });

  it("is __Host- and Secure behind https", async () => {
    const cookie = await signInCookie(
      { HOST: "0.0.0.0", PUBLIC_URL: "https://studio.example.com" },
      "studio.example.com",
    );
    expect(cookie).toMatch(/^__Host-studio_session=/);
    expect(cookie).toMatch(/; Secure/);
  });

  it("warns at start only when other machines reach it over plain http", () => {
    expect(plainHttpWarning("http://192.0.2.10:8787")).toContain("is plain http off this machine");
    expect(plainHttpWarning("http://192.0.2.10:8787")).toContain("set PUBLIC_URL");
    expect(plainHttpWarning("http://localhost:8787")).toBeUndefined();
    expect(plainHttpWarning("http://127.0.0.1:8787")).toBeUndefined();
    expect(plainHttpWarning("https://studio.example.com")).toBeUndefined();
  });
});
