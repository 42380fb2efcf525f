// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

function outputPanel() {
  return screen.getByRole("region", { name: "Output" });
}

describe("the output panel", () => {
  it("hides and shows again, and choosing a tab opens it on that tab", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = document.getElementById("bottom-panel");
    expect(panel?.hidden).toBe(false);
    await user.click(screen.getByRole("button", { name: "Hide the output panel" }));
    expect(panel?.hidden).toBe(true);
    expect(screen.getByRole("button", { name: "Show the output panel" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    await user.click(screen.getByRole("tab", { name: /^Problems/ }));
    expect(panel?.hidden).toBe(false);
    expect(panel?.textContent).toContain("has no widgets");
  });

  it("takes a height from the keyboard on its resize handle and gives it back with Enter", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const handle = screen.getByRole("separator", { name: "Resize the output panel" });
    handle.focus();
    // A panel drawn shorter than its least height (here, not laid out at all) grows with Up.
    await user.keyboard("{ArrowUp}");
    expect(handle.getAttribute("aria-valuenow")).toBe("104");
    // Home and End as the WAI-ARIA window splitter: the least height, the most.
    await user.keyboard("{Home}");
    expect(handle.getAttribute("aria-valuenow")).toBe("80");
    await user.keyboard("{End}");
    const tallest = Number(handle.getAttribute("aria-valuenow"));
    expect(tallest).toBeGreaterThanOrEqual(160);
    expect(outputPanel().style.getPropertyValue("--bottom-height")).toBe(`${tallest}px`);
    await user.keyboard("{ArrowDown}");
    expect(Number(handle.getAttribute("aria-valuenow"))).toBe(tallest - 24);
    await user.keyboard("{Enter}");
    expect(outputPanel().style.getPropertyValue("--bottom-height")).toBe("");
  });

  it("remembers the height the user chose for the next visit, and forgets it when reset", async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderStudio();
    screen.getByRole("separator", { name: "Resize the output panel" }).focus();
    await user.keyboard("{Home}");
    expect(outputPanel().style.getPropertyValue("--bottom-height")).toBe("80px");
    first.close();
    const second = renderStudio();
    const handle = screen.getByRole("separator", { name: "Resize the output panel" });
    expect(outputPanel().style.getPropertyValue("--bottom-height")).toBe("80px");
    expect(handle.getAttribute("aria-valuenow")).toBe("80");
    handle.focus();
    await user.keyboard("{Enter}");
    second.close();
    renderStudio();
    expect(outputPanel().style.getPropertyValue("--bottom-height")).toBe("");
  });
});
