// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { bodyBytes, overPublishLimit } from "../../src/editor/publish/body-size";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import { documentFromBody } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { STUDIO_BODY_LIMIT } from "../../src/platform/body-check";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, memoryStorage } from "../helpers/flow-env";

afterEach(cleanup);

const SESSION = { signedIn: true, scopes: ["USER_POSTS_ADDON_CREATE"], mode: "emulator" };

/** `count` expandable descriptions (no length limit) of `chars` Persian letters each: a valid body. */
function descriptions(count: number, chars: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    description_row: { text: `${i} ${"خ".repeat(chars)}`, expandable: true },
  }));
}

function setup(widgets: Record<string, unknown>[]) {
  const posts: string[] = [];
  const fetch = fakeFetch(async (url) => {
    if (url === "/api/session") return json(200, SESSION);
    posts.push(url);
    return json(200, { ok: true, result: {}, attachedLater: true });
  });
  const storage = memoryStorage();
  const store = createEditorStore({
    postToken: "gZx7yK3aB1",
    doc: documentFromBody("post", { widgets }, widgets),
  });
  render(
    <EditorStoreProvider store={store}>
      <PublishPanel client={createProxyClient({ fetch })} env={flowEnv(storage).env} storage={storage} />
    </EditorStoreProvider>,
  );
  return { posts };
}

describe("publishing a body over the proxy's 1 MB", () => {
  it("measures the body exactly as Publish sends it (compact JSON, UTF-8 bytes)", () => {
    const body = {
      widgets: [
        { title_row: { text: 'گزارش 😀 \u00e9 "quoted" \\ \n' } },
        { description_row: { text: "x".repeat(300), expandable: true } },
        { title_row: { text: "\ud800 lone" } },
      ],
      semantic: { a: "ب" },
    };
    expect(bodyBytes(body)).toBe(Buffer.byteLength(JSON.stringify(body)));
    expect(bodyBytes({ widgets: [] })).toBe(Buffer.byteLength('{"widgets":[]}'));
    expect(overPublishLimit(STUDIO_BODY_LIMIT)).toBe(false);
    expect(overPublishLimit(STUDIO_BODY_LIMIT + 1)).toBe(true);
  });

  it("says the size, the limit and what to do, and does not send (no 413 after a trip to sign-in)", async () => {
    // 1,200 widgets of ~1 KB: ~1.2 MB, valid for the platform's contract.
    const widgets = descriptions(1200, 500);
    const bytes = Buffer.byteLength(JSON.stringify({ widgets }));
    const kb = Math.ceil(bytes / 1024);
    const { posts } = setup(widgets);
    const publish = await screen.findByRole("button", { name: "Publish" });
    const note = screen.getByText(/as JSON; the studio publishes at most 1,024 KB/);
    expect(note.textContent).toContain(`This add-on is ${kb.toLocaleString("en")} KB as JSON`);
    expect(note.textContent).toContain(
      `split its 1,200 widgets over several add-ons (about ${Math.floor((STUDIO_BODY_LIMIT / bytes) * 1200)} of them fit in one)`,
    );
    expect(note.textContent).toContain("Your document is kept as it is.");
    expect(publish).toHaveProperty("disabled", true);
    await userEvent.click(publish);
    expect(posts).toEqual([]);
  });

  it("publishes a large body under the limit", async () => {
    const { posts } = setup(descriptions(900, 500));
    const publish = await screen.findByRole("button", { name: "Publish" });
    expect(screen.queryByText(/the studio publishes at most/)).toBeNull();
    expect(publish).toHaveProperty("disabled", false);
    await userEvent.click(publish);
    await screen.findByRole("status");
    expect(posts).toHaveLength(1);
  });
});
