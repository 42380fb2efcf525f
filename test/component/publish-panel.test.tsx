// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KeyValueStorage } from "../../src/editor/publish/oauth-resume";
import { createProxyClient, type FetchLike } from "../../src/editor/publish/proxy-client";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import type { FlowEnvironment } from "../../src/editor/publish/use-send-flow";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { studioError } from "../../src/platform/errors";

afterEach(cleanup);

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const SESSION = {
  signedIn: true,
  scopes: [],
  mode: "emulator",
  postPageUrl: "http://127.0.0.1:9000/posts/{post_token}",
};

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

function setup(opts: {
  route: Route;
  search?: string;
  storage?: ReturnType<typeof memoryStorage>;
  token?: string;
}) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return opts.route(url, init);
  };
  const storage = opts.storage ?? memoryStorage();
  const navigate = vi.fn();
  const replaceUrl = vi.fn();
  const env = (): FlowEnvironment => ({
    navigate,
    replaceUrl,
    location: { pathname: "/", search: opts.search ?? "", hash: "" },
    storage,
  });
  const store = createEditorStore({ postToken: opts.token ?? "gZx7yK3aB1" });
  store.getState().addWidget("title_row");
  render(
    <EditorStoreProvider store={store}>
      <PublishPanel client={createProxyClient({ fetch })} env={env} storage={storage} />
    </EditorStoreProvider>,
  );
  return { calls, navigate, replaceUrl, storage, store };
}

describe("publish panel", () => {
  it("publishes the export body to the post and records it in the history", async () => {
    const { calls, storage } = setup({
      route: (url) =>
        url === "/api/session"
          ? json(200, SESSION)
          : json(200, {
              ok: true,
              result: {},
              postPageUrl: "http://127.0.0.1:9000/posts/gZx7yK3aB1",
              attachedLater: true,
            }),
    });
    expect((screen.getByLabelText("Post token") as HTMLInputElement).value).toBe("gZx7yK3aB1");
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await screen.findByText("Published to post gZx7yK3aB1.");
    const sent = calls.find((c) => c.url.startsWith("/api/posts/"));
    expect(sent?.url).toBe("/api/posts/gZx7yK3aB1/addon?returnTo=%2F%3Fresume%3Dpublish");
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      widgets: [{ title_row: { text: "گزارش کارشناسی خودرو" } }],
    });
    expect(screen.getByRole("link", { name: "Open the post's page" }).getAttribute("href")).toBe(
      "http://127.0.0.1:9000/posts/gZx7yK3aB1",
    );
    const history = screen.getByRole("list", { name: "Publish history" });
    expect(history.textContent).toContain("post gZx7yK3aB1");
    expect(storage.map.get("addon-studio.publish-history")).toContain("gZx7yK3aB1");
  });

  it("goes to the consent page when a scope is missing, then resumes the same publish on return", async () => {
    const authorizeUrl = "/oauth/start?scope=POST_ADDON_CREATE.gZx7yK3aB1&returnTo=%2F%3Fresume%3Dpublish";
    const first = setup({
      route: (url) =>
        url === "/api/session"
          ? json(200, { ...SESSION, signedIn: false })
          : json(403, studioError("missing_scope", { scope: "POST_ADDON_CREATE.gZx7yK3aB1", authorizeUrl })),
    });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await waitFor(() => expect(first.navigate).toHaveBeenCalledWith(authorizeUrl));
    expect(screen.getByRole("status").textContent).toContain("POST_ADDON_CREATE.gZx7yK3aB1");
    cleanup();

    // Back from the consent page: the pending publish is sent again without a click.
    const second = setup({
      storage: first.storage,
      search: "?post_token=gZx7yK3aB1&resume=publish&oauth=granted",
      route: (url) => (url === "/api/session" ? json(200, SESSION) : json(200, { ok: true, result: {} })),
    });
    await screen.findByText("Published to post gZx7yK3aB1.");
    expect(second.calls.filter((c) => c.url.startsWith("/api/posts/"))).toHaveLength(1);
    expect(second.replaceUrl).toHaveBeenCalledWith("/?post_token=gZx7yK3aB1");
  });

  it("says the consent was refused when the user chose Deny", async () => {
    setup({
      search: "?resume=publish&oauth=refused&oauth_error=consent_refused",
      route: () => json(200, SESSION),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("You refused the permission");
  });

  it("shows a rate limit with its Retry-After and an upstream error with the platform's words", async () => {
    let answer = json(429, studioError("upstream_rate_limited", { retryAfter: 30, upstreamStatus: 429 }));
    setup({ route: (url) => (url === "/api/session" ? json(200, SESSION) : answer) });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Wait 30 seconds");
    expect(alert.textContent).toContain("You can try again in 30 s.");
    expect(alert.textContent).toContain("HTTP 429");

    answer = json(
      400,
      studioError("invalid_body", {
        problems: [
          { path: ["widgets", 0], at: "widgets[0]", message: "is wrong", severity: "error", code: "invalid" },
        ],
      }),
    );
    await userEvent.click(publish);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("widgets[0]"));
    expect(screen.getByRole("list", { name: "Problems" }).textContent).toContain("is wrong");
  });

  it("explains how to start a proxy when served as static files, and keeps working", async () => {
    setup({ route: () => new Response("<!doctype html><p>not found</p>", { status: 404 }) });
    const note = await screen.findByRole("note");
    expect(note.textContent).toContain("npm start");
    expect((screen.getByRole("button", { name: "Publish" }) as HTMLButtonElement).disabled).toBe(true);
    // The target stays editable.
    await userEvent.clear(screen.getByLabelText("Post token"));
    await userEvent.type(screen.getByLabelText("Post token"), "abc");
    expect(screen.getByText(/Post token must be a post token/)).toBeTruthy();
  });

  it("treats a network failure as no proxy", async () => {
    setup({
      route: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    expect((await screen.findByRole("note")).textContent).toContain("No proxy is running");
  });
});
