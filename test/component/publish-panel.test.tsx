// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { savePending } from "../../src/editor/proxy/oauth-resume";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { studioError } from "../../src/platform/errors";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, keyless, memoryStorage, returnedTo } from "../helpers/flow-env";

afterEach(cleanup);

/** Every scope the panel's operations need (the editor signs in first for a missing one). */
const HELD = ["USER_POSTS_ADDON_CREATE", "USER_ADDON_CREATE", "USER_VERIFICATION_CREATE", "USER_PHONE"];
const SESSION = {
  signedIn: true,
  scopes: HELD,
  mode: "emulator",
  postPageUrl: "http://127.0.0.1:9000/posts/{post_token}",
};

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

function setup(opts: {
  route: Route;
  search?: string;
  storage?: ReturnType<typeof memoryStorage>;
  token?: string;
  user?: boolean;
}) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fetch = fakeFetch(async (url, init) => {
    calls.push({ url, init });
    return opts.route(url, init);
  });
  const storage = opts.storage ?? memoryStorage();
  const { env, navigate, replaceUrl } = flowEnv(storage, { search: opts.search ?? "" });
  const store = createEditorStore({ postToken: opts.token ?? "gZx7yK3aB1" });
  if (opts.user) store.getState().setKind("user");
  store.getState().addWidget("title_row");
  render(
    <EditorStoreProvider store={store}>
      <PublishPanel client={createProxyClient({ fetch })} env={env} storage={storage} />
    </EditorStoreProvider>,
  );
  return { calls, navigate, replaceUrl, storage, store };
}

describe("publish panel", () => {
  it("says a publish whose connection broke may or may not have been delivered, and was not sent again", async () => {
    const { calls } = setup({
      route: (url) =>
        url === "/api/session"
          ? json(200, SESSION)
          : json(502, studioError("upstream_outcome_unknown", { detail: "read ECONNRESET" })),
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Publish/ }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("may or may not have been delivered");
    expect(alert.textContent).toContain("It was not sent again");
    expect(calls.filter((c) => c.url.includes("/addon"))).toHaveLength(1);
  });

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
    expect(keyless(sent?.url)).toBe("/api/posts/gZx7yK3aB1/addon?returnTo=%2F%3Fresume%3Dpublish");
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

  it("a success beside a document changed since says the platform shows what was sent then; undo takes that back", async () => {
    const { store } = setup({
      route: (url) => (url === "/api/session" ? json(200, SESSION) : json(200, { ok: true, result: {} })),
    });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await screen.findByText("Published to post gZx7yK3aB1.");
    const note = /You changed the add-on after this publish/;
    expect(screen.queryByText(note)).toBeNull();
    const id = store.getState().doc.widgets[0]?.id ?? "";
    act(() => store.getState().setWidgetField(id, ["title_row", "text"], "گزارش دوم"));
    expect(screen.getByText(note).textContent).toContain("Publish again to send your changes.");
    // The success itself stays: where it went and the page showing it.
    expect(screen.getByText("Published to post gZx7yK3aB1.")).toBeTruthy();
    act(() => store.getState().undo());
    expect(screen.queryByText(note)).toBeNull();
  });

  it("shows an outcome under the kind it was for only: switching to User hides the post's, switching back shows it", async () => {
    const { store } = setup({
      route: (url) =>
        url === "/api/session"
          ? json(200, SESSION)
          : json(200, { ok: true, result: {}, postPageUrl: "http://127.0.0.1:9000/posts/gZx7yK3aB1" }),
    });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await screen.findByText("Published to post gZx7yK3aB1.");
    act(() => store.getState().setKind("user"));
    expect(screen.queryByText("Published to post gZx7yK3aB1.")).toBeNull();
    expect(screen.queryByRole("link", { name: "Open the post's page" })).toBeNull();
    act(() => store.getState().setKind("post"));
    expect(screen.getByText("Published to post gZx7yK3aB1.")).toBeTruthy();
  });

  it("goes to the consent page when the proxy says a scope is missing, then resumes the same publish on return", async () => {
    const authorizeUrl = "/oauth/start?scope=POST_ADDON_CREATE.gZx7yK3aB1&returnTo=%2F%3Fresume%3Dpublish";
    const first = setup({
      // The session read said the scope is held (another tab has signed in again since): the 403 decides.
      route: (url) =>
        url === "/api/session"
          ? json(200, { ...SESSION, scopes: ["USER_PHONE", "POST_ADDON_CREATE.gZx7yK3aB1"] })
          : json(403, studioError("missing_scope", { scope: "POST_ADDON_CREATE.gZx7yK3aB1", authorizeUrl })),
    });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await waitFor(() => expect(keyless(first.navigate.mock.lastCall?.[0])).toBe(authorizeUrl));
    expect(screen.getByRole("status").textContent).toContain("POST_ADDON_CREATE.gZx7yK3aB1");
    cleanup();

    // Back from the consent page: the pending publish is sent again without a click.
    const second = setup({
      storage: first.storage,
      search: returnedTo("?post_token=gZx7yK3aB1&resume=publish&oauth=granted", first.storage),
      route: (url) => (url === "/api/session" ? json(200, SESSION) : json(200, { ok: true, result: {} })),
    });
    await screen.findByText("Published to post gZx7yK3aB1.");
    expect(second.calls.filter((c) => c.url.startsWith("/api/posts/"))).toHaveLength(1);
    expect(second.replaceUrl).toHaveBeenCalledWith("/?post_token=gZx7yK3aB1");
  });

  it("back from the consent page, a publish refused again stops on the error instead of leaving again", async () => {
    const authorizeUrl = "/oauth/start?scope=POST_ADDON_CREATE.gZx7yK3aB1&returnTo=%2F%3Fresume%3Dpublish";
    const storage = memoryStorage();
    savePending(storage, {
      action: "publish",
      key: "k-refused-again",
      target: { postToken: "gZx7yK3aB1" },
      body: { widgets: [{ title_row: { text: "x" } }] },
      at: Date.now(),
    });
    const back = setup({
      storage,
      search: "?post_token=gZx7yK3aB1&resume=publish&resume_key=k-refused-again&oauth=granted",
      route: (url) =>
        url === "/api/session"
          ? json(200, SESSION)
          : json(401, studioError("upstream_unauthorized", { detail: "token rejected", authorizeUrl })),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The platform did not accept your authorization (401)");
    expect(back.calls.filter((c) => c.url.startsWith("/api/posts/"))).toHaveLength(1);
    expect(back.navigate).not.toHaveBeenCalled();
    // The user decides: one more consent page, and the publish resumes after it.
    await userEvent.click(screen.getByRole("button", { name: "Authorize again and retry" }));
    expect(back.navigate).toHaveBeenCalledTimes(1);
    expect(back.calls.filter((c) => c.url.startsWith("/api/posts/"))).toHaveLength(1);
  });

  it("resumes a publish only on the return its own attempt gave the proxy, not on an address any site can open", async () => {
    const storage = memoryStorage();
    savePending(storage, {
      action: "publish",
      key: "k-own",
      target: { postToken: "gZx7yK3aB1" },
      body: { widgets: [{ title_row: { text: "x" } }] },
      at: Date.now(),
    });
    const published = (calls: Array<{ url: string }>) => calls.filter((c) => c.url.startsWith("/api/posts/"));
    const ok: Route = (url) =>
      url === "/api/session" ? json(200, SESSION) : json(200, { ok: true, result: {} });
    // A link to the studio with the outcome words but no key, or another tab's key: nothing is sent,
    // and the pending publish waits for its own return.
    for (const search of [
      "?resume=publish&oauth=granted",
      "?resume=publish&resume_key=k-other&oauth=granted",
    ]) {
      const forged = setup({ storage, search, route: ok });
      await waitFor(() => expect(forged.replaceUrl).toHaveBeenCalledWith("/"));
      expect(published(forged.calls)).toEqual([]);
      expect(storage.map.get("addon-studio.pending-oauth")).toContain("k-own");
      cleanup();
    }
    const own = setup({ storage, search: "?resume=publish&resume_key=k-own&oauth=granted", route: ok });
    await screen.findByText("Published to post gZx7yK3aB1.");
    expect(published(own.calls)).toHaveLength(1);
    expect(storage.map.get("addon-studio.pending-oauth")).toBeUndefined();
  });

  it("two tabs that left for the consent page at once each send their own publish on their own return", async () => {
    const storage = memoryStorage();
    const body = (text: string) => ({ widgets: [{ title_row: { text } }] });
    for (const [key, postToken, text] of [
      ["k-tab-a", "gZx7yK3aB1", "from tab A"],
      ["k-tab-b", "wX9yZ8aB7c", "from tab B"],
    ] as const)
      savePending(storage, {
        action: "publish",
        key,
        target: { postToken },
        body: body(text),
        at: Date.now(),
      });
    const sent: Array<{ url: string; body: unknown }> = [];
    const ok: Route = (url, init) => {
      if (url === "/api/session") return json(200, SESSION);
      sent.push({ url: url.split("?")[0] ?? url, body: JSON.parse(String(init?.body)) });
      return json(200, { ok: true, result: {} });
    };
    // Tab A comes back first: its body, to its post; tab B's publish still waits.
    setup({ storage, search: "?resume=publish&resume_key=k-tab-a&oauth=granted", route: ok });
    await screen.findByText("Published to post gZx7yK3aB1.");
    expect(sent).toEqual([{ url: "/api/posts/gZx7yK3aB1/addon", body: body("from tab A") }]);
    expect(storage.map.get("addon-studio.pending-oauth")).toContain("k-tab-b");
    cleanup();
    setup({ storage, search: "?resume=publish&resume_key=k-tab-b&oauth=granted", route: ok });
    await screen.findByText("Published to post wX9yZ8aB7c.");
    expect(sent.slice(1)).toEqual([{ url: "/api/posts/wX9yZ8aB7c/addon", body: body("from tab B") }]);
    expect(storage.map.get("addon-studio.pending-oauth")).toBeUndefined();
  });

  it("says so when its own return finds the publish no longer kept (over 30 minutes), and sends nothing", async () => {
    const storage = memoryStorage();
    savePending(storage, {
      action: "publish",
      key: "k-old",
      target: { postToken: "gZx7yK3aB1" },
      body: { widgets: [{ title_row: { text: "x" } }] },
      at: Date.now() - 31 * 60 * 1000,
    });
    const { calls } = setup({
      storage,
      search: "?resume=publish&resume_key=k-old&oauth=granted",
      route: (url) => (url === "/api/session" ? json(200, SESSION) : json(200, { ok: true, result: {} })),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("the publish that waited for it is no longer kept in this browser");
    expect(alert.textContent).toContain("nothing was sent");
    expect(calls.filter((c) => c.url.startsWith("/api/posts/"))).toEqual([]);
  });

  it("says the consent was refused when the user chose Deny", async () => {
    setup({
      search: "?resume=publish&oauth=refused&oauth_error=consent_refused",
      route: () => json(200, SESSION),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("You refused the permission");
  });

  it("says which scope the platform did not have when its consent page refused the sign-in, in its words", async () => {
    const { calls } = setup({
      search: `?resume=publish&oauth=failed&oauth_error=sign_in_failed&oauth_reason=invalid_scope&oauth_detail=${encodeURIComponent("Not a scope the platform has: USER_PHONES.")}`,
      route: () => json(200, SESSION),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "the platform refused the scopes asked for (invalid_scope): one of them is not a scope it has",
    );
    expect(alert.textContent).toContain('(the platform says: "Not a scope the platform has: USER_PHONES.")');
    expect(alert.textContent).not.toContain("You refused");
    expect(calls.filter((c) => c.url.startsWith("/api/posts/"))).toEqual([]);
  });

  it("names a consent page's error it has no words for by its code, never by a property of its own", async () => {
    setup({
      search: "?resume=publish&oauth=failed&oauth_error=sign_in_failed&oauth_reason=constructor",
      route: () => json(200, SESSION),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("the platform's consent page answered with the error constructor");
  });

  it("shows a rate limit with its Retry-After and an upstream error with the platform's words", async () => {
    let answer = json(429, studioError("upstream_rate_limited", { retryAfter: 2, upstreamStatus: 429 }));
    const { calls } = setup({ route: (url) => (url === "/api/session" ? json(200, SESSION) : answer) });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Wait 2 seconds");
    expect(alert.textContent).toMatch(/You can try again in [12] s\./);
    expect(alert.textContent).toContain("HTTP 429");
    // Read out once: the ticking count is for the eye (its change each second would repeat the alert),
    // and the region around the alert stays quiet so the failure is not read twice.
    expect(screen.getByText(/^You can try again in [12] s\.$/).getAttribute("aria-hidden")).toBe("true");
    expect(alert.parentElement?.getAttribute("aria-live")).toBe("off");
    // Until the wait is over, Publish (and the post's removal) would only be refused again: held.
    const sent = () => calls.filter((c) => c.url.startsWith("/api/posts/")).length;
    expect(sent()).toBe(1);
    expect((publish as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole("button", { name: "Remove this post's add-ons" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("You can try again now."), {
      timeout: 3500,
    });
    expect((publish as HTMLButtonElement).disabled).toBe(false);

    answer = json(
      400,
      studioError("invalid_body", {
        problems: [
          { path: ["widgets", 0], at: "widgets[0]", message: "is wrong", severity: "error", code: "custom" },
        ],
      }),
    );
    await userEvent.click(publish);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("widgets[0]"));
    expect(screen.getByRole("list", { name: "Problems" }).textContent).toContain("is wrong");
  });

  it("says why its buttons are held when the wait's outcome is on the other kind's form", async () => {
    const { store } = setup({
      route: (url) =>
        url === "/api/session"
          ? json(200, SESSION)
          : json(429, studioError("upstream_rate_limited", { retryAfter: 600, upstreamStatus: 429 })),
    });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await screen.findByRole("alert");
    // Beside the outcome (which counts down for the eye) the held button says why to a screen reader.
    const held = /^The last send was told to wait: sending is held for (10|9) min more\.$/;
    expect(screen.getByText(held).className).toBe("visually-hidden");
    expect(screen.getByRole("button", { name: "Publish", description: held })).toBeTruthy();
    // Removing the post's add-ons is held by the same wait, and says so too.
    const remove = screen.getByRole("button", { name: "Remove this post's add-ons", description: held });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    act(() => store.getState().setKind("user"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText(held).className).toBe("publish-blocked");
    expect((screen.getByRole("button", { name: "Publish" }) as HTMLButtonElement).disabled).toBe(true);
    // Back on the post's form the outcome is shown again, but does not take focus (or the alert be read) again.
    act(() => store.getState().setKind("post"));
    expect(screen.getByRole("alert").textContent).toContain("Wait 10 minutes");
    expect(document.activeElement?.closest(".send-outcome")).toBeNull();
  });

  it("keeps a wait over a reload: Publish stays held, with what is left of it", async () => {
    const route: Route = (url) =>
      url === "/api/session"
        ? json(200, SESSION)
        : json(429, studioError("upstream_rate_limited", { retryAfter: 600, upstreamStatus: 429 }));
    const first = setup({ route });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await screen.findByRole("alert");
    cleanup();
    // The page again, on the same storage: nothing sent, the wait said again, Publish held.
    const again = setup({ route, storage: first.storage });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/You can try again in (10|9) min\./);
    expect(alert.textContent).toContain("upstream rate limited (HTTP 429)");
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Publish" }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(again.calls.filter((c) => c.url.includes("/addon"))).toHaveLength(0);
  });

  it("forgets a wait that has ended, and one a later outcome replaced", async () => {
    let answer = json(429, studioError("upstream_rate_limited", { retryAfter: 1, upstreamStatus: 429 }));
    const first = setup({ route: (url) => (url === "/api/session" ? json(200, SESSION) : answer) });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await screen.findByRole("alert");
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false), { timeout: 3500 });
    answer = json(200, { ok: true, result: {} });
    await userEvent.click(publish);
    await screen.findByText(/Published/);
    cleanup();
    setup({ route: (url) => (url === "/api/session" ? json(200, SESSION) : answer), storage: first.storage });
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Publish" }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("warns after a server error that publishing again may deliver it a second time", async () => {
    const answer = json(
      502,
      studioError("upstream_server_error", { detail: "HTTP 504", upstreamStatus: 504 }),
    );
    setup({ route: (url) => (url === "/api/session" ? json(200, SESSION) : answer) });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("does not say that nothing was applied");
    expect(alert.textContent).toContain("Pressing the button again may deliver it a second time");
  });

  it("a server error on reading the user's phone numbers does not warn of a second delivery", async () => {
    setup({
      user: true,
      route: (url) =>
        url === "/api/session"
          ? json(200, SESSION)
          : json(502, studioError("upstream_server_error", { detail: "HTTP 500", upstreamStatus: 500 })),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Use my phone numbers" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("server error (HTTP 500)");
    expect(alert.textContent).not.toContain("deliver it a second time");
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

  it('after the proxy answered, a publish it did not answer may have been delivered: never "no proxy"', async () => {
    let answer: () => Response = () => {
      throw new TypeError("Failed to fetch");
    };
    const { calls } = setup({ route: (url) => (url === "/api/session" ? json(200, SESSION) : answer()) });
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    // The connection to the studio broke (it stopped, or the network did) after the request left.
    await userEvent.click(publish);
    let alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "The studio did not answer: the connection to it failed or broke (Failed to fetch)",
    );
    expect(alert.textContent).toContain("it may have been delivered; it was not sent again");
    expect(alert.textContent).not.toContain("No proxy is running");
    // A gateway in front of the studio answered with its own page.
    answer = () => new Response("<html>502 Bad Gateway</html>", { status: 502 });
    await userEvent.click(publish);
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("answered HTTP 502 with a page"),
    );
    expect(screen.getByRole("alert").textContent).toContain("may or may not have reached the platform");
    // Its body limit refused it: nothing went on, and what to change is named.
    answer = () => new Response("<html>413 Request Entity Too Large</html>", { status: 413 });
    await userEvent.click(publish);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("HTTP 413"));
    alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("nothing was sent to the platform");
    expect(alert.textContent).toContain("client_max_body_size");
    // A 200 page is no delivery (a gateway's sign-in page a redirect ended on): it may or may not have gone on.
    answer = () =>
      new Response("<html>Sign in</html>", { status: 200, headers: { "content-type": "text/html" } });
    await userEvent.click(publish);
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("answered HTTP 200 with a page"),
    );
    // The proxy's own 2xx, cut off, is a delivery: "do not send it again before checking".
    answer = () => new Response('{"ok":tr', { status: 200, headers: { "content-type": "application/json" } });
    await userEvent.click(publish);
    expect(await screen.findByText(/its answer could not be read\. Do not send it again/)).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith("/api/posts/"))).toHaveLength(5);
    // This browser's history: each may-have-been-delivered send is "outcome unknown", the refused one failed.
    const history = screen.getByRole("list", { name: /history/i });
    const said = within(history)
      .getAllByRole("listitem")
      .map((li) => /^[^·]*· [^·]*· (outcome unknown|failed|published)/.exec(li.textContent ?? "")?.[1]);
    expect(said).toEqual(["published", "outcome unknown", "failed", "outcome unknown", "outcome unknown"]);
  });

  it("removes a post's add-ons only after the user confirms", async () => {
    const { calls } = setup({
      route: (url) => (url === "/api/session" ? json(200, SESSION) : json(200, { ok: true, result: {} })),
    });
    const remove = await screen.findByRole("button", { name: "Remove this post's add-ons" });
    await waitFor(() => expect((remove as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(remove);
    expect(calls.some((c) => c.init?.method === "DELETE")).toBe(false);
    expect(screen.getByRole("group").textContent).toContain("post gZx7yK3aB1");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.init?.method === "DELETE")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Remove this post's add-ons" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove them" }));
    await screen.findByText("Removed this app's add-ons from post gZx7yK3aB1.");
    const del = calls.find((c) => c.init?.method === "DELETE");
    expect(keyless(del?.url)).toBe("/api/posts/gZx7yK3aB1/addon?returnTo=%2F%3Fresume%3Dpublish");
    expect(screen.getByRole("list", { name: "Publish history" }).textContent).toContain("add-ons removed");
  });

  // A phone typed on a Persian keyboard (۰۹۱۲…) went to the platform as typed, which reads 0-9 only.
  it("a phone typed with Persian digits is published to with the digits 0-9", async () => {
    const { calls } = setup({
      user: true,
      route: (url) => {
        if (url === "/api/session") return json(200, SESSION);
        return json(200, { ok: true, result: { id: "ua-7" }, warnings: [] });
      },
    });
    await userEvent.type(await screen.findByLabelText("Phone"), "۰۹۱۲۰۰۰۰۰۰۱");
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    await screen.findByText(/Published to the user with phone 09120000001/);
    const sent = calls.find((c) => c.url.startsWith("/api/users/"));
    expect(keyless(sent?.url)).toBe("/api/users/phone/09120000001/addon?returnTo=%2F%3Fresume%3Dpublish");
  });

  it("picks a phone from the user's own numbers, publishes a user add-on there and removes it by its id", async () => {
    const { calls } = setup({
      user: true,
      route: (url, init) => {
        if (url === "/api/session") return json(200, SESSION);
        if (url.startsWith("/api/phones"))
          return json(200, { phone_numbers: ["09120000001", "09350000002"] });
        if (init?.method === "DELETE") return json(200, { ok: true, result: {} });
        return json(200, { ok: true, result: { id: "ua-42" }, warnings: [] });
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Use my phone numbers" }));
    const mine = await screen.findByLabelText("My phone numbers");
    // The outcome points at the list where it is: above it, not "below".
    const said = await screen.findByText(/Your phone numbers are in the list “My phone numbers” above/);
    expect(mine.compareDocumentPosition(said) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.selectOptions(mine, "09350000002");
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("09350000002");

    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    await screen.findByText("Published to the user with phone 09350000002 (add-on id ua-42).");
    const sent = calls.find((c) => c.url.startsWith("/api/users/"));
    expect(keyless(sent?.url)).toBe("/api/users/phone/09350000002/addon?returnTo=%2F%3Fresume%3Dpublish");
    expect(sent?.init?.headers).toMatchObject({ "content-type": "application/json" });

    await userEvent.click(screen.getByRole("button", { name: "Remove this user add-on" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove it" }));
    await screen.findByText("Removed user add-on ua-42.");
    expect(keyless(calls.find((c) => c.init?.method === "DELETE")?.url)).toBe(
      "/api/user-addons/ua-42?returnTo=%2F%3Fresume%3Dpublish",
    );
  });

  it("does not publish while the cost field shows text that is not a number (the body has an older cost)", async () => {
    const { calls, store } = setup({
      user: true,
      route: (url) =>
        url === "/api/session" ? json(200, SESSION) : json(200, { ok: true, result: { id: "ua-1" } }),
    });
    act(() => {
      store.getState().setDocumentField(["cost"], 100);
      store.getState().setDocumentField(["semantic"], { brand: "peugeot" });
      store.getState().setCostText("abc");
    });
    await userEvent.type(screen.getByLabelText("Phone"), "09120000001");
    const publish = screen.getByRole("button", { name: "Publish" }) as HTMLButtonElement;
    expect(screen.getByText(/The add-on has 1 error: fix it in the problems panel/)).toBeTruthy();
    expect(publish.disabled).toBe(true);
    // The semantic carries the cost too: it waits as well, and says why.
    const save = screen.getByRole("button", { name: "Save the user's semantic" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByRole("region", { name: "User semantic" }).textContent).toContain(
      '"abc" is not a number yet',
    );
    act(() => store.getState().setCostText(null));
    await waitFor(() => expect(publish.disabled).toBe(false));
    expect(save.disabled).toBe(false);
    expect(calls.some((c) => c.url.startsWith("/api/users/"))).toBe(false);
  });

  it("by divar_user_id, saves the user semantic with the phone in the body and deletes it with the phone in the query (live route)", async () => {
    const { calls, store } = setup({
      user: true,
      route: (url) =>
        url === "/api/session" ? json(200, SESSION) : json(200, { ok: true, result: {}, warnings: [] }),
    });
    await userEvent.selectOptions(screen.getByLabelText("Identify the user by"), "divarUserId");
    await userEvent.type(screen.getByLabelText("Divar user id"), "u-7");
    const save = screen.getByRole("button", { name: "Save the user's semantic" }) as HTMLButtonElement;
    // No semantic keys yet: nothing to save, and the panel says where to add them.
    expect(save.disabled).toBe(true);
    expect(screen.getByRole("region", { name: "User semantic" }).textContent).toContain("Add-on settings");

    store.getState().setDocumentField(["semantic"], { brand: "peugeot" });
    // The live route by divar_user_id requires the phone in the body: saving waits for it.
    const problems = await screen.findByRole("list", { name: "Semantic problems" });
    expect(within(problems).getByText("phone").parentElement?.textContent).toMatch(/phone: is required/);
    expect(save.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("User's phone"), "09120000007");
    await waitFor(() => expect(save.disabled).toBe(false));
    await userEvent.click(save);
    await screen.findByText("Saved the semantic of the user u-7.");
    const posted = calls.find((c) => c.url.startsWith("/api/users/id/u-7/semantic"));
    expect(JSON.parse(String(posted?.init?.body))).toEqual({
      semantic: { brand: "peugeot" },
      phone: "09120000007",
    });

    await userEvent.click(screen.getByRole("button", { name: "Delete the user's semantic" }));
    await userEvent.click(screen.getByRole("button", { name: "Delete it" }));
    await screen.findByText("Deleted the semantic of the user u-7.");
    expect(keyless(calls.find((c) => c.init?.method === "DELETE")?.url)).toBe(
      "/api/users/id/u-7/semantic?returnTo=%2F%3Fresume%3Dpublish&phone=09120000007",
    );
  });

  it("after a platform 401 offers to authorize again (with offline access when chosen) and keeps the publish to resume", async () => {
    const { navigate, storage } = setup({
      route: (url) =>
        url === "/api/session"
          ? json(200, { ...SESSION, scopes: ["USER_PHONE", "POST_ADDON_CREATE.gZx7yK3aB1"] })
          : json(401, studioError("upstream_unauthorized", { upstreamStatus: 401 })),
    });
    await userEvent.click(await screen.findByLabelText("Stay signed in (offline access)"));
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    await screen.findByRole("alert");
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Authorize again and retry" }));
    const url = String(navigate.mock.calls[0]?.[0]);
    expect(url.startsWith("/oauth/start?")).toBe(true);
    const q = new URLSearchParams(url.split("?")[1]);
    expect(q.get("scope")?.split(" ")).toEqual(["USER_PHONE", "POST_ADDON_CREATE.gZx7yK3aB1"]);
    expect(q.get("offline")).toBe("1");
    const pending = storage.map.get("addon-studio.pending-oauth") ?? "";
    expect(pending).toContain("gZx7yK3aB1");
    // The return address names the action and the key it is stored under: only that return resumes it.
    const back = new URL(q.get("returnTo") ?? "", "http://localhost").searchParams;
    expect(back.get("resume")).toBe("publish");
    expect(back.get("resume_key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(pending).toContain(`"key":"${back.get("resume_key")}"`);
  });

  it("links back to the platform's completion address after publishing", async () => {
    setup({
      route: (url) =>
        url === "/api/session"
          ? json(200, { ...SESSION, completionUrl: "http://127.0.0.1:9000/done" })
          : json(200, { ok: true, result: {} }),
    });
    expect(screen.queryByRole("link", { name: "Back to the platform" })).toBeNull();
    const publish = screen.getByRole("button", { name: "Publish" });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(publish);
    const back = await screen.findByRole("link", { name: "Back to the platform" });
    expect(back.getAttribute("href")).toBe("http://127.0.0.1:9000/done");
  });
});

describe("publish history", () => {
  function renderWith(session: Record<string, unknown>) {
    const asked: string[] = [];
    const fetch = fakeFetch(async (url) => (url === "/api/session" ? json(200, session) : json(500, {})));
    const storage = memoryStorage();
    const { env } = flowEnv(storage, { search: "" });
    const store = createEditorStore({ postToken: "gZx7yK3aB1" });
    render(
      <EditorStoreProvider store={store}>
        <PublishPanel
          client={createProxyClient({ fetch })}
          env={env}
          storage={storage}
          fetchJson={async (url) => {
            asked.push(url);
            return { status: 200, json: { records: [], nextBefore: null } };
          }}
        />
      </EditorStoreProvider>,
    );
    return asked;
  }

  it("a studio that keeps none is never asked for it (no 404 in the console): this browser's own is shown", async () => {
    const asked = renderWith({ ...SESSION, history: false });
    // Signed in (the session is read): the history shown is this browser's.
    await screen.findByRole("button", { name: "Sign out" });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByText("Nothing published from this browser yet.")).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it("a studio that keeps one is asked for it once signed in", async () => {
    const asked = renderWith({ ...SESSION, history: true });
    await waitFor(() => expect(asked).toEqual(["/api/history"]));
  });
});
