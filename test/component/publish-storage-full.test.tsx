// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { KeyValueStorage } from "../../src/editor/proxy/oauth-resume";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, returnedTo } from "../helpers/flow-env";

// localStorage full (large drafts): the action kept over the consent page's round trip was lost,
// so the return did nothing and said nothing. It goes to the tab's own storage instead.

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const SIGNED_OUT = { signedIn: false, scopes: [], mode: "emulator" };
const SIGNED_IN = { signedIn: true, scopes: ["POST_ADDON_CREATE.gZx7yK3aB1"], mode: "emulator" };

/** localStorage with no room left: every write is refused as over quota. */
function fullStorage(): KeyValueStorage {
  return {
    getItem: () => null,
    setItem: (key) => {
      throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, "QuotaExceededError");
    },
    removeItem: () => {},
  };
}

function setupPublish(search: string, session: unknown, storage: KeyValueStorage) {
  const posts: string[] = [];
  const fetch = fakeFetch(async (url, init) => {
    if (url === "/api/session") return json(200, session);
    posts.push(`${init?.method ?? "GET"} ${url} ${String(init?.body ?? "")}`);
    return json(200, { ok: true, result: {} });
  });
  const { env, navigate } = flowEnv(storage, { search });
  const store = createEditorStore({ postToken: "gZx7yK3aB1" });
  const id = store.getState().addWidget("title_row") ?? "";
  store.getState().setWidgetField(id, ["title_row", "text"], "گزارش بزرگ");
  render(
    <EditorStoreProvider store={store}>
      <PublishPanel client={createProxyClient({ fetch })} env={env} storage={storage} />
    </EditorStoreProvider>,
  );
  return { posts, navigate };
}

describe("publishing through sign-in while browser storage is full", () => {
  it("publishes on return from the consent page, as with room", async () => {
    const storage = fullStorage();
    const first = setupPublish("", SIGNED_OUT, storage);
    const publish = screen.getByRole<HTMLButtonElement>("button", { name: "Publish" });
    await waitFor(() => expect(publish.disabled).toBe(false));
    await userEvent.click(publish);
    await waitFor(() => expect(first.navigate).toHaveBeenCalledTimes(1));
    expect(first.posts).toEqual([]);
    cleanup();

    const back = setupPublish(returnedTo("?resume=publish&oauth=granted", storage), SIGNED_IN, storage);
    await screen.findByText("Published to post gZx7yK3aB1.");
    expect(back.posts).toHaveLength(1);
    expect(back.posts[0]).toContain("POST /api/posts/gZx7yK3aB1/addon");
    expect(back.posts[0]).toContain("گزارش بزرگ");
    // Taken once: a later return does not publish it again.
    expect(sessionStorage.length).toBe(0);
  });
});
