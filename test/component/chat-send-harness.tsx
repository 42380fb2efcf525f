import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect } from "vitest";
import { ChatComposer } from "../../src/editor/chat/chat-composer";
import { createChatStore } from "../../src/editor/chat/chat-store";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import type { FetchLike } from "../../src/platform/fetch-like";
import { flowEnv, memoryStorage } from "../helpers/flow-env";

/**
 * Renders the chat composer against `fetch` (the proxy), types conversation `conversationId` and
 * presses Send once it is enabled; returns the page's navigations and its storage.
 */
export async function sendChatTo(conversationId: string, fetch: FetchLike) {
  const storage = memoryStorage();
  const { env, navigate } = flowEnv(storage, { pathname: "/chat" });
  render(
    <ChatComposer
      store={createChatStore({ storage })}
      client={createProxyClient({ fetch })}
      env={env}
      storage={storage}
    />,
  );
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText("Conversation id"), conversationId);
  const send = screen.getByRole<HTMLButtonElement>("button", { name: "Send message" });
  await waitFor(() => expect(send.disabled).toBe(false));
  await user.click(send);
  return { navigate, storage };
}
