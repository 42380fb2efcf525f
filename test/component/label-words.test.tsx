// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WIDGET_MODELS } from "../../src/widgets/registry";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

// Spec references ("spec 4.7", "(4.10)", "6.3.3") belong in help text, never in what names a control.
const JARGON = /\bspec\b|§|\(\d+\.\d+(\.\d+)?\)|\b\d+\.\d+\.\d+\b/i;

function namingTexts(): string[] {
  const els = document.querySelectorAll(
    "label, legend, option, h1, h2, h3, h4, h5, h6, th, button, [role=tab]",
  );
  return [...els]
    .flatMap((el) => [el.textContent ?? "", el.getAttribute("aria-label") ?? ""])
    .filter(Boolean);
}

describe("labels in the user's words (issue 13.13)", () => {
  it("names no control, heading or option with a spec section, in every widget's form and the user target", {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    for (const m of WIDGET_MODELS) await user.click(screen.getByRole("button", { name: `Add ${m.label}` }));
    const seen: string[] = [];
    for (const w of store.getState().doc.widgets) {
      store.getState().select(w.id);
      seen.push(...namingTexts());
    }
    store.getState().setKind("user");
    await user.click(screen.getByRole("tab", { name: /^Add-on settings/ }));
    seen.push(...namingTexts());
    await user.click(screen.getByRole("tab", { name: "Publish" }));
    // The publish panel loads on demand: allow for a loaded machine.
    await screen.findByLabelText("Identify the user by", {}, { timeout: 10_000 });
    seen.push(...namingTexts());
    expect(seen.some((t) => t.includes("Phone number"))).toBe(true);
    expect(seen.filter((t) => JARGON.test(t))).toEqual([]);
    // The reference is still there, in the help under the field.
    expect(document.body.textContent).toContain("spec 4.7");
  });

  it("the chat composer's JSON heading is in words, its spec reference in the text under it", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("tab", { name: "Chat message" }));
    await screen.findByRole("heading", { name: "Message body" }, { timeout: 10_000 });
    expect(namingTexts().filter((t) => JARGON.test(t))).toEqual([]);
    expect(document.body.textContent).toContain("(spec 4.10)");
  });
});
