import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/emulator/app";
import { DEMO_APP } from "../../src/emulator/state";
import { DEMO_REDIRECT, demoAuthorizeQuery, demoTokenForm } from "../helpers/demo-oauth";
import { manualClock } from "../helpers/manual-clock";

async function authorize(emu: ReturnType<typeof createEmulator>, scope: string) {
  const page = await emu.app.request(`/oauth2/auth?${demoAuthorizeQuery(scope, "s")}`);
  const consent = /name="consent" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const res = await emu.app.request("/oauth2/auth/decision", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `consent=${consent}&decision=allow`,
  });
  return new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "";
}

function token(emu: ReturnType<typeof createEmulator>, fields: Record<string, string>) {
  return emu.app.request("/oauth2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: demoTokenForm(fields),
  });
}

describe("emulated token endpoint (spec 2.4, 2.5, 3)", () => {
  it("issues a refresh token only with offline_access, and codes are single use", async () => {
    const emu = createEmulator({ clock: manualClock() });
    const code = await authorize(emu, "USER_PHONE");
    const first = await (await token(emu, { grant_type: "authorization_code", code })).json();
    expect(first).toMatchObject({ expires_in: 3600, token_type: "bearer", scope: "USER_PHONE" });
    expect(first.refresh_token).toBeUndefined();
    const again = await token(emu, { grant_type: "authorization_code", code });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("rotates on refresh; the old pair works 2 more minutes; refresh tokens last 30 days", async () => {
    const clock = manualClock();
    const emu = createEmulator({ clock });
    const code = await authorize(emu, "USER_PHONE offline_access");
    const t1 = await (await token(emu, { grant_type: "authorization_code", code })).json();
    const refresh = (t: { access_token: string; refresh_token: string }) =>
      token(emu, { grant_type: "refresh_token", code: t.access_token, refresh_token: t.refresh_token });
    const phones = (at: string) =>
      emu.app.request("/v1/open-platform/users", {
        method: "POST",
        headers: { "x-api-key": DEMO_APP.apiKey, authorization: `Bearer ${at}` },
      });

    // The refresh grant needs the current access token as code.
    expect(
      (await token(emu, { grant_type: "refresh_token", code: "wrong", refresh_token: t1.refresh_token }))
        .status,
    ).toBe(400);
    const t2 = await (await refresh(t1)).json();
    expect(t2.refresh_token).not.toBe(t1.refresh_token);
    clock.advance(60_000);
    expect((await phones(t1.access_token)).status).toBe(200);
    clock.advance(61_000);
    expect((await phones(t1.access_token)).status).toBe(401);
    expect((await refresh(t1)).status).toBe(400);
    expect((await phones(t2.access_token)).status).toBe(200);

    clock.advance(30 * 24 * 3600 * 1000);
    expect((await refresh(t2)).status).toBe(400);
  });

  it("forgets issued pairs once neither token can be used (30 days, or 2 minutes after rotation)", async () => {
    const clock = manualClock();
    const emu = createEmulator({ clock });
    const issued = () => emu.state.tokens.map((t) => t.accessToken);
    const code = await authorize(emu, "USER_PHONE offline_access");
    const t1 = await (await token(emu, { grant_type: "authorization_code", code })).json();
    const shortCode = await authorize(emu, "USER_PHONE");
    const short = await (await token(emu, { grant_type: "authorization_code", code: shortCode })).json();
    const refresh = (t: { access_token: string; refresh_token: string }) =>
      token(emu, { grant_type: "refresh_token", code: t.access_token, refresh_token: t.refresh_token });

    // Rotated: the old pair is kept through its 2-minute grace, then dropped at the next issuance.
    const t2 = await (await refresh(t1)).json();
    clock.advance(119_000);
    const t3 = await (await refresh(t2)).json();
    expect(issued()).toEqual([t1.access_token, short.access_token, t2.access_token, t3.access_token]);
    clock.advance(2_000);
    // An hour on: the rotated pairs are past their grace and the access-only pair has expired.
    clock.advance(3600_000);
    const t4 = await (await refresh(t3)).json();
    expect(issued()).toEqual([t3.access_token, t4.access_token]);

    // A pair not rotated stays for the refresh token's 30 days, and goes after them.
    clock.advance(30 * 24 * 3600 * 1000 - 1000);
    // Issuing another pair prunes, and keeps t4.
    await token(emu, { grant_type: "authorization_code", code: await authorize(emu, "USER_PHONE") });
    expect(issued()).toContain(t4.access_token);
    expect((await refresh(t4)).status).toBe(200);
    clock.advance(30 * 24 * 3600 * 1000);
    const last = await (
      await token(emu, { grant_type: "authorization_code", code: await authorize(emu, "USER_PHONE") })
    ).json();
    expect(issued()).toEqual([last.access_token]);
  });

  it("answers RFC 6749 errors for a wrong secret and a JSON body", async () => {
    const emu = createEmulator({ clock: manualClock() });
    const bad = await emu.app.request("/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: "x",
        client_id: DEMO_APP.slug,
        client_secret: "nope",
        redirect_uri: DEMO_REDIRECT,
      }).toString(),
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: "invalid_client" });
    const json = await emu.app.request("/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await json.json()).toMatchObject({ error: "invalid_request" });
  });

  it("checks API-key permissions independently of scopes", async () => {
    const emu = createEmulator({ clock: manualClock(), app: { permissions: [] } });
    const code = await authorize(emu, "POST_ADDON_CREATE.gZ3kQx9aB1cD");
    const t = await (await token(emu, { grant_type: "authorization_code", code })).json();
    const res = await emu.app.request("/v2/open-platform/addons/post/gZ3kQx9aB1cD", {
      method: "POST",
      headers: {
        "x-api-key": DEMO_APP.apiKey,
        authorization: `Bearer ${t.access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ widgets: [{ title_row: { text: "x" } }] }),
    });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body).toMatchObject({ code: 7 });
    expect(body.message).toContain("ADD_ON_CREATE");
  });

  it("answers the signed-in user only to an API key holding USER_RETRIEVE (live OpenAPI)", async () => {
    for (const permissions of [[], ["USER_RETRIEVE" as const]]) {
      const emu = createEmulator({ clock: manualClock(), app: { permissions } });
      const code = await authorize(emu, "USER_ID");
      const t = await (await token(emu, { grant_type: "authorization_code", code })).json();
      const res = await emu.app.request("/v1/open-platform/users", {
        headers: { "x-api-key": DEMO_APP.apiKey, authorization: `Bearer ${t.access_token}` },
      });
      if (permissions.length === 0) {
        expect(res.status).toBe(403);
        expect((await res.json()).message).toContain("USER_RETRIEVE");
      } else {
        expect(res.status).toBe(200);
        expect(await res.json()).toHaveProperty("user_id");
      }
    }
  });
});
