// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ChatComposer } from "../../src/editor/chat/chat-composer";
import { createChatStore } from "../../src/editor/chat/chat-store";
import { savePending } from "../../src/editor/proxy/oauth-resume";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { Announcer } from "../../src/editor/ui/announcer";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, memoryStorage } from "../helpers/flow-env";

afterEach(cleanup);

const EMULATOR = {
  index: "http://localhost:9001/",
  demoPostToken: "gZ3kQx9aB1cD",
  demoConversationId: "3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c",
  userPageUrl: "http://localhost:9001/users/{user}",
  conversationPageUrl: "http://localhost:9001/conversations/{conversation}",
};
/** The session of a studio started with its embedded emulator (startStudio). */
const WITH_EMULATOR = {
  signedIn: true,
  // What the journeys' operations need (the editor signs in first for a missing one).
  scopes: ["USER_POSTS_ADDON_CREATE", "USER_ADDON_CREATE"],
  mode: "emulator",
  postPageUrl: "http://localhost:9001/posts/{post_token}",
  emulator: EMULATOR,
};
const ON_PLATFORM = { signedIn: false, scopes: [], mode: "platform", postPageUrl: null, emulator: null };

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

function setup(opts: {
  route: Route;
  search?: string;
  storage?: ReturnType<typeof memoryStorage>;
  token?: string | null;
  user?: boolean;
}) {
  const calls: string[] = [];
  const fetch = fakeFetch(async (url, init) => {
    calls.push(url);
    return opts.route(url, init);
  });
  const storage = opts.storage ?? memoryStorage();
  const { env } = flowEnv(storage, { search: opts.search ?? "" });
  const store = createEditorStore({ postToken: opts.token ?? null });
  if (opts.user) store.getState().setKind("user");
  store.getState().addWidget("title_row");
  render(
    <EditorStoreProvider store={store}>
      <Announcer />
      <PublishPanel client={createProxyClient({ fetch })} env={env} storage={storage} />
    </EditorStoreProvider>,
  );
  return { calls, store };
}

const tokenField = () => screen.getByLabelText<HTMLInputElement>("Post token");
const publishButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Publish" });

describe("where the post token comes from", () => {
  it("with the embedded emulator, offers its demo post (filling the field) and links its index page", async () => {
    setup({ route: () => json(200, WITH_EMULATOR) });
    expect(tokenField().value).toBe("");
    expect(publishButton().disabled).toBe(true);
    await userEvent.click(await screen.findByRole("button", { name: "Use the emulator's demo post" }));
    expect(tokenField().value).toBe("gZ3kQx9aB1cD");
    expect(publishButton().disabled).toBe(false);
    // Said to a screen reader, whose focus stays on the button (a keyboard review).
    expect(document.getElementById("editor-announcer")?.textContent).toBe(
      "Post token set to gZ3kQx9aB1cD, the emulator's demo post.",
    );
    expect(screen.getByRole("link", { name: "index page" }).getAttribute("href")).toBe(EMULATOR.index);
  });

  it("with a real platform, says in one line where a post token comes from, and offers no demo", async () => {
    setup({ route: () => json(200, ON_PLATFORM) });
    expect(await screen.findByText(/a post token comes with the start request/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /demo post/ })).toBeNull();
  });

  it("ignores an emulator description it cannot read (an older or newer proxy) rather than failing", async () => {
    setup({ route: () => json(200, { ...WITH_EMULATOR, emulator: { index: 42 } }) });
    expect(await screen.findByText(/Signed in/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /demo post/ })).toBeNull();
  });

  it("the chat composer offers the emulator's demo conversation the same way", async () => {
    const storage = memoryStorage();
    const { env } = flowEnv(storage);
    const store = createChatStore({ storage });
    const fetch = fakeFetch(async () => json(200, WITH_EMULATOR));
    render(<ChatComposer store={store} client={createProxyClient({ fetch })} env={env} storage={storage} />);
    await userEvent.click(
      await screen.findByRole("button", { name: "Use the emulator's demo conversation" }),
    );
    expect(screen.getByLabelText<HTMLInputElement>("Conversation id").value).toBe(
      EMULATOR.demoConversationId,
    );
    expect(store.getState().draft.conversationId).toBe(EMULATOR.demoConversationId);
  });
});

describe("the result stays beside its button", () => {
  it("after Deny, the post token typed before the consent page is back and the refusal has the focus", async () => {
    const storage = memoryStorage();
    // What the panel stored before leaving for the consent page; the reload emptied the field.
    savePending(storage, {
      action: "publish",
      key: "k-deny",
      target: { op: "publish", postToken: "denyPost0001" },
      body: {},
      at: Date.now(),
    });
    const { calls } = setup({
      storage,
      search: "?resume=publish&resume_key=k-deny&oauth=refused&oauth_error=consent_refused",
      route: () => json(200, WITH_EMULATOR),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("You refused the permission");
    expect(tokenField().value).toBe("denyPost0001");
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
    // Nothing was sent: Deny means no publish.
    expect(calls.filter((u) => u.startsWith("/api/posts/"))).toEqual([]);
  });

  it("a successful publish takes the focus and links the post's page", async () => {
    setup({
      token: "gZ3kQx9aB1cD",
      route: (url) =>
        url === "/api/session" ? json(200, WITH_EMULATOR) : json(200, { ok: true, result: {} }),
    });
    await waitFor(() => expect(publishButton().disabled).toBe(false));
    await userEvent.click(publishButton());
    const done = await screen.findByText("Published to post gZ3kQx9aB1cD.");
    const status = done.closest<HTMLElement>("[role=status]");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(
      within(status ?? document.body)
        .getByRole("link", { name: "Open the post's page" })
        .getAttribute("href"),
    ).toBe("http://localhost:9001/posts/gZ3kQx9aB1cD");
  });

  it("a user add-on's result links the user's page on the emulator", async () => {
    setup({
      user: true,
      route: (url) =>
        url === "/api/session" ? json(200, WITH_EMULATOR) : json(200, { ok: true, result: { id: "ua-1" } }),
    });
    await userEvent.type(screen.getByLabelText("Phone"), "09120000001");
    await userEvent.click(publishButton());
    await screen.findByText(/Published to the user with phone 09120000001/);
    expect(
      screen.getByRole("link", { name: "Open the user's page on the emulator" }).getAttribute("href"),
    ).toBe("http://localhost:9001/users/09120000001");
  });

  it("a semantic save shows its outcome in the semantic section, under its own button", async () => {
    const storage = memoryStorage();
    const { env } = flowEnv(storage);
    const store = createEditorStore({});
    store.getState().setKind("user");
    store.getState().addWidget("title_row");
    store.getState().setDocumentField(["semantic"], { brand: "peugeot" });
    const fetch = fakeFetch(async (url) =>
      url === "/api/session" ? json(200, WITH_EMULATOR) : json(200, { ok: true, result: {} }),
    );
    render(
      <EditorStoreProvider store={store}>
        <PublishPanel client={createProxyClient({ fetch })} env={env} storage={storage} />
      </EditorStoreProvider>,
    );
    await userEvent.type(screen.getByLabelText("Phone"), "09120000001");
    await userEvent.click(screen.getByRole("button", { name: "Save the user's semantic" }));
    const section = screen.getByRole("region", { name: "User semantic" });
    expect(await within(section).findByText(/Saved the semantic/)).toBeTruthy();
    expect(
      within(section)
        .getByRole("link", { name: "Open the user's page on the emulator" })
        .getAttribute("href"),
    ).toBe("http://localhost:9001/users/09120000001");
  });
});
