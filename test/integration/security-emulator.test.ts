import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../../src/emulator/app";
import { DEMO_APP } from "../../src/emulator/state";
import { demoAuthorizeQuery, demoTokenForm } from "../helpers/demo-oauth";
import { type ManualClock, manualClock } from "../helpers/manual-clock";
import { listen, type Running } from "./server-harness";

let clock: ManualClock;
let emulator: Emulator;
let server: Running;

beforeEach(async () => {
  clock = manualClock();
  emulator = createEmulator({ clock });
  server = await listen((req) => emulator.app.fetch(req));
});
afterEach(async () => {
  await server.close();
});

function authorizeUrl(overrides: Record<string, string> = {}): string {
  return `${server.url}/oauth2/auth?${demoAuthorizeQuery("USER_PHONE", "s1", overrides)}`;
}

function token(fields: Record<string, string>) {
  return fetch(`${server.url}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: demoTokenForm(fields),
  });
}

describe("emulated consent page", () => {
  it.each([
    [
      "an unregistered redirect_uri",
      { redirect_uri: "https://evil.example/cb" },
      "Redirect address not registered",
    ],
    ["an unknown client_id", { client_id: "someone-else" }, "Unknown app"],
    [
      "a javascript: redirect_uri",
      { redirect_uri: "javascript:alert(1)" },
      "Redirect address not registered",
    ],
  ])("shows an error page for %s and never redirects", async (_what, overrides, title) => {
    const res = await fetch(authorizeUrl(overrides), { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain(title);
  });

  it("cannot be framed by another site", async () => {
    const res = await fetch(authorizeUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("forgets an undecided consent after 10 minutes: Allow then shows an error, not a redirect", async () => {
    const page = await (await fetch(authorizeUrl())).text();
    const consent = /name="consent" value="([^"]+)"/.exec(page)?.[1] ?? "";
    clock.advance(10 * 60 * 1000 + 1);
    const res = await fetch(`${server.url}/oauth2/auth/decision`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `consent=${consent}&decision=allow`,
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(emulator.state.consents.size).toBe(0);
  });
});

describe("emulated token endpoint answers RFC 6749 section 5.2 errors", () => {
  it.each([
    [{ grant_type: "password", username: "u", password: "p" }, 400, "unsupported_grant_type"],
    [{ grant_type: "client_credentials" }, 400, "unsupported_grant_type"],
    [{ grant_type: "authorization_code" }, 400, "invalid_request"],
    [{ grant_type: "authorization_code", code: "nope" }, 400, "invalid_grant"],
    [{ grant_type: "authorization_code", code: "nope", client_secret: "x" }, 401, "invalid_client"],
    [
      { grant_type: "authorization_code", code: "nope", client_secret: `${DEMO_APP.clientSecret}!` },
      401,
      "invalid_client",
    ],
    [{ grant_type: "refresh_token", code: "at", refresh_token: "rt_unknown" }, 400, "invalid_grant"],
  ])("%j -> %i %s", async (fields, status, error) => {
    const res = await token(fields);
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body).toMatchObject({ error });
    expect(typeof body.error_description).toBe("string");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("emulated API host", () => {
  it("refuses a wrong API key of any length as missing_api_key, never a 500", async () => {
    for (const key of ["", "x", `${DEMO_APP.apiKey}x`, "é".repeat(40)]) {
      const res = await fetch(`${server.url}/v1/open-platform/users`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toContain("x-api-key header is missing or unknown");
    }
  });

  it("checks the post token on delete too", async () => {
    const res = await fetch(`${server.url}/v1/open-platform/addons/post/x`, {
      method: "DELETE",
      headers: { "x-api-key": DEMO_APP.apiKey },
    });
    expect(res.status).toBe(400);
  });

  it("takes fault injections as JSON only (a cross-site form cannot inject one)", async () => {
    const form = await fetch(`${server.url}/_emulator/faults`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ status: 500 }),
    });
    expect(form.status).toBe(400);
    expect(emulator.state.faults.list()).toEqual([]);
  });
});
