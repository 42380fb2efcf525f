import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/emulator/app";
import { FONT_FILES, FONT_PATH } from "../../src/emulator/html";
import { DEMO_APP, DEMO_POST_TOKEN } from "../../src/emulator/state";
import { demoAuthorizeQuery } from "../helpers/demo-oauth";

describe("emulator pages", () => {
  it("the consent page names each requested scope in plain words, with the scope itself, and Allow and Deny", async () => {
    const emu = createEmulator();
    const q = demoAuthorizeQuery(`POST_ADDON_CREATE.${DEMO_POST_TOKEN} USER_PHONE offline_access`, "s");
    const html = await (await emu.app.request(`/oauth2/auth?${q}`)).text();
    expect(html).toContain(`Add information (an add-on) to your post ${DEMO_POST_TOKEN}`);
    expect(html).toContain(`<code>POST_ADDON_CREATE.${DEMO_POST_TOKEN}</code>`);
    expect(html).toContain("See your phone number");
    expect(html).toContain("Keep this access when you are not using the app");
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
  });

  it("serves the bundled Vazirmatn files the pages ask for, and nothing else from the package", async () => {
    const emu = createEmulator();
    const font = await emu.app.request(`${FONT_PATH}/${FONT_FILES[0]}`);
    expect(font.status).toBe(200);
    expect(font.headers.get("content-type")).toBe("font/woff2");
    expect((await font.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await emu.app.request(`${FONT_PATH}/package.json`)).status).toBe(404);
  });

  it("a post page says when it has no add-ons, and draws a published one right to left in Persian", async () => {
    const emu = createEmulator();
    const empty = await (await emu.app.request(`/posts/${DEMO_POST_TOKEN}`)).text();
    expect(empty).toContain("No add-ons on this post yet.");
    expect(empty).toContain(`url(${FONT_PATH}/vazirmatn-arabic-400-normal.woff2)`);
    const now = emu.state.clock.now();
    emu.state.postAddons.push({
      postToken: DEMO_POST_TOKEN,
      appSlug: DEMO_APP.slug,
      body: { widgets: [{ title_row: { text: "گزارش کارشناسی" } }] },
      receivedAt: now,
      attachAt: now,
    });
    const html = await (await emu.app.request(`/posts/${DEMO_POST_TOKEN}`)).text();
    expect(html).not.toContain("No add-ons on this post yet.");
    expect(html).toMatch(/<section class="pv-phone" dir="rtl" lang="fa"[^>]*>.*گزارش کارشناسی/s);
  });
});
