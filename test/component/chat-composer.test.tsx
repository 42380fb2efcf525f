// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ChatComposer } from "../../src/editor/chat/chat-composer";
import * as ops from "../../src/editor/chat/chat-document";
import { CHAT_DRAFT_KEY, createChatStore } from "../../src/editor/chat/chat-store";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { studioError } from "../../src/platform/errors";
import { validateBody } from "../../src/platform/validate";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, memoryStorage } from "../helpers/flow-env";

afterEach(cleanup);

function draftWith(rowSizes: number[]): ops.ChatDraft {
  let d = ops.emptyChatDraft();
  for (const n of rowSizes) {
    d = {
      ...d,
      sender: [
        ...d.sender,
        { id: crypto.randomUUID(), buttons: Array.from({ length: n }, () => ops.newChatButton()) },
      ],
    };
  }
  return d;
}

describe("chat draft operations", () => {
  it("adds rows and buttons up to 9 per side and refuses the tenth", () => {
    let d = ops.emptyChatDraft();
    d = ops.addRow(d, "sender");
    const rowId = d.sender[0]?.id ?? "";
    for (let i = 0; i < 12; i++) d = ops.addButton(d, "sender", rowId);
    expect(ops.buttonCount(d.sender)).toBe(9);
    expect(ops.addRow(d, "sender")).toBe(d);
    expect(d.receiver).toEqual([]);
  });

  it("moves buttons within and across rows, dropping a row left empty", () => {
    let d = draftWith([2, 1]);
    const [a, b] = d.sender[0]?.buttons ?? [];
    const c = d.sender[1]?.buttons[0];
    d = ops.nudgeButton(d, "sender", a?.id ?? "", "later");
    expect(d.sender[0]?.buttons.map((x) => x.id)).toEqual([b?.id, a?.id]);
    d = ops.nudgeButton(d, "sender", c?.id ?? "", "up");
    expect(d.sender).toHaveLength(1);
    expect(d.sender[0]?.buttons.map((x) => x.id)).toEqual([b?.id, a?.id, c?.id]);
    d = ops.moveRow(ops.addRow(d, "sender"), "sender", 1, 0);
    expect(d.sender[1]?.buttons).toHaveLength(3);
  });

  it("removes a button and its emptied row, and edits a button field", () => {
    let d = draftWith([1]);
    const id = d.sender[0]?.buttons[0]?.id ?? "";
    d = ops.setButtonField(d, "sender", id, ["action"], { open_post_page: { post_token: "gZx7yK3aB1" } });
    expect(ops.chatBody(d)).toEqual({
      message: d.message,
      sender_buttons: {
        rows: [
          { buttons: [{ caption: "مشاهده", action: { open_post_page: { post_token: "gZx7yK3aB1" } } }] },
        ],
      },
    });
    d = ops.removeButton(d, "sender", id);
    expect(d.sender).toEqual([]);
    expect(ops.chatBody(d)).toEqual({ message: d.message });
  });

  it("exports a body the contract accepts, and reports 10 buttons as an error and 4 in a row as a warning", () => {
    expect(validateBody("chat", ops.chatBody(draftWith([3, 3, 3]))).ok).toBe(true);
    const ten = validateBody("chat", ops.chatBody(draftWith([4, 3, 3])));
    expect(ten.ok).toBe(false);
    expect(ten.errors[0]?.at).toBe("sender_buttons");
    expect(ten.warnings.map((w) => w.at)).toContain("sender_buttons.rows[0].buttons");
  });

  it("autosaves every change and restores it", () => {
    const storage = memoryStorage();
    const store = createChatStore({ storage });
    store.getState().setMessage("سلام");
    store.getState().addRow("receiver");
    const again = createChatStore({ storage });
    expect(again.getState().draft.message).toBe("سلام");
    expect(again.getState().draft.receiver).toHaveLength(1);
  });

  it("keeps an unreadable saved draft aside instead of losing it", () => {
    const storage = memoryStorage();
    storage.setItem(CHAT_DRAFT_KEY, "{not json");
    const store = createChatStore({ storage });
    expect(store.getState().draft.sender).toEqual([]);
    expect(storage.map.get(`${CHAT_DRAFT_KEY}.unreadable`)).toBe("{not json");
  });
});

function setup(opts: { draft?: ops.ChatDraft; route?: (url: string) => Response } = {}) {
  const storage = memoryStorage();
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetch = fakeFetch(async (url, init) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return (opts.route ?? (() => json(200, { signedIn: true, scopes: [], app: "demo-app" })))(url);
  });
  const { env, navigate } = flowEnv(storage, { pathname: "/chat" });
  const store = createChatStore({ storage, ...(opts.draft ? { initial: opts.draft } : {}) });
  render(<ChatComposer store={store} client={createProxyClient({ fetch })} env={env} storage={storage} />);
  return { store, calls, navigate, storage };
}

describe("chat composer", () => {
  it("builds button grids by keyboard and previews both sides right to left with the app's name", async () => {
    const { store } = setup();
    const sender = screen.getByRole("region", { name: "Sender buttons" });
    await userEvent.click(within(sender).getByRole("button", { name: "Add row" }));
    const row = within(sender).getByRole("group", { name: "Sender row 1" });
    await userEvent.click(within(row).getByRole("button", { name: "Add button" }));
    expect(within(row).getAllByRole("group", { name: /Sender row 1, button/ })).toHaveLength(2);
    const second = within(row).getByRole("group", { name: "Sender row 1, button 2" });
    const caption = within(second).getByLabelText(/Caption/);
    await userEvent.clear(caption);
    await userEvent.type(caption, "پرداخت");
    await userEvent.click(within(second).getByRole("button", { name: "Move button earlier" }));
    expect(store.getState().draft.sender[0]?.buttons[0]?.value.caption).toBe("پرداخت");

    const preview = screen.getByRole("region", { name: "As the sender sees it" });
    expect(preview.getAttribute("dir")).toBe("rtl");
    await waitFor(() => expect(within(preview).getByText("demo-app")).toBeTruthy());
    expect(within(preview).getByText("پرداخت")).toBeTruthy();
    expect(screen.getByRole("region", { name: "As the receiver sees it" }).textContent).not.toContain(
      "پرداخت",
    );
    expect(screen.getByRole("region", { name: "Message JSON" }).textContent).toContain('"sender_buttons"');
  });

  it("shows a missing caption at the field and in the problems list, and blocks sending", async () => {
    setup({ draft: draftWith([1]) });
    const button = screen.getByRole("group", { name: "Sender row 1, button 1" });
    await userEvent.clear(within(button).getByLabelText(/Caption/));
    expect(button.textContent).toContain("Caption must not be empty");
    const list = screen.getByRole("region", { name: "Message problems" });
    expect(list.textContent).toContain("sender_buttons.rows[0].buttons[0].caption");
    await userEvent.type(screen.getByLabelText("Conversation id"), "conv-1");
    expect((screen.getByRole("button", { name: "Send message" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("disables adding at 9 buttons and shows the 3-per-row layout warning", () => {
    setup({ draft: draftWith([4, 3, 2]) });
    const sender = screen.getByRole("region", { name: "Sender buttons" });
    expect((within(sender).getByRole("button", { name: "Add row" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(sender.textContent).toContain("at most 9 buttons");
    expect(within(sender).getByRole("group", { name: "Sender row 1" }).textContent).toContain(
      "shows at most 3 in a row",
    );
  });

  it("sends to the conversation, and goes through OAuth for CONVERSATION_SEND_MESSAGE when needed", async () => {
    const authorizeUrl =
      "/oauth/start?scope=CONVERSATION_SEND_MESSAGE.conv-1&returnTo=%2Fchat%3Fresume%3Dsend";
    let missing = true;
    const { calls, navigate, storage } = setup({
      route: (url) => {
        if (url === "/api/session") return json(200, { signedIn: false, scopes: [] });
        return missing
          ? json(
              403,
              studioError("missing_scope", { scope: "CONVERSATION_SEND_MESSAGE.conv-1", authorizeUrl }),
            )
          : json(200, { ok: true, result: {} });
      },
    });
    await userEvent.type(screen.getByLabelText("Conversation id"), "conv-1");
    const send = screen.getByRole("button", { name: "Send message" });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(send);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(authorizeUrl));
    expect(storage.map.get("addon-studio.pending-oauth")).toContain("conv-1");
    missing = false;
    await userEvent.click(send);
    await screen.findByText("Sent to conversation conv-1.");
    const sent = calls.filter((c) => c.url.startsWith("/api/conversations/conv-1/messages"));
    expect(sent.at(-1)?.body).toEqual({ message: ops.emptyChatDraft().message });
  });

  it("after sending to the emulator links to the conversation page, and lays a row's buttons out right to left", async () => {
    setup({
      draft: { ...draftWith([2]), conversationId: "conv-9" },
      route: (url) =>
        url === "/api/session"
          ? json(200, {
              signedIn: true,
              scopes: ["CONVERSATION_SEND_MESSAGE.conv-9"],
              mode: "emulator",
              postPageUrl: "http://127.0.0.1:9001/posts/{post_token}",
            })
          : json(200, { ok: true, result: { message: "ok", status: "SENT" } }),
    });
    const row = screen.getByRole("group", { name: "Sender row 1" });
    const first = within(row).getByRole("group", { name: "Sender row 1, button 1" });
    expect(first.parentElement?.getAttribute("dir")).toBe("rtl");
    expect(first.getAttribute("dir")).toBe("ltr");
    expect(screen.getByText("As the sender sees it")).toBeTruthy();

    const send = screen.getByRole("button", { name: "Send message" });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(send);
    await screen.findByText("Sent to conversation conv-9.");
    expect(
      screen.getByRole("link", { name: "Open the conversation on the emulator" }).getAttribute("href"),
    ).toBe("http://127.0.0.1:9001/conversations/conv-9");
  });
});
