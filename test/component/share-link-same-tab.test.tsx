// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it } from "vitest";
import { encodeShare } from "../../src/editor/share/share-link";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  history.replaceState(null, "", "/");
});

function rowNames() {
  return within(screen.getByRole("list", { name: "Add-on widgets" }))
    .queryAllByRole("listitem")
    .map((li) => li.getAttribute("aria-label"));
}

/** What pasting a link into the address bar of the open tab does: only the fragment changes. */
function followInThisTab(fragment: string) {
  act(() => {
    window.location.hash = fragment;
  });
}

it("a share link opened in the tab already showing the studio opens as a new draft, the open one kept", async () => {
  const user = userEvent.setup({ delay: null });
  const { session, store } = renderStudio();
  await user.click(screen.getByRole("button", { name: "Add Score" }));
  const mine = session.ui.getState().currentId;
  followInThisTab(encodeShare("post", { widgets: [{ title_row: { text: "از همکار" } }] }));
  // Before the fix nothing happened: the link stayed in the address bar and the Score row showed.
  await waitFor(() => expect(rowNames()).toEqual(["Title, widget 1"]));
  expect(screen.getByText(/Opened a shared add-on as a new draft/)).toBeTruthy();
  expect(session.ui.getState().currentId).not.toBe(mine);
  expect(window.location.hash).toBe("");
  session.switchTo(mine);
  expect(store.getState().doc.widgets.map((w) => Object.keys(w.widget)[0])).toEqual(["score_row"]);
});

it("a damaged link opened in the same tab says so and leaves the document as it was", async () => {
  const user = userEvent.setup({ delay: null });
  const { store } = renderStudio();
  await user.click(screen.getByRole("button", { name: "Add Score" }));
  const before = store.getState().doc;
  const good = encodeShare("post", { widgets: [] });
  followInThisTab(good.slice(0, good.length - 6));
  await waitFor(() =>
    expect(screen.getByRole("alert").textContent).toMatch(/Could not open the shared link/),
  );
  expect(store.getState().doc).toBe(before);
});
