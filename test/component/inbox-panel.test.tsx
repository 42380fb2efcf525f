// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { EventSourceLike } from "../../src/editor/inbox/inbox-panel";
import { InboxPanel } from "../../src/editor/inbox/inbox-panel";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { Announcer } from "../../src/editor/ui/announcer";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, keyless, memoryStorage } from "../helpers/flow-env";

afterEach(cleanup);

class FakeEventSource implements EventSourceLike {
  listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    const e = new MessageEvent<string>(type, {
      data: typeof data === "string" ? data : JSON.stringify(data),
    });
    act(() => {
      for (const l of this.listeners.get(type) ?? []) l(e);
    });
  }
}

const SENT_AT_US = Date.UTC(2026, 0, 2, 10, 30) * 1000;

function message(id: number, text: string, conversation: string) {
  return {
    id,
    receivedAt: "2026-01-02T10:30:05.000Z",
    kind: "event",
    event: {
      type: "NEW_MESSAGE",
      new_message: {
        id: `m${id}`,
        conversation: { id: conversation, type: "POST", post_token: "gZx7yK3aB1" },
        sender: { side: "BUYER", type: "HUMAN" },
        type: "TEXT",
        sent_at: SENT_AT_US,
        text,
      },
    },
  };
}

function setup(
  route: (url: string, init?: RequestInit) => Response,
  fetchJson?: (url: string) => Promise<{ status: number; json: unknown }>,
  search = "",
) {
  const streams: FakeEventSource[] = [];
  const calls: Array<{ url: string; body: unknown; method: string }> = [];
  const fetch = fakeFetch(async (url, init) => {
    calls.push({
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      method: init?.method ?? "GET",
    });
    return route(url, init);
  });
  const storage = memoryStorage();
  const { env, navigate, replaceUrl } = flowEnv(storage, { search });
  render(
    <InboxPanel
      client={createProxyClient({ fetch })}
      env={env}
      storage={storage}
      {...(fetchJson ? { fetchJson } : {})}
      openStream={(url) => {
        const s = new FakeEventSource(url);
        streams.push(s);
        return s;
      }}
    />,
  );
  return { streams, calls, navigate, replaceUrl };
}

const signedIn = (url: string) =>
  url === "/api/session" ? json(200, { signedIn: true, scopes: [] }) : json(200, { subscriptions: [] });

describe("inbox panel", () => {
  it("says why signing in from the Inbox did not work when the consent page sends the user back", async () => {
    const signedOut = (url: string) =>
      url === "/api/session" ? json(200, { signedIn: false, scopes: [] }) : json(200, { subscriptions: [] });
    const { replaceUrl } = setup(
      signedOut,
      undefined,
      "?resume=inbox&oauth=refused&oauth_error=consent_refused",
    );
    expect((await screen.findByRole("alert")).textContent).toContain("You refused the permission");
    expect(replaceUrl).toHaveBeenCalledWith("/");
    // The link comes back here, so the next return is read here too.
    const link = screen.getByRole("link", { name: "authorize the app" });
    expect(new URL(link.getAttribute("href") ?? "", "http://s").searchParams.get("returnTo")).toBe(
      "/?resume=inbox",
    );
    cleanup();

    setup(
      signedOut,
      undefined,
      "?resume=inbox&oauth=failed&oauth_error=sign_in_failed&oauth_reason=invalid_scope&oauth_detail=Not%20a%20scope",
    );
    const failed = (await screen.findByRole("alert")).textContent;
    expect(failed).toContain("(invalid_scope)");
    expect(failed).toContain('the platform says: "Not a scope"');
  });

  it("says what this browser sees: the app's deliveries since sign-in and its subscriptions' (issue 13.17)", async () => {
    const { streams } = setup(signedIn);
    await waitFor(() => expect(streams).toHaveLength(1));
    const region = screen.getByRole("heading", { name: "Events" }).parentElement;
    expect(region?.textContent).toContain("delivered to this app since you signed in");
    expect(region?.textContent).toContain("earlier deliveries that match your subscriptions");
  });

  // The proxy ends a session's oldest stream when a newer one opens past its cap; the tab said
  // "Connection lost" as if the network had failed.
  it("says the inbox is paused, not lost, when the proxy ended its stream for a newer tab's", async () => {
    const { streams } = setup(signedIn);
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    stream.emit("ready", {});
    stream.emit("evicted", {});
    act(() => stream.onerror?.(new Event("error")));
    expect(
      screen.getByText(/Paused: the inbox is open in more tabs than this studio keeps live/),
    ).toBeTruthy();
    expect(screen.queryByText(/Connection lost/)).toBeNull();
    // Back (EventSource reconnected by itself): live again, and a later failure reads as lost.
    stream.emit("ready", {});
    expect(screen.getByText(/Live: new events appear/)).toBeTruthy();
    act(() => stream.onerror?.(new Event("error")));
    expect(screen.getByText(/Connection lost: reconnecting/)).toBeTruthy();
  });

  it("shows streamed events readably and filters them by type and text", async () => {
    const { streams } = setup(signedIn);
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    expect(stream.url).toBe("/api/inbox/stream");
    stream.emit("ready", {});
    expect(screen.getByText(/Live: new events appear/)).toBeTruthy();
    stream.emit("inbox", message(1, "سلام، هنوز موجود است؟", "conv-1"));
    stream.emit("inbox", message(2, "قیمت نهایی؟", "conv-2"));
    stream.emit("inbox", {
      id: 3,
      receivedAt: "2026-01-02T11:00:00.000Z",
      kind: "event",
      event: { type: "POST_UPDATE", post_update: { type: "PUBLISH", post: { token: "hY8zL4bC2d" } } },
    });
    // Malformed data never reaches the table.
    stream.emit("inbox", { id: 4, kind: "event", event: { type: "NEW_MESSAGE" } });
    stream.emit("inbox", "not json");

    const table = screen.getByRole("table", { name: "Received events" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const first = rows.find((r) => r.textContent?.includes("conv-1"));
    expect(first?.textContent).toContain("NEW_MESSAGE");
    // The message's text is the second column, shown whole in a narrow panel before the ids.
    expect(within(table).getAllByRole("columnheader")[1]?.textContent).toBe("Text");
    expect(first?.querySelectorAll("td")[1]?.textContent).toBe("سلام، هنوز موجود است؟");
    expect(first?.textContent).toContain("buyer (human)");
    expect(first?.textContent).toContain("سلام، هنوز موجود است؟");
    expect(first?.querySelector("time")?.getAttribute("datetime")).toBe("2026-01-02T10:30:00.000Z");

    await userEvent.selectOptions(screen.getByLabelText("Filter by type"), "POST_UPDATE");
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining("hY8zL4bC2d")]);
    await userEvent.selectOptions(screen.getByLabelText("Filter by type"), "");
    await userEvent.type(screen.getByLabelText("Filter text"), "قیمت");
    const filtered = within(table).getAllByRole("row").slice(1);
    expect(filtered).toHaveLength(1);
    expect(filtered[0]?.textContent).toContain("conv-2");
    expect(screen.getByText("Showing 1 of 3")).toBeTruthy();
  });

  it("pages back through stored events with Load older, filtered by type and post token on the proxy", async () => {
    const asked: string[] = [];
    const pages: Record<string, unknown> = {
      "limit=50&before=5": {
        entries: [message(3, "third", "conv-3"), message(4, "fourth", "conv-4")],
        nextBefore: 3,
      },
      "limit=50&before=3": { entries: [message(1, "first", "conv-1")], nextBefore: null },
    };
    const { streams } = setup(signedIn, async (url) => {
      asked.push(url);
      const q = url.split("?")[1] ?? "";
      return { status: 200, json: pages[q] ?? { entries: [], nextBefore: null } };
    });
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    stream.emit("ready", {});
    stream.emit("inbox", message(5, "fifth", "conv-5"));
    const table = screen.getByRole("table", { name: "Received events" });
    await userEvent.click(screen.getByRole("button", { name: "Load older" }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(4));
    await userEvent.click(screen.getByRole("button", { name: "Load older" }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(5));
    // Newest first: the live event, then each older page below.
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => /conv-\d/.exec(r.textContent ?? "")?.[0]),
    ).toEqual(["conv-5", "conv-4", "conv-3", "conv-1"]);
    expect((screen.getByRole("button", { name: "No older events" }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // A filter starts paging again, asking the proxy for that type and post token only.
    await userEvent.selectOptions(screen.getByLabelText("Filter by type"), "NEW_MESSAGE");
    await userEvent.type(screen.getByLabelText("Post token"), "gZx7yK3aB1");
    await userEvent.click(screen.getByRole("button", { name: "Load older" }));
    await waitFor(() =>
      expect(asked.at(-1)).toBe("/api/inbox?limit=50&before=1&type=NEW_MESSAGE&resource=gZx7yK3aB1"),
    );
  });

  it("shows a subscription the proxy could not re-create as a failure row with its reason", async () => {
    const { streams } = setup(signedIn);
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    stream.emit("inbox", {
      id: 7,
      receivedAt: "2026-01-02T11:00:00.000Z",
      kind: "subscription_failed",
      subscription: { event_type: "NEW_MESSAGE_ON_POST", event_resource_id: "gZx7yK3aB1" },
      error: { code: "upstream_timeout", message: "The platform did not answer within 10 seconds." },
    });
    const table = screen.getByRole("table", { name: "Received events" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain("SUBSCRIPTION_FAILED");
    expect(rows[0]?.textContent).toContain("NEW_MESSAGE_ON_POST for gZx7yK3aB1 could not be re-created");
    expect(rows[0]?.textContent).toContain("did not answer within 10 seconds");
    await userEvent.selectOptions(screen.getByLabelText("Filter by type"), "SUBSCRIPTION_FAILED");
    expect(within(table).getAllByRole("row").slice(1)).toHaveLength(1);
  });

  it("shows a delivery the studio could not read with why, filed under the type it names", async () => {
    const { streams } = setup(signedIn);
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    stream.emit("inbox", {
      id: 8,
      receivedAt: "2026-01-02T12:00:00.000Z",
      kind: "unread_event",
      body: { type: "NEW_REACTION", new_reaction: { emoji: "👍" } },
      problems: ['type: "NEW_REACTION" is not a delivered event type'],
    });
    stream.emit("inbox", message(9, "سلام", "conv-9"));
    const table = screen.getByRole("table", { name: "Received events" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const unread = rows.find((r) => r.textContent?.includes("NEW_REACTION"));
    expect(unread?.textContent).toContain("The studio could not read this delivery (kept as it came");
    expect(unread?.textContent).toContain("is not a delivered event type");
    // Its JSON is shown as received.
    expect(unread?.textContent).toContain('"emoji": "👍"');
    // A type newer than the studio's list is offered in the filter.
    await userEvent.selectOptions(screen.getByLabelText("Filter by type"), "NEW_REACTION");
    expect(within(table).getAllByRole("row").slice(1)).toHaveLength(1);
  });

  it("creates a subscription with metadata and lists what the proxy holds", async () => {
    const held = {
      event_type: "NEW_MESSAGE_ON_POST",
      event_resource_id: "gZx7yK3aB1",
      metadata: { source: "studio" },
      createdAt: "2026-01-02T10:00:00.000Z",
      renewedAt: "2026-01-02T10:00:00.000Z",
      lastError: null,
    };
    const { calls } = setup((url) => {
      if (url === "/api/session")
        return json(200, { signedIn: true, scopes: ["CHAT_POST_CONVERSATIONS_READ.gZx7yK3aB1"] });
      if (url.startsWith("/api/subscriptions?")) return json(200, { ok: true, subscriptions: [held] });
      return json(200, { subscriptions: [] });
    });
    await screen.findByText("No subscriptions yet.");
    await userEvent.type(screen.getByLabelText("Resource id"), "gZx7yK3aB1");
    await userEvent.click(screen.getByRole("button", { name: "Add metadata" }));
    await userEvent.type(screen.getByLabelText("Key 1"), "source");
    await userEvent.type(screen.getByLabelText("Value 1"), "studio");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await screen.findByText(/Subscribed\./);
    expect(calls.find((c) => c.url.startsWith("/api/subscriptions?"))?.body).toEqual({
      event_type: "NEW_MESSAGE_ON_POST",
      event_resource_id: "gZx7yK3aB1",
      metadata: { source: "studio" },
    });
    expect(screen.getByRole("list", { name: "Held by the proxy" }).textContent).toContain("gZx7yK3aB1");
  });

  it("asks to sign in instead of opening the stream when signed out", async () => {
    const { streams } = setup((url) =>
      url === "/api/session" ? json(200, { signedIn: false, scopes: [] }) : json(200, { subscriptions: [] }),
    );
    await screen.findByRole("link", { name: "authorize the app" });
    expect(streams).toHaveLength(0);
  });

  it("signed out, Subscribe goes to sign-in for the subscription's scope without a request only a 401 answers", async () => {
    const { calls, navigate } = setup((url) =>
      url === "/api/session" ? json(200, { signedIn: false, scopes: [] }) : json(200, { subscriptions: [] }),
    );
    await screen.findByRole("link", { name: "authorize the app" });
    await userEvent.type(screen.getByLabelText("Resource id"), "gZx7yK3aB1");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    // The scope the proxy's 401 would name (one conversation's messages of that post), and back here.
    await waitFor(() =>
      expect(keyless(navigate.mock.lastCall?.[0])).toBe(
        "/oauth/start?scope=CHAT_POST_CONVERSATIONS_READ.gZx7yK3aB1&returnTo=%2F%3Fresume%3Dsubscribe",
      ),
    );
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("signed out, a resource id no scope can carry is still sent, for the proxy to say what is wrong", async () => {
    const { calls, navigate } = setup((url) => {
      if (url === "/api/session") return json(200, { signedIn: false, scopes: [] });
      if (url.startsWith("/api/subscriptions?"))
        return json(400, {
          error: { code: "invalid_body", message: "The request body is not valid: event_resource_id." },
        });
      return json(200, { subscriptions: [] });
    });
    await screen.findByRole("link", { name: "authorize the app" });
    await userEvent.type(screen.getByLabelText("Resource id"), "not a token!");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows one row for the same event delivered through two subscriptions, and a replayed entry once", async () => {
    const { streams } = setup(signedIn);
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    const first = message(1, "هنوز موجود است؟", "conv-1");
    stream.emit("inbox", first);
    // The same message again, through another subscription (its own metadata), then a replay of id 1.
    stream.emit("inbox", {
      ...message(2, "هنوز موجود است؟", "conv-1"),
      event: { ...first.event, metadata: { k: "v" } },
    });
    stream.emit("inbox", first);
    stream.emit("inbox", message(3, "هنوز موجود است؟", "conv-2"));
    const rows = within(screen.getByRole("table", { name: "Received events" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows).toHaveLength(2);
    const merged = rows.find((r) => r.textContent?.includes("conv-1"));
    expect(merged?.textContent).toContain("received 2×");
    expect(rows.find((r) => r.textContent?.includes("conv-2"))?.textContent).not.toContain("×");
  });

  it("checks the session to show subscriptions renewed after a token refresh, and stops holding one", async () => {
    const held = {
      event_type: "POST_UPDATE",
      event_resource_id: null,
      metadata: null,
      createdAt: "2026-01-02T10:00:00.000Z",
      renewedAt: "2026-01-02T10:00:00.000Z",
      lastError: null,
    };
    const renewed = { ...held, renewedAt: "2026-01-02T12:00:00.000Z" };
    let sessions = 0;
    const { calls } = setup((url, init) => {
      if (url === "/api/session") {
        sessions += 1;
        return json(200, { signedIn: true, scopes: [], subscriptions: sessions > 1 ? [renewed] : [held] });
      }
      if (init?.method === "DELETE") return json(200, { subscriptions: [] });
      return json(200, { subscriptions: [held] });
    });
    const list = await screen.findByRole("list", { name: "Held by the proxy" });
    const before = list.querySelector("li")?.textContent;
    await userEvent.click(screen.getByRole("button", { name: "Check the session now" }));
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Held by the proxy" }).textContent).not.toBe(before),
    );
    expect(screen.getByRole("list", { name: "Held by the proxy" }).textContent).toContain(
      new Date(renewed.renewedAt).toLocaleString(),
    );

    await userEvent.click(screen.getByRole("button", { name: "Stop holding POST_UPDATE" }));
    await screen.findByText("No subscriptions yet.");
    const del = calls.find((c) => c.method === "DELETE");
    expect(del?.url).toBe("/api/subscriptions?event_type=POST_UPDATE");
  });

  it("says aloud what arrives after the stream caught up, not what it replays of earlier deliveries", async () => {
    const { streams } = setup(signedIn);
    render(<Announcer />);
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = streams[0] as FakeEventSource;
    const announcer = () => document.getElementById("editor-announcer")?.textContent ?? "";
    stream.emit("ready", {});
    stream.emit("inbox", message(1, "replayed", "conv-1"));
    stream.emit("caught_up", {});
    stream.emit("inbox", message(2, "سلام، هنوز موجود است؟", "conv-2"));
    await waitFor(() => expect(announcer()).toBe("1 new event in the Inbox: NEW MESSAGE."), {
      timeout: 4000,
    });
    // A reconnection replays from the last id what arrived while it was down: new to the user too,
    // each entry once (the one already heard, replayed again, is not said twice).
    const region = document.getElementById("editor-announcer");
    if (region) region.textContent = "";
    stream.emit("ready", {});
    stream.emit("inbox", message(2, "سلام، هنوز موجود است؟", "conv-2"));
    stream.emit("inbox", message(3, "قیمت نهایی؟", "conv-3"));
    stream.emit("caught_up", {});
    await waitFor(() => expect(announcer()).toBe("1 new event in the Inbox: NEW MESSAGE."), {
      timeout: 4000,
    });
    expect(within(screen.getByRole("table", { name: "Received events" })).getAllByRole("row")).toHaveLength(
      4,
    );
    // Each row's JSON disclosure says whose it is, and its body scrolls from the keyboard.
    const summaries = [...document.querySelectorAll("summary")].map((el) => el.textContent);
    expect(summaries.sort()).toEqual([
      "JSON of NEW_MESSAGE, entry 1",
      "JSON of NEW_MESSAGE, entry 2",
      "JSON of NEW_MESSAGE, entry 3",
    ]);
    expect(document.querySelector("pre.inbox-json")?.getAttribute("tabindex")).toBe("0");
  });
});
