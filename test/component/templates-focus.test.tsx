// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it } from "vitest";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

// Picking a template by keyboard closed the menu under the focused item: focus fell to the page's
// start, and a keyboard user had to find their way back from the top.
it("after a template is picked, focus is back on the Templates button", async () => {
  const user = userEvent.setup({ delay: null });
  const { store } = renderStudio();
  const button = screen.getByRole("button", { name: "Templates" });
  button.focus();
  await user.keyboard("{Enter}");
  const item = await screen.findByRole("button", { name: "Use template: Seller rating" });
  item.focus();
  await user.keyboard("{Enter}");
  await waitFor(() => expect(store.getState().doc.widgets.length).toBeGreaterThan(0));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Templates" })));
  expect(screen.queryByRole("button", { name: "Use template: Seller rating" })).toBeNull();
  // Nothing near the focus changed: the announcer says what did.
  expect(document.getElementById("editor-announcer")?.textContent).toMatch(
    /^Opened the template as the new draft “\u2068Seller rating\u2069”, \d+ widgets; “\u2068Untitled add-on\u2069” is kept\.$/,
  );
});

// The templates were reachable only by Tab: Up and Down did nothing in an open menu, unlike the New
// draft menu beside it.
it("Up, Down, Home and End move between the templates", async () => {
  const user = userEvent.setup({ delay: null });
  renderStudio();
  const items = await openTemplates(user);
  await waitFor(() => expect(document.activeElement).toBe(items[0]));
  await user.keyboard("{ArrowDown}");
  expect(document.activeElement).toBe(items[1]);
  await user.keyboard("{End}");
  expect(document.activeElement).toBe(items.at(-1));
  await user.keyboard("{ArrowDown}");
  expect(document.activeElement).toBe(items[0]);
  await user.keyboard("{ArrowUp}");
  expect(document.activeElement).toBe(items.at(-1));
  await user.keyboard("{Home}");
  expect(document.activeElement).toBe(items[0]);
});

// Tabbing past the last template left the menu open over the preview, hiding the control focus had
// moved to (a keyboard review); the Share menu did the same.
it("the Templates and Share menus close when focus moves out of them", async () => {
  const user = userEvent.setup({ delay: null });
  renderStudio();
  const items = await openTemplates(user);
  items.at(-1)?.focus();
  await user.tab();
  expect(screen.queryByRole("group", { name: "Templates" })).toBeNull();

  screen.getByRole("button", { name: "Share" }).focus();
  await user.keyboard("{Enter}");
  const link = await screen.findByRole("textbox", { name: "Share link" });
  await waitFor(() => expect(document.activeElement).toBe(link));
  await user.tab();
  await user.tab();
  await user.tab();
  await waitFor(() => expect(screen.queryByRole("group", { name: "Share link" })).toBeNull());
});

/** Opens the Templates menu from its button by keyboard; returns its items once drawn. */
async function openTemplates(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement[]> {
  screen.getByRole("button", { name: "Templates" }).focus();
  await user.keyboard("{Enter}");
  const group = await screen.findByRole("group", { name: "Templates" });
  return waitFor(() => {
    const found = [...group.querySelectorAll<HTMLElement>(".menu-item")];
    expect(found.length).toBeGreaterThan(2);
    return found;
  });
}
