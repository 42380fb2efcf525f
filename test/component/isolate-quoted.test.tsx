// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FieldProblems } from "../../src/editor/ui/field-shell";
import { isolateQuoted } from "../../src/editor/ui/isolate-quoted";
import { problem } from "../../src/platform/problems";
import { renderStudio } from "./studio-harness";

afterEach(cleanup);

// Persian a user typed, quoted inside an English message, was pulled into the sentence's order:
// `"۲ موفق."` read as `".۲ موفق"`. Each quoted right-to-left part is isolated now.
describe("quoted Persian inside an English message", () => {
  const message =
    'status is a predefined key whose values are SUCCEEDED, FAILED; "۲ موفق." will not be understood';

  it("is isolated between its quotes, and the text reads as it was", () => {
    const { container } = render(<p>{isolateQuoted(message)}</p>);
    expect([...container.querySelectorAll("bdi")].map((b) => b.textContent)).toEqual(["۲ موفق."]);
    expect(container.textContent).toBe(message);
  });

  it("leaves a message with no right-to-left letters as one text", () => {
    expect(isolateQuoted('"OPEN" will not be understood')).toBe('"OPEN" will not be understood');
  });

  it("is isolated under a field as in the Problems tab", () => {
    const { container } = render(
      <FieldProblems
        id="f"
        problems={[problem(["semantic", "status"], message, "warning", "semantic_value")]}
      />,
    );
    expect(container.querySelector("bdi")?.textContent).toBe("۲ موفق.");
  });

  it("is isolated in the Problems tab, where a user add-on's semantic value is quoted", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("tab", { name: "JSON" }));
    const json = within(await screen.findByRole("region", { name: "JSON" }));
    const body = { widgets: [{ title_row: { text: "احراز" } }], semantic: { status: "۲ موفق." } };
    fireEvent.change(json.getByLabelText(/Paste JSON to import/), {
      target: { value: JSON.stringify(body) },
    });
    await user.click(json.getByRole("button", { name: "Import JSON" }));
    await user.click(screen.getByRole("tab", { name: /^Problems/ }));
    const panel = await screen.findByRole("tabpanel", { name: /^Problems/ });
    const quoted = [...panel.querySelectorAll(".problem-message bdi")].map((b) => b.textContent);
    expect(quoted).toContain("۲ موفق.");
  });
});
