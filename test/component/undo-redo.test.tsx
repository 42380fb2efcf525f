// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

function textField() {
  return within(screen.getByRole("region", { name: "Inspector" })).getByLabelText(
    /^Text/,
  ) as HTMLInputElement;
}

describe("undo and redo", () => {
  it("undoes typing in one field as one step, by button and by keyboard", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const original = textField().value;
    await user.clear(textField());
    await user.type(textField(), "سلام");
    expect(textField().value).toBe("سلام");
    // The clear and the typing are one step: one undo brings the original text back.
    await user.keyboard("{Control>}z{/Control}");
    expect(textField().value).toBe(original);
    await user.click(screen.getByRole("button", { name: "Redo" }));
    expect(textField().value).toBe("سلام");
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(textField().value).toBe(original);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.queryByRole("listitem", { name: "Title, widget 1" })).toBeNull();
    // Marked unavailable but still focusable: pressing the last undo leaves keyboard focus on it.
    const undo = screen.getByRole("button", { name: "Undo" });
    expect(undo.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(undo);
    const announcer = document.getElementById("editor-announcer");
    expect(announcer?.textContent).toBe("Undone: Title removed; 0 more steps to undo.");
    await user.click(undo);
    expect(announcer?.textContent).toBe("Nothing to undo.");
    await user.keyboard("{Control>}{Shift>}z{/Shift}{/Control}");
    expect(screen.getByRole("listitem", { name: "Title, widget 1" })).toBeTruthy();
    await user.keyboard("{Control>}y{/Control}");
    expect(textField().value).toBe("سلام");
  });

  it("starts a new step after the field loses focus", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.clear(textField());
    await user.type(textField(), "one");
    fireEvent.blur(textField());
    await user.type(textField(), " two");
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(textField().value).toBe("one");
  });

  it("leaves the browser's own undo to inputs that are not part of the document", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const filter = screen.getByLabelText("Filter widgets");
    await user.type(filter, "x");
    await user.keyboard("{Control>}z{/Control}");
    expect(screen.getByRole("listitem", { name: "Title, widget 1" })).toBeTruthy();
  });

  // A keyboard review: after Delete and Ctrl+Z the widget came back selected, but focus stayed on
  // the row below it, and the announcement did not say what came back.
  it("brings focus back to a deleted row a keyboard user restores, and says what came back", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    for (const kind of ["Title", "Score", "Selector", "Button"])
      await user.click(screen.getByRole("button", { name: `Add ${kind}` }));
    const row = (name: string) => screen.getByRole("button", { name, pressed: undefined });
    row("Button, widget 4").focus();
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(row("Selector, widget 3"));
    await user.keyboard("{Delete}");
    expect(document.activeElement).toBe(row("Button, widget 3"));
    await user.keyboard("{Control>}z{/Control}");
    expect(document.activeElement).toBe(row("Selector, widget 3"));
    const announcer = document.getElementById("editor-announcer");
    expect(announcer?.textContent).toBe("Undone: Selector, widget 3 is back; 4 more steps to undo.");
    // A move undone says where the widget went back to.
    await user.click(
      within(screen.getByRole("group", { name: "Widget actions" })).getByRole("button", { name: "Move up" }),
    );
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(announcer?.textContent).toBe("Undone: Selector moved to position 3; 4 more steps to undo.");
    // Redone, it says where it went again.
    await user.click(screen.getByRole("button", { name: "Redo" }));
    expect(announcer?.textContent).toBe("Redone: Selector moved to position 2; 0 more steps to redo.");
  });
});
