import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { ConfigError, loadConfig } from "../../src/server/config";
import { safeReturnTo, withParams } from "../../src/server/deps";
import { redactSecrets } from "../../src/server/redaction";
import {
  CHUNK_CHARS,
  createSessionCodec,
  emptySession,
  type Session,
  SessionTooLargeError,
} from "../../src/server/session";

const secret = "a-session-secret-of-at-least-32-chars!!";
const DAY = 24 * 3600 * 1000;

describe("returnTo", () => {
  it.each([
    ["//evil.example", "/"],
    ["https://evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\r\n/evil.example", "/"],
    ["/.//evil.example", "/"],
    ["/%2e/%2fevil.example", "/%2fevil.example"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [undefined, "/"],
    ["/?resume=publish", "/?resume=publish"],
    ["/a/../b?x=1#h", "/b?x=1#h"],
    ["/caf\u00e9", "/caf%C3%A9"],
  ])("%j becomes %j", (input, expected) => {
    const out = safeReturnTo(input);
    expect(out).toBe(expected);
    // Whatever comes out, a browser resolves it on the studio's own origin.
    expect(new URL(out, "https://studio.example").origin).toBe("https://studio.example");
  });

  it("adds the OAuth outcome to the query, before any fragment", () => {
    expect(withParams("/?resume=publish#json", { oauth: "granted" })).toBe(
      "/?resume=publish&oauth=granted#json",
    );
    expect(withParams("//evil.example", { oauth: "granted" })).toBe("/?oauth=granted");
  });
});

describe("sealed session cookie", () => {
  const bigSession = (scopes: number): Session => ({
    ...emptySession(0),
    tokens: {
      accessToken: "at_x",
      expiresAt: 1,
      // Random post tokens do not compress, as on a real account that published to many posts.
      scopes: Array.from(
        { length: scopes },
        () => `POST_ADDON_CREATE.${randomBytes(9).toString("base64url")}`,
      ),
    },
  });

  function roundTrip(codec: ReturnType<typeof createSessionCodec>, session: Session) {
    const app = new Hono();
    app.get("/write", (c) => {
      codec.write(c, session);
      return c.text("ok");
    });
    app.get("/read", (c) => c.json(codec.read(c) ?? null));
    return app;
  }

  it("is refused once older than its Max-Age, even if the browser (or a thief) kept it", () => {
    let now = Date.UTC(2026, 0, 1);
    const codec = createSessionCodec({ secret, secure: false, now: () => now });
    const sealed = codec.seal(emptySession(now));
    now += 29 * DAY;
    expect(codec.unseal(sealed)).toBeDefined();
    now += 2 * DAY;
    expect(codec.unseal(sealed)).toBeUndefined();
  });

  it("splits a session larger than one cookie over several, and reads it back whole", async () => {
    const codec = createSessionCodec({ secret, secure: true });
    const session = bigSession(250);
    expect(codec.fits(session)).toBe(true);
    const app = roundTrip(codec, session);
    const res = await app.request("/write");
    const cookies = res.headers.getSetCookie();
    const live = cookies.filter((c) => !/Max-Age=0/.test(c));
    expect(live.length).toBeGreaterThan(1);
    for (const c of live) {
      // Each stays under the 4096-byte limit browsers keep, and keeps every attribute.
      expect(c.length).toBeLessThan(4096);
      expect(c).toMatch(/^__Host-studio_session(\.\d)?=/);
      expect(c).toMatch(/; HttpOnly/);
      expect(c).toMatch(/; Secure/);
      expect(c).toMatch(/; SameSite=Lax/);
      expect(c).toMatch(/; Path=\//);
    }
    const cookieHeader = live.map((c) => c.split(";")[0]).join("; ");
    const back = await app.request("/read", { headers: { cookie: cookieHeader } });
    expect(await back.json()).toEqual(session);
    // A head without its tail is not a session.
    const headOnly = await app.request("/read", { headers: { cookie: live[0]?.split(";")[0] ?? "" } });
    expect(await headOnly.json()).toBeNull();
  });

  it("says clearly when a session cannot fit at all, instead of letting the browser drop it", async () => {
    const codec = createSessionCodec({ secret, secure: false });
    const session = bigSession(1200);
    expect(codec.seal(session).length).toBeGreaterThan(3 * CHUNK_CHARS);
    expect(codec.fits(session)).toBe(false);
    const app = roundTrip(codec, session);
    let thrown: unknown;
    app.onError((err, c) => {
      thrown = err;
      return c.text("too large", 400);
    });
    await app.request("/write");
    expect(thrown).toBeInstanceOf(SessionTooLargeError);
    expect(String(thrown)).toContain("Sign out, or remove held subscriptions");
  });
});

describe("upstream answers", () => {
  it("have every secret replaced, wherever it appears", () => {
    const text = '{"message":"token at_secret123 (key k3y-value) refused","details":["at_secret123"]}';
    const out = redactSecrets(text, ["at_secret123", "k3y-value"]);
    expect(out).toBe('{"message":"token [redacted] (key [redacted]) refused","details":["[redacted]"]}');
    expect(JSON.parse(out)).toBeTruthy();
  });
});

describe("configuration", () => {
  const platform = {
    PLATFORM_API_URL: "https://open-api.example",
    PLATFORM_AUTH_URL: "https://oauth.example",
    APP_SLUG: "app",
    APP_CLIENT_SECRET: "cs",
    APP_API_KEY: "ak",
    APP_IDENTIFICATION_KEY: "ik",
    SESSION_SECRET: "s".repeat(32),
    PUBLIC_URL: "https://studio.example",
  };

  it("listens on 127.0.0.1 unless HOST says otherwise, and refuses a malformed HOST", () => {
    expect(loadConfig({}, DEMO_APP).host).toBe("127.0.0.1");
    expect(loadConfig({ ...platform, HOST: "0.0.0.0" }, DEMO_APP).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "::" }, DEMO_APP).host).toBe("::");
    expect(() => loadConfig({ HOST: "0.0.0.0 --inspect" }, DEMO_APP)).toThrow("HOST must be an address");
  });

  it("never prints a wrong URL's value, and refuses credentials inside a URL", () => {
    const withPassword = { ...platform, PLATFORM_API_URL: "https://user:hunter2-secret@open-api.example" };
    expect(() => loadConfig(withPassword, DEMO_APP)).toThrow(ConfigError);
    expect(() => loadConfig(withPassword, DEMO_APP)).toThrow("PLATFORM_API_URL must not carry a user name");
    const pasted = { ...platform, PLATFORM_AUTH_URL: "the-client-secret-pasted-here" };
    let message = "";
    try {
      loadConfig(pasted, DEMO_APP);
    } catch (e) {
      message = e instanceof Error ? e.message : "";
    }
    expect(message).toContain("PLATFORM_AUTH_URL must be an http(s) URL");
    expect(message).not.toContain("pasted-here");
  });
});
