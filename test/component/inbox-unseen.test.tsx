// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FetchJson } from "../../src/editor/inbox/fetch-json";
import { InboxTabLabel } from "../../src/editor/inbox/inbox-tab-label";
import { useInboxUnseen } from "../../src/editor/inbox/use-inbox-unseen";

afterEach(cleanup);

/** A proxy's `/api/inbox` as the hook reads it: `answers` in turn, the last one again; every URL kept. */
function fakeInbox(
  answers: Array<{ status: number; json: unknown }>,
  session: { status: number; json: unknown } = { status: 200, json: { signedIn: true, scopes: [] } },
) {
  const urls: string[] = [];
  const sessions: string[] = [];
  const fetchJson: FetchJson = async (url) => {
    if (url === "/api/session") {
      sessions.push(url);
      return session;
    }
    urls.push(url);
    return answers[Math.min(urls.length - 1, answers.length - 1)] ?? { status: 500, json: null };
  };
  return { urls, sessions, fetchJson };
}

const page = (...ids: number[]) => ({ status: 200, json: { entries: ids.map((id) => ({ id })) } });

describe("the Inbox tab counts what arrived while it was not shown", () => {
  it("counts entries after the newest one when the tab was left, adds each answer's, and forgets them when shown", async () => {
    const inbox = fakeInbox([page(5), page(6, 7), page(), page(8, -1)]);
    const said: string[] = [];
    const say = (t: string) => said.push(t);
    const { result, rerender } = renderHook(
      ({ shown }) => useInboxUnseen(shown, { fetchJson: inbox.fetchJson, everyMs: 5, firstMs: 0, say }),
      {
        initialProps: { shown: false },
      },
    );
    await waitFor(() => expect(inbox.urls.length).toBeGreaterThanOrEqual(4));
    // A subscription failure (a negative id) is this studio's own note, not an arrival.
    await waitFor(() => expect(result.current).toBe(3));
    // Said as each answer brings some, for a screen reader that would hear the tab's name only on it.
    expect(said.slice(0, 2)).toEqual(["2 new events in the Inbox.", "1 new event in the Inbox."]);
    expect(inbox.urls.slice(0, 4)).toEqual([
      "/api/inbox?limit=1",
      "/api/inbox?after=5",
      "/api/inbox?after=7",
      "/api/inbox?after=7",
    ]);
    rerender({ shown: true });
    expect(result.current).toBe(0);
    const asked = inbox.urls.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(inbox.urls.length).toBe(asked);
    // Left again: what the Inbox showed is not new; the count starts from the newest entry then.
    rerender({ shown: false });
    await waitFor(() => expect(inbox.urls.length).toBeGreaterThan(asked));
    expect(inbox.urls[asked]).toBe("/api/inbox?limit=1");
  });

  it("signed out asks only whether it is signed in (no request refused with 401); stops where no proxy answers", async () => {
    const signedOut = fakeInbox([page(1)], { status: 200, json: { signedIn: false, scopes: [] } });
    const a = renderHook(() =>
      useInboxUnseen(false, { fetchJson: signedOut.fetchJson, everyMs: 5, firstMs: 0 }),
    );
    await waitFor(() => expect(signedOut.sessions.length).toBeGreaterThan(2));
    expect(signedOut.urls).toEqual([]);
    expect(a.result.current).toBe(0);
    a.unmount();

    const noProxy = fakeInbox([page(1)], { status: 404, json: null });
    renderHook(() => useInboxUnseen(false, { fetchJson: noProxy.fetchJson, everyMs: 5, firstMs: 0 }));
    await act(() => new Promise((r) => setTimeout(r, 40)));
    expect(noProxy.sessions).toEqual(["/api/session"]);
    expect(noProxy.urls).toEqual([]);
  });

  it("waits before its first question, out of the page's first load", async () => {
    const inbox = fakeInbox([page(1)]);
    renderHook(() => useInboxUnseen(false, { fetchJson: inbox.fetchJson, everyMs: 5, firstMs: 60 }));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(inbox.sessions).toEqual([]);
    await waitFor(() => expect(inbox.sessions).toEqual(["/api/session"]));
  });

  it("says the count in the tab's name, in words", () => {
    render(
      <button type="button">
        <InboxTabLabel unseen={3} />
      </button>,
    );
    expect(screen.getByRole("button", { name: "Inbox, 3 new events" })).toBeTruthy();
    cleanup();
    render(
      <button type="button">
        <InboxTabLabel unseen={0} />
      </button>,
    );
    expect(screen.getByRole("button", { name: "Inbox" })).toBeTruthy();
  });
});
