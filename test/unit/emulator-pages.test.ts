import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/emulator/app";
import { FONT_FILES, FONT_PATH } from "../../src/emulator/html";
import {
  conversationFor,
  DEMO_APP,
  DEMO_CONVERSATION_ID,
  DEMO_POST_TOKEN,
  DEMO_USER,
} from "../../src/emulator/state";
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

describe("emulator conversation page", () => {
  it("draws an app's message with the studio's chat bubble, each button a form that presses it", async () => {
    const emu = createEmulator();
    const conv = conversationFor(emu.state, DEMO_CONVERSATION_ID);
    conv.messages.push({
      id: "m-1",
      from: "app",
      text: "گزارش آماده است",
      sentAt: Date.UTC(2026, 0, 1, 9, 5),
      receiverButtons: [
        [{ caption: "دیدن گزارش", action: { open_direct_link: "https://example.com" }, icon: "INFO" }],
      ],
      senderButtons: [[{ caption: "لغو", action: { open_server_link: { data: {} } } }]],
    });
    const html = await (await emu.app.request(`/conversations/${DEMO_CONVERSATION_ID}`)).text();
    // The preview's own drawing: bubble with the app's name, the time in Persian digits, filled buttons.
    expect(html).toContain(".pv-chat-bubble");
    // Named by its slug, as the post page and the studio's own preview name it.
    expect(html).toMatch(new RegExp(`<span class="pv-chat-app">.*${DEMO_APP.slug}</span>`, "s"));
    expect(html).not.toContain(DEMO_APP.name);
    expect(html).toContain("<time>۰۹:۰۵</time>");
    const forms = [
      ...html.matchAll(/<form class="pv-chat-form" action="[^"]+\/press" method="post">(.*?)<\/form>/gs),
    ];
    expect(forms.map((f) => /value="(receiver|sender)"/.exec(f[1] ?? "")?.[1])).toEqual([
      "receiver",
      "sender",
    ]);
    expect(forms[0]?.[1]).toContain('name="message" value="m-1"');
    expect(forms[0]?.[1]).toMatch(
      /<button type="submit" class="pv-chat-press"><span class="pv-chat-button">.*دیدن گزارش/s,
    );
    expect(forms[0]?.[1]).toContain('data-icon="INFO"');
    // Both sides' buttons are labelled groups, the receiver's (in the bubble) first.
    const groups = [...html.matchAll(/<div role="group" aria-label="([^"]+)">/g)].map((g) => g[1]);
    expect(groups).toEqual(["Buttons the buyer (receiver) sees", "Buttons the seller (sender) sees"]);
    expect(html.indexOf("Buttons the buyer (receiver) sees")).toBeLessThan(html.indexOf("دیدن گزارش"));
  });

  it("a button pressed on the page keeps the conversation in its tab and offers where it leads in a new one", async () => {
    const emu = createEmulator();
    conversationFor(emu.state, DEMO_CONVERSATION_ID).messages.push({
      id: "m-2",
      from: "app",
      text: "گزارش آماده است",
      sentAt: Date.UTC(2026, 0, 1, 9, 5),
      receiverButtons: [
        [{ caption: "دیدن گزارش", action: { open_direct_link: "https://example.com/r?a=1&b=2" } }],
      ],
      senderButtons: [],
    });
    const page = `/conversations/${DEMO_CONVERSATION_ID}`;
    expect(await (await emu.app.request(page)).text()).toContain('name="stay" value="1"');
    const press = (stay: boolean) =>
      emu.app.request(`${page}/press`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          message: "m-2",
          side: "receiver",
          row: "0",
          index: "0",
          ...(stay ? { stay: "1" } : {}),
        }).toString(),
      });
    const fromPage = await press(true);
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get("location")).toBe(page);
    const shown = await (await emu.app.request(page)).text();
    // A success, in the neutral style rather than the error colour, the Persian caption isolated.
    expect(shown).toContain(
      '<p class="status ok" role="status">Pressed «<bdi>دیدن گزارش</bdi>» (receiver): the app opens the button&#39;s address',
    );
    expect(shown).toContain('<a href="https://example.com/r?a=1&amp;b=2" target="_blank" rel="noopener">');
    // Said once: a reload does not repeat it.
    expect(await (await emu.app.request(page)).text()).not.toContain("Pressed «");
    // A script pressing without stay follows the button, as before.
    expect((await press(false)).headers.get("location")).toBe("https://example.com/r?a=1&b=2");
  });
});

describe("emulator user pages and icon", () => {
  it("a user page draws the user add-ons and semantic data sent about that user, by phone or Divar user id", async () => {
    const emu = createEmulator();
    const phone = DEMO_USER.phones[0] ?? "";
    const empty = await (await emu.app.request(`/users/${phone}`)).text();
    expect(empty).toContain("Nothing was sent about this user yet.");
    const now = emu.state.clock.now();
    emu.state.userAddons.push({
      id: "ua-1",
      target: { phone },
      // A user add-on's own fields (cost, ticket_uuid, categories) are no obstacle to drawing it.
      body: {
        widgets: [{ title_row: { text: "احراز هویت شده" } }],
        cost: 15000,
        ticket_uuid: "5d1c9c2e-0f7b-4a52-9a3e-2b8f1f3e7c11",
        categories: ["apartment-sell"],
      },
      receivedAt: now,
    });
    emu.state.semantics.push({
      id: "sem-1",
      target: { divarUserId: DEMO_USER.id },
      body: { phone, semantic: { identity_verification_result: "FACE_AND_ID_MATCHED" } },
      receivedAt: now,
    });
    const byPhone = await (await emu.app.request(`/users/${phone}`)).text();
    expect(byPhone).toContain("احراز هویت شده");
    expect(byPhone).not.toContain("could not be drawn");
    expect(byPhone).toContain('dir="rtl"');
    expect(byPhone).not.toContain("FACE_AND_ID_MATCHED");
    const byId = await (await emu.app.request(`/users/${DEMO_USER.id}`)).text();
    expect(byId).toContain("<code>identity_verification_result</code>");
    expect(byId).toContain("FACE_AND_ID_MATCHED");
    const index = await (await emu.app.request("/")).text();
    expect(index).toContain(`href="/users/${phone}"`);
    expect(index).toContain("1 user add-on");
    expect((await emu.app.request("/users/<script>")).status).toBe(404);
  });

  it("every page names its icon, and the icon is served (no 404 on each page)", async () => {
    const emu = createEmulator();
    const html = await (await emu.app.request("/")).text();
    const href = html.match(/<link rel="icon" href="([^"]+)"/)?.[1];
    expect(href).toBe("/favicon.svg");
    const icon = await emu.app.request(href ?? "");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(await icon.text()).toContain("<svg");
    expect((await emu.app.request("/favicon.ico")).headers.get("location")).toBe("/favicon.svg");
  });
});
