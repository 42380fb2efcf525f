// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Subscriptions } from "../../src/editor/inbox/subscriptions";
import { createProxyClient, type ProxySession } from "../../src/editor/proxy/proxy-client";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, memoryStorage } from "../helpers/flow-env";
import { sendChatTo } from "./chat-send-harness";

// Signed in (GET /api/session) but without the scope an action needs, the editor goes to sign-in for
// what is held plus what is needed (as the proxy's 403 missing_scope would name it) without first
// sending a request the proxy can only refuse with 403 (a red console line on the way to consent).

afterEach(cleanup);

const POST = "gZx7yK3aB1";
const PHONE_ONLY = { signedIn: true, scopes: ["USER_PHONE"], mode: "emulator" };

function recorder(route: (url: string) => Response) {
  const calls: string[] = [];
  const fetch = fakeFetch(async (url, init) => {
    calls.push(`${init?.method ?? "GET"} ${url}`);
    return route(url);
  });
  const sends = () => calls.filter((c) => !c.startsWith("GET "));
  return { calls, fetch, sends };
}

function scopesOf(url: unknown): string[] | undefined {
  return new URLSearchParams(String(url).split("?")[1]).get("scope")?.split(" ");
}

function setupPublish(route: (url: string) => Response) {
  const { fetch, sends } = recorder(route);
  const storage = memoryStorage();
  const { env, navigate } = flowEnv(storage, { search: "" });
  const store = createEditorStore({ postToken: POST });
  store.getState().addWidget("title_row");
  render(
    <EditorStoreProvider store={store}>
      <PublishPanel client={createProxyClient({ fetch })} env={env} storage={storage} />
    </EditorStoreProvider>,
  );
  return { sends, navigate };
}

async function clickPublish() {
  const publish = screen.getByRole<HTMLButtonElement>("button", { name: "Publish" });
  await waitFor(() => expect(publish.disabled).toBe(false));
  await userEvent.click(publish);
}

describe("a publish while signed in without its scope", () => {
  it("goes to sign-in for the held scopes plus the post's, without sending it", async () => {
    const { sends, navigate } = setupPublish((url) =>
      url === "/api/session" ? json(200, PHONE_ONLY) : json(500, {}),
    );
    await clickPublish();
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(scopesOf(navigate.mock.calls[0]?.[0])).toEqual(["USER_PHONE", `POST_ADDON_CREATE.${POST}`]);
    expect(sends()).toEqual([]);
  });

  it("publishes at once with the alternative scope (USER_POSTS_ADDON_CREATE) held", async () => {
    const { sends, navigate } = setupPublish((url) =>
      url === "/api/session"
        ? json(200, { ...PHONE_ONLY, scopes: ["USER_POSTS_ADDON_CREATE"] })
        : json(200, { ok: true, result: {} }),
    );
    await clickPublish();
    await screen.findByText(`Published to post ${POST}.`);
    expect(sends()).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("sends it when the proxy, asked again, says another tab has signed in for it since", async () => {
    let sessions = 0;
    const { sends, navigate } = setupPublish((url) =>
      url === "/api/session"
        ? json(200, sessions++ === 0 ? PHONE_ONLY : { ...PHONE_ONLY, scopes: [`POST_ADDON_CREATE.${POST}`] })
        : json(200, { ok: true, result: {} }),
    );
    await clickPublish();
    await screen.findByText(`Published to post ${POST}.`);
    expect(sends()).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("a chat message while signed in without a send scope for it", () => {
  async function send(session: ProxySession) {
    const { fetch, sends } = recorder((url) =>
      url === "/api/session" ? json(200, session) : json(200, { ok: true, result: { message: {} } }),
    );
    const { navigate } = await sendChatTo("conv-1", fetch);
    return { sends, navigate };
  }

  it("goes to sign-in for the held scopes plus the conversation's, without sending it", async () => {
    const { sends, navigate } = await send(PHONE_ONLY);
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(scopesOf(navigate.mock.calls[0]?.[0])).toEqual(["USER_PHONE", "CONVERSATION_SEND_MESSAGE.conv-1"]);
    expect(sends()).toEqual([]);
  });

  it("sends it with any send scope the proxy would send on (a post-scoped one)", async () => {
    const { sends, navigate } = await send({
      ...PHONE_ONLY,
      scopes: ["CHAT_POST_CONVERSATIONS_MESSAGE_SEND.somePost01"],
    });
    await screen.findByText("Sent to conversation conv-1.");
    expect(sends()).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("a subscription while signed in without its scope", () => {
  it("goes to sign-in for the held scopes plus the subscription's, without sending it", async () => {
    const { fetch, sends } = recorder((url) =>
      url === "/api/session"
        ? json(200, PHONE_ONLY)
        : url.startsWith("/api/subscriptions")
          ? json(200, { subscriptions: [] })
          : json(500, {}),
    );
    const storage = memoryStorage();
    const { env, navigate } = flowEnv(storage, { search: "" });
    render(
      <Subscriptions
        client={createProxyClient({ fetch })}
        session={PHONE_ONLY}
        env={env}
        disabled={false}
        storage={storage}
        offlineHeld={false}
      />,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Resource id"), POST);
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    expect(scopesOf(navigate.mock.calls[0]?.[0])).toEqual([
      "USER_PHONE",
      `CHAT_POST_CONVERSATIONS_READ.${POST}`,
    ]);
    expect(sends()).toEqual([]);
  });
});
