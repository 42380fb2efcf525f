// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { SessionActions, SignedOutNote } from "../../src/editor/publish/session-actions";
import { studioError } from "../../src/platform/errors";
import { fakeFetch } from "../helpers/fake-fetch";
import { json } from "../helpers/flow-env";

afterEach(cleanup);

function setup(answer: (url: string) => Response) {
  const calls: string[] = [];
  let reloads = 0;
  const fetch = fakeFetch(async (url, init) => {
    calls.push(`${init?.method ?? "GET"} ${url}`);
    return answer(url);
  });
  render(<SessionActions client={createProxyClient({ fetch })} reload={() => reloads++} />);
  return { calls, reloads: () => reloads };
}

describe("session actions", () => {
  it("signs out, then reloads so every panel reads the signed-out state", async () => {
    const { calls, reloads } = setup(() => json(200, { signedIn: false }));
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(reloads()).toBe(1));
    expect(calls).toEqual(["POST /api/session/signout"]);
    // The reloaded page says so, once, where the focus is: the pressed button went with the old page.
    cleanup();
    render(<SignedOutNote />);
    const note = screen.getByRole("status");
    expect(note.textContent).toMatch(/^Signed out: .*Your draft is kept/);
    expect(document.activeElement).toBe(note);
    cleanup();
    render(<SignedOutNote />);
    expect(screen.queryByRole("status")).toBeNull();
    // A note left unread past the reload (the Publish panel not shown then) is not said a minute later.
    sessionStorage.setItem(
      "addon-studio:signed-out",
      JSON.stringify({ which: "everywhere", at: Date.now() - 61_000 }),
    );
    cleanup();
    render(<SignedOutNote />);
    expect(screen.queryByRole("status")).toBeNull();
    sessionStorage.setItem(
      "addon-studio:signed-out",
      JSON.stringify({ which: "everywhere", at: Date.now() }),
    );
    cleanup();
    render(<SignedOutNote />);
    expect(screen.getByRole("status").textContent).toMatch(/^Signed out everywhere: every session/);
  });

  it("asks before signing out everywhere, and shows the proxy's error if it refuses", async () => {
    const { calls, reloads } = setup(() => json(401, studioError("not_signed_in")));
    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    expect(calls).toEqual([]);
    expect(screen.getByText(/in every browser/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("not signed in"));
    expect(calls).toEqual(["POST /api/session/signout-everywhere"]);
    expect(reloads()).toBe(0);
    // Refused: no sign-out is said after a later reload.
    cleanup();
    render(<SignedOutNote />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
