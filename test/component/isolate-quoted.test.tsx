// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FieldProblems } from "../../src/editor/ui/field-shell";
import { isolateQuoted } from "../../src/editor/ui/isolate-quoted";
import { problem } from "../../src/platform/problems";

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
});
