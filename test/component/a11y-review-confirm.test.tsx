// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfirmButton } from "../../src/editor/publish/confirm-button";

afterEach(cleanup);

function renderConfirm(onConfirm: () => void = () => {}) {
  render(
    <ConfirmButton
      label="Remove this post's add-ons"
      question="Remove every add-on of this post?"
      confirmLabel="Remove them"
      onConfirm={onConfirm}
    />,
  );
  return () => screen.getByRole("button", { name: "Remove this post's add-ons" });
}

describe("a confirm-in-place button by keyboard", () => {
  it("Escape and Cancel give focus back to the button that asked, not the page", async () => {
    const user = userEvent.setup();
    const ask = renderConfirm();
    ask().focus();
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove them" }));
    await user.keyboard("{Escape}");
    expect(document.activeElement).toBe(ask());

    await user.keyboard("{Enter}");
    screen.getByRole("button", { name: "Cancel" }).focus();
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(ask());
  });

  it("the confirm gives focus back too, unless the action moved it", async () => {
    const user = userEvent.setup();
    const ask = renderConfirm();
    ask().focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(ask());
    cleanup();

    const elsewhere = document.createElement("button");
    document.body.append(elsewhere);
    const ask2 = renderConfirm(() => elsewhere.focus());
    ask2().focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });

  it("gives focus back once the action that disabled the button is done (a send)", async () => {
    const user = userEvent.setup();
    let done = () => {};
    function Sending() {
      const [busy, setBusy] = useState(false);
      done = () => setBusy(false);
      return (
        <ConfirmButton
          label="Remove this post's add-ons"
          question="Remove every add-on of this post?"
          confirmLabel="Remove them"
          disabled={busy}
          onConfirm={() => setBusy(true)}
        />
      );
    }
    render(<Sending />);
    const ask = () => screen.getByRole("button", { name: "Remove this post's add-ons" });
    ask().focus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    // While the send runs the button is disabled and cannot hold focus.
    expect(ask()).toHaveProperty("disabled", true);
    act(() => done());
    expect(document.activeElement).toBe(ask());
  });
});
