import { describe, expect, it } from "vitest";
import { createEmulator } from "../../src/emulator/app";
import {
  conversationFor,
  DEMO_APP,
  DEMO_CONVERSATION_ID,
  DEMO_POST_TOKEN,
  DEMO_USER,
} from "../../src/emulator/state";

const BODY = { widgets: [{ title_row: { text: "گزارش کارشناسی" } }] };
const PHONE = DEMO_USER.phones[0] ?? "";

/** The theme the page's add-on previews are drawn in (the preview root's data-theme), in page order. */
function themes(html: string): string[] {
  return [
    ...html.matchAll(/class="pv-root"[^>]*data-theme="(\w+)"|data-theme="(\w+)"[^>]*class="pv-root"/g),
  ].map((m) => m[1] ?? m[2] ?? "");
}

function withAddons() {
  const emu = createEmulator();
  const now = emu.state.clock.now();
  emu.state.postAddons.push({
    postToken: DEMO_POST_TOKEN,
    appSlug: DEMO_APP.slug,
    body: BODY,
    receivedAt: now,
    attachAt: now,
  });
  emu.state.userAddons.push({ id: "ua-1", target: { phone: PHONE }, body: BODY, receivedAt: now });
  return emu;
}

describe("emulator pages draw add-ons in the app's light or dark theme, as the studio's preview does", () => {
  it.each([
    ["post", `/posts/${DEMO_POST_TOKEN}`],
    ["user", `/users/${PHONE}`],
  ])(
    "the %s page: light by default, dark with ?theme=dark, and a switch between them",
    async (_kind, path) => {
      const emu = withAddons();
      const light = await (await emu.app.request(path)).text();
      expect(themes(light)).toEqual(["light"]);
      expect(light).toContain(`<nav class="theme-switch" aria-label="App theme">`);
      expect(light).toMatch(new RegExp(`<a href="${path}" aria-current="page">Light</a>`));
      expect(light).toContain(`<a href="${path}?theme=dark">Dark</a>`);
      const dark = await (await emu.app.request(`${path}?theme=dark`)).text();
      expect(themes(dark)).toEqual(["dark"]);
      expect(dark).toContain(`<a href="${path}?theme=dark" aria-current="page">Dark</a>`);
      // Any other value is the light theme (never echoed into the page).
      const other = await (await emu.app.request(`${path}?theme=%3Cscript%3E`)).text();
      expect(themes(other)).toEqual(["light"]);
      expect(other).not.toContain("<script>");
    },
  );
});

describe("an add-on without widgets on the emulator's pages", () => {
  it("says the app shows nothing for it, not the editor's hint to add one from the palette", async () => {
    const emu = createEmulator();
    const now = emu.state.clock.now();
    const empty = { widgets: [] };
    emu.state.postAddons.push({
      postToken: DEMO_POST_TOKEN,
      appSlug: DEMO_APP.slug,
      body: empty,
      receivedAt: now,
      attachAt: now,
    });
    emu.state.userAddons.push({ id: "ua-0", target: { phone: PHONE }, body: empty, receivedAt: now });
    for (const path of [`/posts/${DEMO_POST_TOKEN}`, `/users/${PHONE}`]) {
      const html = await (await emu.app.request(path)).text();
      expect(html).toContain("This add-on has no widgets: the app shows nothing for it.");
      expect(html).not.toContain("add one from the palette");
    }
  });
});

describe("the emulator's conversation pages", () => {
  it("looking at a conversation does not start one: the index lists only conversations with messages sent", async () => {
    const emu = createEmulator();
    const before = [...emu.state.conversations.keys()];
    const page = await (await emu.app.request("/conversations/never-written-1")).text();
    expect(page).toContain("No messages yet.");
    expect([...emu.state.conversations.keys()]).toEqual(before);
    const index = await (await emu.app.request("/")).text();
    expect(index).not.toContain("never-written-1");
  });

  it("counts one message in the singular on the index", async () => {
    const emu = createEmulator();
    await emu.app.request(`/conversations/conv-one-1/messages`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "text=salam",
    });
    const index = await (await emu.app.request("/")).text();
    expect(index).toContain("on post gZ3kQx9aB1cD, 1 message</span>");
  });
});

describe("an app's message without buyer buttons on the conversation page", () => {
  it("is labelled as the buyer's view without buttons, not as the buttons the buyer sees", async () => {
    const emu = createEmulator();
    conversationFor(emu.state, DEMO_CONVERSATION_ID).messages.push({
      id: "m-plain",
      from: "app",
      text: "فقط متن",
      sentAt: Date.UTC(2026, 0, 1, 9, 5),
      receiverButtons: [],
      senderButtons: [],
    });
    const html = await (await emu.app.request(`/conversations/${DEMO_CONVERSATION_ID}`)).text();
    expect(html).toContain('aria-label="As the buyer (receiver) sees it, without buttons"');
    expect(html).not.toContain("Buttons the buyer (receiver) sees");
  });
});
