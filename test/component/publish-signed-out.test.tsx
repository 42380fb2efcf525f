// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { studioError } from "../../src/platform/errors";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, keyless, memoryStorage, returnedTo } from "../helpers/flow-env";
import { sendChatTo } from "./chat-send-harness";

// Known to be signed out (GET /api/session), the editor goes to sign-in for what the action needs
// without first sending a request the proxy can only refuse with 401 (a red console line).

afterEach(cleanup);

const SIGNED_OUT = { signedIn: false, scopes: [], mode: "emulator" };
const SIGNED_IN = { signedIn: true, scopes: ["POST_ADDON_CREATE.gZx7yK3aB1"], mode: "emulator" };
const SIGN_IN_URL = "/oauth/start?scope=POST_ADDON_CREATE.gZx7yK3aB1&returnTo=%2F%3Fresume%3Dpublish";
const PENDING_KEY = "addon-studio.pending-oauth";

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

function setupPublish(opts: { route: Route; search?: string; storage?: ReturnType<typeof memoryStorage> }) {
  const calls: string[] = [];
  const fetch = fakeFetch(async (url, init) => {
    calls.push(`${init?.method ?? "GET"} ${url}`);
    return opts.route(url, init);
  });
  const storage = opts.storage ?? memoryStorage();
  const { env, navigate } = flowEnv(storage, { search: opts.search ?? "" });
  const store = createEditorStore({ postToken: "gZx7yK3aB1" });
  store.getState().addWidget("title_row");
  render(
    <EditorStoreProvider store={store}>
      <PublishPanel client={createProxyClient({ fetch })} env={env} storage={storage} />
    </EditorStoreProvider>,
  );
  const publishes = () => calls.filter((c) => c.startsWith("POST /api/posts/"));
  return { calls, publishes, navigate, storage };
}

async function clickPublish() {
  const publish = screen.getByRole<HTMLButtonElement>("button", { name: "Publish" });
  await waitFor(() => expect(publish.disabled).toBe(false));
  await userEvent.click(publish);
}

describe("a publish while the editor knows it is signed out", () => {
  it("goes to sign-in for the publish's scope without sending it, then publishes once on return", async () => {
    const first = setupPublish({
      route: (url) => (url === "/api/session" ? json(200, SIGNED_OUT) : json(500, {})),
    });
    await clickPublish();
    await waitFor(() => expect(keyless(first.navigate.mock.lastCall?.[0])).toBe(SIGN_IN_URL));
    expect(first.navigate).toHaveBeenCalledTimes(1);
    expect(first.publishes()).toEqual([]);
    expect(screen.getByRole("status").textContent).toContain("Authorization needed");
    expect(first.storage.map.get(PENDING_KEY)).toContain("gZx7yK3aB1");
    cleanup();

    // Back from the consent page: sent by itself, once.
    const back = setupPublish({
      storage: first.storage,
      search: returnedTo("?resume=publish&oauth=granted", first.storage),
      route: (url) => (url === "/api/session" ? json(200, SIGNED_IN) : json(200, { ok: true, result: {} })),
    });
    await screen.findByText("Published to post gZx7yK3aB1.");
    expect(back.publishes()).toHaveLength(1);
    expect(back.navigate).not.toHaveBeenCalled();
    expect(back.storage.map.get(PENDING_KEY)).toBeUndefined();
  });

  it("back from consent still signed out, it is sent once and stops on the answer, not on another consent page", async () => {
    const first = setupPublish({
      route: (url) => (url === "/api/session" ? json(200, SIGNED_OUT) : json(500, {})),
    });
    await clickPublish();
    await waitFor(() => expect(keyless(first.navigate.mock.lastCall?.[0])).toBe(SIGN_IN_URL));
    cleanup();

    const back = setupPublish({
      storage: first.storage,
      search: returnedTo("?resume=publish&oauth=granted", first.storage),
      route: (url) =>
        url === "/api/session"
          ? json(200, SIGNED_OUT)
          : json(401, studioError("not_signed_in", { authorizeUrl: SIGN_IN_URL })),
    });
    await screen.findByRole("button", { name: "Authorize again and retry" });
    expect(back.publishes()).toHaveLength(1);
    expect(back.navigate).not.toHaveBeenCalled();
  });

  it("sends it when the proxy, asked again, says another tab has signed in since", async () => {
    let sessions = 0;
    const { publishes, navigate } = setupPublish({
      route: (url) =>
        url === "/api/session"
          ? json(200, sessions++ === 0 ? SIGNED_OUT : SIGNED_IN)
          : json(200, { ok: true, result: {} }),
    });
    await clickPublish();
    await screen.findByText("Published to post gZx7yK3aB1.");
    expect(publishes()).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("asks an expired session's scopes again with the publish's, with offline access when chosen", async () => {
    const storage = memoryStorage();
    storage.setItem("addon-studio.offline-access", "1");
    const { publishes, navigate } = setupPublish({
      storage,
      route: (url) =>
        url === "/api/session"
          ? json(200, { ...SIGNED_OUT, expired: true, scopes: ["USER_PHONE"] })
          : json(500, {}),
    });
    await clickPublish();
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const q = new URLSearchParams(String(navigate.mock.calls[0]?.[0]).split("?")[1]);
    expect(q.get("scope")?.split(" ")).toEqual(["USER_PHONE", "POST_ADDON_CREATE.gZx7yK3aB1"]);
    expect(q.get("offline")).toBe("1");
    expect(publishes()).toEqual([]);
  });

  it("thought signed in but is not: the proxy's 401 still leads to sign-in (the fallback)", async () => {
    const { publishes, navigate } = setupPublish({
      route: (url) =>
        url === "/api/session"
          ? json(200, SIGNED_IN)
          : json(401, studioError("not_signed_in", { authorizeUrl: SIGN_IN_URL })),
    });
    await clickPublish();
    await waitFor(() => expect(keyless(navigate.mock.lastCall?.[0])).toBe(SIGN_IN_URL));
    expect(publishes()).toHaveLength(1);
  });
});

describe("a chat message while the editor knows it is signed out", () => {
  it("goes to sign-in for the conversation's scope without sending it", async () => {
    const calls: string[] = [];
    const fetch = fakeFetch(async (url, init) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      return url === "/api/session" ? json(200, SIGNED_OUT) : json(500, {});
    });
    const { navigate, storage } = await sendChatTo("conv-1", fetch);
    await waitFor(() =>
      expect(keyless(navigate.mock.lastCall?.[0])).toBe(
        "/oauth/start?scope=CONVERSATION_SEND_MESSAGE.conv-1&returnTo=%2Fchat%3Fresume%3Dsend",
      ),
    );
    expect(calls.filter((c) => c.startsWith("POST "))).toEqual([]);
    expect(storage.map.get(PENDING_KEY)).toContain("conv-1");
  });
});
