import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config";
import { isLocalHttp } from "../../src/server/loopback";

const demo = { slug: "demo", clientSecret: "ds", apiKey: "dk", identificationKey: "di" };
const platform = {
  PLATFORM_API_URL: "https://open-api.divar.ir",
  PLATFORM_AUTH_URL: "https://oauth.divar.ir",
  APP_SLUG: "my-app",
  APP_CLIENT_SECRET: "secret",
  APP_API_KEY: "key",
  APP_IDENTIFICATION_KEY: "ident",
  SESSION_SECRET: "x".repeat(32),
  PUBLIC_URL: "https://studio.example.com/",
};

describe("proxy configuration", () => {
  // With HOST set to one of the machine's addresses, the printed address and the sign-in's
  // redirect_uri said localhost, where nothing listens.
  it("without PUBLIC_URL, is reached where it listens: the address HOST names, or localhost", () => {
    expect(loadConfig({ HOST: "192.0.2.2" }, demo).publicUrl).toBe("http://192.0.2.2:8787");
    expect(loadConfig({ HOST: "192.0.2.2" }, demo).redirectUri).toBe("http://192.0.2.2:8787/oauth/callback");
    expect(loadConfig({ HOST: "fd00::2", PORT: "9000" }, demo).publicUrl).toBe("http://[fd00::2]:9000");
    for (const HOST of ["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"])
      expect(loadConfig({ HOST }, demo).publicUrl).toBe("http://localhost:8787");
    expect(loadConfig({ HOST: "192.0.2.2", PUBLIC_URL: "https://studio.example.com" }, demo).publicUrl).toBe(
      "https://studio.example.com",
    );
  });

  it("uses the emulator and its demo app when no platform is configured", () => {
    const c = loadConfig({}, demo);
    expect(c).toMatchObject({
      mode: "emulator",
      port: 8787,
      emulatorPort: 8788,
      app: demo,
      sessionSecretGenerated: true,
    });
    expect(c.redirectUri).toBe("http://localhost:8787/oauth/callback");
    expect(c.apiUrl).toBe("http://localhost:8788");
  });

  it("reads a platform configuration", () => {
    const c = loadConfig(platform, demo);
    expect(c).toMatchObject({ mode: "platform", redirectUri: "https://studio.example.com/oauth/callback" });
    expect(c.app.slug).toBe("my-app");
  });

  it.each([
    "PLATFORM_AUTH_URL",
    "APP_SLUG",
    "APP_CLIENT_SECRET",
    "APP_API_KEY",
    "APP_IDENTIFICATION_KEY",
    "SESSION_SECRET",
    "PUBLIC_URL",
  ])("fails fast naming %s when it is missing with a platform", (name) => {
    const env: Record<string, string | undefined> = { ...platform, [name]: "" };
    expect(() => loadConfig(env, demo)).toThrow(ConfigError);
    expect(() => loadConfig(env, demo)).toThrow(name);
  });

  it("refuses a wrong port, a non-URL and a short session secret, naming the variable", () => {
    expect(() => loadConfig({ PORT: "http" }, demo)).toThrow("PORT");
    expect(() => loadConfig({ ...platform, PLATFORM_API_URL: "open-api" }, demo)).toThrow("PLATFORM_API_URL");
    expect(() => loadConfig({ ...platform, SESSION_SECRET: "short" }, demo)).toThrow("SESSION_SECRET");
  });

  it("never echoes a wrong value that is not a number (a mistyped variable may hold a secret)", () => {
    const secret = "sk_live_9f8e7d6c5b4a";
    for (const name of [
      "PORT",
      "EMULATOR_PORT",
      "EVENT_RETENTION_DAYS",
      "UPSTREAM_TIMEOUT_MS",
      "HOST",
      "TRUST_PROXY",
    ]) {
      const error = (() => {
        try {
          loadConfig({ [name]: name === "HOST" ? `${secret} !` : secret }, demo);
        } catch (e) {
          return e;
        }
      })();
      expect(error, name).toBeInstanceOf(ConfigError);
      expect(String(error), name).toContain(name);
      expect(String(error), name).not.toContain("sk_live");
    }
    // A number is no secret, and the mistake is in it.
    expect(() => loadConfig({ PORT: "99999" }, demo)).toThrow(
      "PORT must be an integer from 0 to 65535; got 99999.",
    );
  });

  it("marks only plain-HTTP localhost as allowed without Secure cookies", () => {
    expect(isLocalHttp("http://localhost:8787")).toBe(true);
    expect(isLocalHttp("http://127.0.0.1:1")).toBe(true);
    expect(isLocalHttp("https://localhost")).toBe(false);
    expect(isLocalHttp("http://studio.example.com")).toBe(false);
  });
});
