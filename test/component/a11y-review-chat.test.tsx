// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ChatComposer } from "../../src/editor/chat/chat-composer";
import * as ops from "../../src/editor/chat/chat-document";
import { createChatStore } from "../../src/editor/chat/chat-store";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, memoryStorage } from "../helpers/flow-env";

afterEach(cleanup);

/** The composer over a draft of one sender button whose action is a link to "https://" (not a URL). */
function setup() {
  const storage = memoryStorage();
  let draft = ops.addRow(ops.emptyChatDraft(), "sender");
  const rowId = draft.sender[0]?.id ?? "";
  draft = ops.addButton(draft, "sender", rowId);
  const button = draft.sender[0]?.buttons[0];
  if (!button) throw new Error("no button");
  button.value = { ...button.value, action: { open_direct_link: "https://" } };
  const fetch = fakeFetch(async () => json(200, { signedIn: true, scopes: [], app: "demo-app" }));
  const { env } = flowEnv(storage, { pathname: "/chat" });
  const store = createChatStore({ storage, initial: draft });
  render(<ChatComposer store={store} client={createProxyClient({ fetch })} env={env} storage={storage} />);
}

describe("the chat message's problems by keyboard", () => {
  it("a button's problem says what is wrong and leads to the field it names, not the caption", async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const list = screen.getByRole("region", { name: "Message problems" });
    const go = within(list).getByRole("button", {
      name: "Error at sender_buttons.rows[0].buttons[0].action.open_direct_link",
    });
    // Its description is the message itself.
    const describedBy = go.getAttribute("aria-describedby") ?? "";
    expect(describedBy).not.toBe("");
    expect(document.getElementById(describedBy)?.textContent).toContain("is not a URL");

    go.focus();
    await user.keyboard("{Enter}");
    const inspector = screen.getByRole("region", { name: "Selected button" });
    const address = within(inspector).getByRole("textbox", { name: /^Address/ });
    expect(document.activeElement).toBe(address);
  });
});
