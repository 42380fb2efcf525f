// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it } from "vitest";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const settingsTab = () => inspector().getByRole("tab", { name: /^Add-on settings/ });

// An empty add-on's "has no widgets" warning was counted on the Add-on settings tab, which shows
// nothing about it: the badge sent the user to a tab with nothing to fix.
it("the Add-on settings tab counts only the problems it shows", async () => {
  const user = userEvent.setup({ delay: null });
  const { store } = renderStudio();
  expect(store.getState().doc.widgets).toHaveLength(0);
  expect(settingsTab().textContent).toBe("Add-on settings");

  // A problem the tab does show (a negative cost) is counted.
  store.getState().setKind("user");
  await user.click(settingsTab());
  fireEvent.change(inspector().getByLabelText("Cost"), { target: { value: "-5" } });
  expect(settingsTab().textContent).toBe("Add-on settings1, 1 problem");
  expect(screen.getByText(/Cost must not be negative/)).toBeTruthy();
});
