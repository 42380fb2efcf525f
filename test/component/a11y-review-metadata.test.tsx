// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { MetadataPairs, type Pair } from "../../src/editor/inbox/metadata-pairs";

afterEach(cleanup);

function Harness() {
  const [pairs, setPairs] = useState<Pair[]>([]);
  return <MetadataPairs pairs={pairs} onPairs={setPairs} />;
}

describe("subscription metadata by keyboard", () => {
  it("Add metadata focuses the new key; Remove hands focus to the next key, the one before, then Add", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const add = screen.getByRole("button", { name: "Add metadata" });
    add.focus();
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Key 1" }));
    add.focus();
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Key 2" }));
    add.focus();
    await user.keyboard("{Enter}");
    await user.keyboard("c");

    // Removing the first: the pair that takes its place (now "Key 1") has focus, not the page.
    screen.getByRole("button", { name: "Remove metadata 1" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("textbox", { name: "Key 3" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Key 1" }));
    // Removing the last: the one before it.
    screen.getByRole("button", { name: "Remove metadata 2" }).focus();
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Key 1" }));
    // Removing the only one: Add metadata.
    screen.getByRole("button", { name: "Remove metadata 1" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(document.activeElement).toBe(add);
    expect(document.activeElement).not.toBe(document.body);
  });
});
