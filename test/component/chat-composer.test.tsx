// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ChatComposer } from "../../src/editor/chat/chat-composer";
import * as ops from "../../src/editor/chat/chat-document";
import { CHAT_DRAFT_KEY, createChatStore } from "../../src/editor/chat/chat-store";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { Announcer } from "../../src/editor/ui/announcer";
import { studioError } from "../../src/platform/errors";
import { validateBody } from "../../src/platform/validate";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, keyless, memoryStorage } from "../helpers/flow-env";

afterEach(cleanup);

/** `n` new buttons, numbered on from the ones `rows` already hold. */
function numbered(rows: ops.ChatRowItem[], n: number): ops.ChatButtonItem[] {
  const made: ops.ChatButtonItem[] = [];
  for (let i = 0; i < n; i++) made.push(ops.newChatButton([...rows, { id: "new", buttons: made }]));
  return made;
}

function draftWith(rowSizes: number[]): ops.ChatDraft {
  let d = ops.emptyChatDraft();
  for (const n of rowSizes) {
    d = {
      ...d,
      sender: [...d.sender, { id: crypto.randomUUID(), buttons: numbered(d.sender, n) }],
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

  it("moves buttons a step in their row and to the row above at the same place, never into a full row", () => {
    let d = draftWith([2, 1]);
    const [a, b] = d.sender[0]?.buttons ?? [];
    const c = d.sender[1]?.buttons[0];
    d = ops.nudgeButton(d, "sender", a?.id ?? "", "later");
    expect(d.sender[0]?.buttons.map((x) => x.id)).toEqual([b?.id, a?.id]);
    d = ops.nudgeButton(d, "sender", c?.id ?? "", "up");
    expect(d.sender).toHaveLength(1);
    expect(d.sender[0]?.buttons.map((x) => x.id)).toEqual([c?.id, b?.id, a?.id]);
    // Down from the last row opens a new row; up into a row of three is refused.
    d = ops.nudgeButton(d, "sender", b?.id ?? "", "down");
    expect(d.sender.map((r) => r.buttons.map((x) => x.id))).toEqual([[c?.id, a?.id], [b?.id]]);
    const full = draftWith([3, 1]);
    const lone = full.sender[1]?.buttons[0]?.id ?? "";
    expect(ops.nudgeButton(full, "sender", lone, "up")).toBe(full);
    expect(ops.nudgeButton(full, "sender", lone, "down")).toBe(full);
    // The same rule holds for a drag (moveButton) and for a step that stays in place.
    expect(ops.moveButton(full, "sender", lone, 0, 1)).toBe(full);
    const first = full.sender[0]?.buttons[0]?.id ?? "";
    expect(ops.moveButton(full, "sender", first, 1, 0).sender.map((r) => r.buttons.length)).toEqual([2, 2]);
    const last = full.sender[0]?.buttons[2]?.id ?? "";
    expect(ops.nudgeButton(full, "sender", last, "later")).toBe(full);
    // A fourth row is refused too: down from a full last row of a three-row grid.
    const three = draftWith([1, 1, 2]);
    expect(ops.nudgeButton(three, "sender", three.sender[2]?.buttons[0]?.id ?? "", "down")).toBe(three);
  });

  it("gives new buttons distinct numbered captions and an action that validates", () => {
    let d = ops.addRow(ops.emptyChatDraft(), "sender");
    d = ops.addButton(d, "sender", d.sender[0]?.id ?? "");
    d = ops.addRow(d, "sender");
    expect(d.sender.flatMap((r) => r.buttons.map((b) => b.value.caption))).toEqual([
      "دکمه ۱",
      "دکمه ۲",
      "دکمه ۳",
    ]);
    // A freed number is used again rather than skipped.
    d = ops.removeButton(d, "sender", d.sender[0]?.buttons[1]?.id ?? "");
    d = ops.addRow(d, "sender");
    expect(d.sender.at(-1)?.buttons[0]?.value.caption).toBe("دکمه ۲");
    expect(validateBody("chat", ops.chatBody(d))).toMatchObject({ ok: true, warnings: [] });
  });

  it("removes a button and its emptied row, and edits a button field", () => {
    let d = draftWith([1]);
    const id = d.sender[0]?.buttons[0]?.id ?? "";
    d = ops.setButtonField(d, "sender", id, ["action"], { open_post_page: { post_token: "gZx7yK3aB1" } });
    expect(ops.chatBody(d)).toEqual({
      message: d.message,
      sender_buttons: {
        rows: [
          { buttons: [{ caption: "دکمه ۱", action: { open_post_page: { post_token: "gZx7yK3aB1" } } }] },
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

function setup(
  opts: { draft?: ops.ChatDraft; route?: (url: string) => Response; theme?: "light" | "dark" } = {},
) {
  const storage = memoryStorage();
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetch = fakeFetch(async (url, init) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return (opts.route ?? (() => json(200, { signedIn: true, scopes: [], app: "demo-app" })))(url);
  });
  const { env, navigate } = flowEnv(storage, { pathname: "/chat" });
  const store = createChatStore({ storage, ...(opts.draft ? { initial: opts.draft } : {}) });
  const client = createProxyClient({ fetch });
  const composer = (theme?: "light" | "dark") => (
    <ChatComposer store={store} client={client} env={env} storage={storage} {...(theme ? { theme } : {})} />
  );
  const view = render(composer(opts.theme));
  const setTheme = (theme: "light" | "dark") => view.rerender(composer(theme));
  return { store, calls, navigate, storage, setTheme };
}

/** The status line the composer speaks through. */
const spoken = () =>
  screen
    .getAllByRole("status")
    .map((e) => e.textContent ?? "")
    .join(" ");

describe("chat composer", () => {
  it("adds buttons from the grid's cells, edits the selected one in the inspector and moves it by keyboard", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = setup();
    const sender = screen.getByRole("region", { name: "Sender buttons" });
    await user.click(within(sender).getByRole("button", { name: "Add a sender button in a new row" }));
    await user.click(within(sender).getByRole("button", { name: "Add a button to sender row 1" }));
    const row = within(sender).getByRole("group", { name: "Sender row 1" });
    expect(row.getAttribute("dir")).toBe("rtl");
    // Distinct captions; the button just added is the one selected and focused.
    const second = within(row).getByRole("button", { name: "Row 1, button 2: دکمه ۲" });
    expect(within(row).getByRole("button", { name: "Row 1, button 1: دکمه ۱" })).toBeTruthy();
    expect(second.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(spoken()).toContain("Added دکمه ۲ to the sender buttons, row 1, button 2.");

    const inspector = screen.getByRole("region", { name: "Selected button" });
    expect(inspector.textContent).toContain("Sender buttons · row 1, button 2");
    const caption = within(inspector).getByLabelText(/Caption/);
    await user.clear(caption);
    await user.type(caption, "پرداخت");
    const paid = within(row).getByRole("button", { name: "Row 1, button 2: پرداخت" });

    // Alt+ArrowRight moves it one place right (earlier: the row reads right to left).
    paid.focus();
    await user.keyboard("{Alt>}{ArrowRight}{/Alt}");
    expect(store.getState().draft.sender[0]?.buttons.map((b) => b.value.caption)).toEqual([
      "پرداخت",
      "دکمه ۱",
    ]);
    expect(spoken()).toContain("Moved پرداخت to row 1, button 1.");
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("aria-label")).toBe("Row 1, button 1: پرداخت"),
    );
    // The arrow keys alone move the selection: ArrowLeft is the next button to the left.
    await user.keyboard("{ArrowLeft}");
    const other = within(row).getByRole("button", { name: "Row 1, button 2: دکمه ۱" });
    expect(document.activeElement).toBe(other);
    expect(other.getAttribute("aria-pressed")).toBe("true");
    expect(inspector.textContent).toContain("Sender buttons · row 1, button 2");
    expect((within(inspector).getByLabelText(/Caption/) as HTMLInputElement).value).toBe("دکمه ۱");

    const preview = screen.getByRole("region", { name: "As the sender sees it" });
    expect(preview.getAttribute("dir")).toBe("rtl");
    await waitFor(() => expect(within(preview).getByText("demo-app")).toBeTruthy());
    expect(within(preview).getByText("پرداخت")).toBeTruthy();
    expect(screen.getByRole("region", { name: "As the receiver sees it" }).textContent).not.toContain(
      "پرداخت",
    );
    expect(screen.getByRole("region", { name: "Message JSON" }).textContent).toContain('"sender_buttons"');
    expect(screen.getByRole("region", { name: "Message problems" }).textContent).toContain("No problems");
  });

  it("keeps its undo steps over a reload of the tab (the consent page's way back after Send)", async () => {
    const user = userEvent.setup({ delay: null });
    sessionStorage.clear();
    const first = setup({ draft: draftWith([2]) });
    const sender = screen.getByRole("region", { name: "Sender buttons" });
    within(sender).getByRole("button", { name: "Row 1, button 2: دکمه ۲" }).focus();
    await user.keyboard("{Delete}");
    const left = first.store.getState().draft;
    window.dispatchEvent(new Event("pagehide"));
    cleanup();

    // The page opens again on the draft as it was left: one step back brings the button back.
    const again = setup({ draft: left });
    expect(again.store.getState().past).toHaveLength(1);
    again.store.getState().undo();
    expect(again.store.getState().draft.sender[0]?.buttons.map((b) => b.value.caption)).toEqual([
      "دکمه ۱",
      "دکمه ۲",
    ]);
    cleanup();
    // Taken once: a later page of the tab does not get the steps again.
    const other = setup({ draft: draftWith([3]) });
    expect(other.store.getState().past).toHaveLength(0);
  });

  // A keyboard review: Delete did nothing in the grid, and a removed button could not be brought back.
  it("removes the focused button with Delete and brings it back with Ctrl+Z, focused", async () => {
    const user = userEvent.setup({ delay: null });
    render(<Announcer />);
    const { store } = setup({ draft: draftWith([2]) });
    const sender = screen.getByRole("region", { name: "Sender buttons" });
    const second = within(sender).getByRole("button", { name: "Row 1, button 2: دکمه ۲" });
    second.focus();
    await user.keyboard("{Delete}");
    expect(store.getState().draft.sender[0]?.buttons.map((b) => b.value.caption)).toEqual(["دکمه ۱"]);
    expect(spoken()).toContain("Removed دکمه ۲. Undo with Ctrl+Z.");
    // The grid's key line says so, its words apart.
    expect(document.querySelector(".chat-hint")?.textContent).toContain("drag move it; Delete removes it");
    await user.keyboard("{Control>}z{/Control}");
    expect(store.getState().draft.sender[0]?.buttons.map((b) => b.value.caption)).toEqual([
      "دکمه ۱",
      "دکمه ۲",
    ]);
    const announcer = document.getElementById("editor-announcer");
    expect(announcer?.textContent).toBe("Undone: دکمه ۲ is back; 0 more steps to undo.");
    await waitFor(() =>
      expect(document.activeElement?.getAttribute("aria-label")).toBe("Row 1, button 2: دکمه ۲"),
    );
    // Typing a caption is one step, undone at once.
    const caption = within(screen.getByRole("region", { name: "Selected button" })).getByLabelText(/Caption/);
    await user.clear(caption);
    await user.type(caption, "پرداخت");
    await user.keyboard("{Control>}z{/Control}");
    expect(store.getState().draft.sender[0]?.buttons[1]?.value.caption).toBe("دکمه ۲");
    await user.keyboard("{Control>}{Shift>}z{/Shift}{/Control}");
    expect(store.getState().draft.sender[0]?.buttons[1]?.value.caption).toBe("پرداخت");
    expect(announcer?.textContent).toBe("Redone; 0 more steps to redo.");
  });

  it("moves a button with the inspector's buttons, says why a move is refused, and removes it", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = setup({ draft: draftWith([3, 1]) });
    const sender = screen.getByRole("region", { name: "Sender buttons" });
    await user.click(within(sender).getByRole("button", { name: "Row 2, button 1: دکمه ۴" }));
    const inspector = screen.getByRole("region", { name: "Selected button" });
    // Up into a full row is offered neither by the inspector nor done by Alt+↑, which says why.
    const up = within(inspector).getByRole("button", { name: "Move to the row above" }) as HTMLButtonElement;
    expect(up.disabled).toBe(true);
    expect(up.title).toContain("Row 1 is full");
    within(sender).getByRole("button", { name: "Row 2, button 1: دکمه ۴" }).focus();
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(store.getState().draft.sender.map((r) => r.buttons.length)).toEqual([3, 1]);
    expect(spoken()).toContain("Row 1 is full: the app draws at most 3 buttons in a row.");
    // Alone in the last row, it has nowhere down, earlier or later to go either.
    const enabled = (name: string) =>
      !(within(inspector).getByRole("button", { name }) as HTMLButtonElement).disabled;
    expect(enabled("Move to the row below (or a new row)")).toBe(false);
    expect(enabled("Move right (earlier in the row)")).toBe(false);
    expect(enabled("Move left (later in the row)")).toBe(false);
    await user.click(within(inspector).getByRole("button", { name: "Remove button" }));
    expect(store.getState().draft.sender.map((r) => r.buttons.length)).toEqual([3]);
    expect(spoken()).toContain("Removed دکمه ۴.");
    // The last button left takes the selection and the focus the Remove button had.
    const last = within(sender).getByRole("button", { name: "Row 1, button 3: دکمه ۳" });
    expect(last.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(last));
    expect(inspector.textContent).toContain("Sender buttons · row 1, button 3");
  });

  it("shows the action kind with a short label and says what it does and its JSON name", async () => {
    const user = userEvent.setup({ delay: null });
    setup({ draft: draftWith([1]) });
    await user.click(screen.getByRole("button", { name: "Row 1, button 1: دکمه ۱" }));
    const kind = within(screen.getByRole("region", { name: "Selected button" })).getByLabelText(
      "Kind",
    ) as HTMLSelectElement;
    expect(kind.selectedOptions[0]?.textContent).toBe("Server link");
    const help = document.getElementById(kind.getAttribute("aria-describedby")?.split(" ")[0] ?? "");
    expect(help?.textContent).toContain("open_server_link");
    expect(help?.textContent).toContain("start address");
  });

  it("shows a missing caption at the field, on the cell and in the problems list, and blocks sending", async () => {
    const user = userEvent.setup({ delay: null });
    setup({ draft: draftWith([1]) });
    const cell = screen.getByRole("button", { name: "Row 1, button 1: دکمه ۱" });
    await user.click(cell);
    const inspector = screen.getByRole("region", { name: "Selected button" });
    await user.clear(within(inspector).getByLabelText(/Caption/));
    expect(inspector.textContent).toContain("Caption must not be empty");
    expect(screen.getByRole("button", { name: "Row 1, button 1: no caption" }).className).toContain(
      "is-invalid",
    );
    const list = screen.getByRole("region", { name: "Message problems" });
    expect(list.textContent).toContain("sender_buttons.rows[0].buttons[0].caption");
    await user.type(screen.getByLabelText("Conversation id"), "conv-1");
    expect((screen.getByRole("button", { name: "Send message" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("takes the user from a problem to its field: the message, or the button it names", async () => {
    const user = userEvent.setup({ delay: null });
    const draft = draftWith([2]);
    const second = draft.sender[0]?.buttons[1];
    if (second) second.value = { ...second.value, caption: "" };
    setup({ draft: { ...draft, message: "" } });
    const list = screen.getByRole("region", { name: "Message problems" });
    await user.click(within(list).getByRole("button", { name: "Error at message" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Message"));
    await user.click(
      within(list).getByRole("button", { name: "Error at sender_buttons.rows[0].buttons[1].caption" }),
    );
    // The named button is the one selected (its caption field empty), and the focus is in the inspector.
    const inspector = screen.getByRole("region", { name: "Selected button" });
    expect((within(inspector).getByLabelText(/Caption/) as HTMLInputElement).value).toBe("");
    expect(inspector.contains(document.activeElement)).toBe(true);
  });

  it("offers no add cell at 9 buttons and shows the 3-per-row layout warning", () => {
    setup({ draft: draftWith([4, 3, 2]) });
    const sender = screen.getByRole("region", { name: "Sender buttons" });
    expect(within(sender).queryAllByRole("button", { name: /^Add a/ })).toEqual([]);
    expect(sender.textContent).toContain("at most 9 buttons");
    expect(sender.textContent).toContain("shows at most 3 in a row");
    const receiver = screen.getByRole("region", { name: "Receiver buttons" });
    expect(within(receiver).getByRole("button", { name: "Add a receiver button in a new row" })).toBeTruthy();
  });

  it("sends to the conversation, and goes through OAuth for CONVERSATION_SEND_MESSAGE when needed", async () => {
    const user = userEvent.setup({ delay: null });
    const authorizeUrl =
      "/oauth/start?scope=CONVERSATION_SEND_MESSAGE.conv-1&returnTo=%2Fchat%3Fresume%3Dsend";
    let missing = true;
    const { calls, navigate, storage } = setup({
      route: (url) => {
        // Signed in without the conversation's scope (the editor signs in before sending; the proxy's
        // 403 stays the fallback), then with it.
        if (url === "/api/session")
          return json(200, { signedIn: true, scopes: missing ? [] : ["CONVERSATION_SEND_MESSAGE.conv-1"] });
        return missing
          ? json(
              403,
              studioError("missing_scope", { scope: "CONVERSATION_SEND_MESSAGE.conv-1", authorizeUrl }),
            )
          : json(200, { ok: true, result: {} });
      },
    });
    await user.type(screen.getByLabelText("Conversation id"), "conv-1");
    const send = screen.getByRole("button", { name: "Send message" });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await user.click(send);
    await waitFor(() => expect(keyless(navigate.mock.lastCall?.[0])).toBe(authorizeUrl));
    expect(storage.map.get("addon-studio.pending-oauth")).toContain("conv-1");
    missing = false;
    await user.click(send);
    await screen.findByText("Sent to conversation conv-1.");
    const sent = calls.filter((c) => c.url.startsWith("/api/conversations/conv-1/messages"));
    expect(sent.at(-1)?.body).toEqual({ message: ops.emptyChatDraft().message });
  });

  it("after sending to the emulator links to the conversation page", async () => {
    const user = userEvent.setup({ delay: null });
    setup({
      draft: { ...draftWith([2]), conversationId: "conv-9" },
      route: (url) =>
        url === "/api/session"
          ? json(200, {
              signedIn: true,
              scopes: ["CONVERSATION_SEND_MESSAGE.conv-9"],
              mode: "emulator",
              postPageUrl: "http://127.0.0.1:9001/posts/{post_token}",
              emulator: {
                index: "http://127.0.0.1:9001/",
                demoPostToken: "gZ3kQx9aB1cD",
                demoConversationId: "3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c",
                userPageUrl: "http://127.0.0.1:9001/users/{user}",
                conversationPageUrl: "http://127.0.0.1:9001/conversations/{conversation}",
              },
            })
          : json(200, { ok: true, result: { message: "ok", status: "SENT" } }),
    });
    expect(screen.getByRole("group", { name: "Sender row 1" }).getAttribute("dir")).toBe("rtl");
    expect(screen.getByText("As the sender sees it")).toBeTruthy();

    const send = screen.getByRole("button", { name: "Send message" });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    await user.click(send);
    await screen.findByText("Sent to conversation conv-9.");
    expect(
      screen.getByRole("link", { name: "Open the conversation on the emulator" }).getAttribute("href"),
    ).toBe("http://127.0.0.1:9001/conversations/conv-9");
  });

  it("holds Send while the platform's Retry-After runs: a message sent then would only be refused", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = setup({
      draft: { ...draftWith([2]), conversationId: "conv-9" },
      route: (url) =>
        url === "/api/session"
          ? json(200, { signedIn: true, scopes: ["CONVERSATION_SEND_MESSAGE.conv-9"], mode: "emulator" })
          : json(429, studioError("upstream_rate_limited", { retryAfter: 30, upstreamStatus: 429 })),
    });
    const send = screen.getByRole<HTMLButtonElement>("button", { name: "Send message" });
    await waitFor(() => expect(send.disabled).toBe(false));
    await user.click(send);
    await screen.findByText("You can try again in 30 s.");
    expect(send.disabled).toBe(true);
    // A screen reader is told why, not only that it is disabled.
    expect(
      screen.getByRole("button", {
        name: "Send message",
        description: /^The last send was told to wait: sending is held for (30|29) s more\.$/,
      }),
    ).toBe(send);
    expect(calls.filter((c) => c.url.startsWith("/api/conversations/")).length).toBe(1);
  });
});

describe("chat preview theme", () => {
  const previewTheme = () => {
    const group = within(screen.getByRole("region", { name: "Chat preview" })).getByRole("radiogroup", {
      name: "Preview theme",
    });
    return within(group)
      .getAllByRole("radio")
      .filter((r) => (r as HTMLInputElement).checked)
      .map((r) => (r as HTMLInputElement).value);
  };

  it("starts in the editor's theme and follows it, as the add-on preview does", () => {
    const { setTheme } = setup({ theme: "dark" });
    expect(previewTheme()).toEqual(["dark"]);
    setTheme("light");
    expect(previewTheme()).toEqual(["light"]);
  });

  it("without a theme given, starts dark when the browser prefers dark", () => {
    const had = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({
        matches: query === "(prefers-color-scheme: dark)",
        media: query,
      }) as MediaQueryList) as typeof window.matchMedia;
    try {
      setup();
      expect(previewTheme()).toEqual(["dark"]);
    } finally {
      window.matchMedia = had;
    }
  });
});

describe("chat composer: importing a message body", () => {
  const importBox = () => screen.getByLabelText(/^Paste a message body to import/);
  const importButton = () =>
    within(screen.getByRole("region", { name: "Message JSON" })).getByRole("button", { name: "Import JSON" });

  it("loads a v2 body into the grids, keeps the conversation, and leaves the message as it was on bad input", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = setup();
    store.getState().setConversationId("conv-7");
    const body = {
      message: "گزارش آماده است",
      sender_buttons: {
        rows: [
          {
            buttons: [
              { caption: "مشاهده", action: { open_direct_link: "https://example.com/r" } },
              { caption: "تماس", action: { open_server_link: { data: { k: "v" } } } },
            ],
          },
        ],
      },
    };
    // Not JSON: said where, nothing changed.
    await user.click(importBox());
    await user.paste('{"message": "x",}');
    await user.click(importButton());
    expect(screen.getByRole("alert").textContent).toMatch(
      /not valid JSON at line 1, column 17: trailing comma.*import again; the message you are composing was not changed\./,
    );
    expect(store.getState().draft.message).toBe(ops.emptyChatDraft().message);
    // An add-on is not a message.
    await user.clear(importBox());
    await user.paste(JSON.stringify({ widgets: [{ title_row: { text: "a" } }] }));
    await user.click(importButton());
    expect(screen.getByRole("alert").textContent).toMatch(/not a chat message body .*Add-on tab/);

    await user.clear(importBox());
    await user.paste(JSON.stringify(body));
    await user.click(importButton());
    expect(spoken()).toContain("Imported the message: 2 sender and 0 receiver buttons.");
    expect(spoken()).not.toContain("Left out");
    const d = store.getState().draft;
    expect(ops.chatBody(d)).toEqual(body);
    expect(d.conversationId).toBe("conv-7");
    const sender = screen.getByRole("region", { name: "Sender buttons" });
    expect(within(sender).getByRole("button", { name: "Row 1, button 1: مشاهده" })).toBeTruthy();
  });

  it("migrates the old send body with a report, and asks before replacing a message being composed", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = setup();
    store.getState().setMessage("پیام خودم");
    const old = { user_id: "u1", peer_id: "p1", post_token: "gZx7yK3aB1cD", type: "TEXT", message: "سلام" };
    const confirm = window.confirm;
    const asked: string[] = [];
    try {
      window.confirm = (m?: string) => {
        asked.push(m ?? "");
        return false;
      };
      // A first paste that is not JSON says so; the good paste after it, declined, says it was not imported.
      await user.click(importBox());
      await user.paste("{not json");
      await user.click(importButton());
      expect(screen.getByRole("alert").textContent).toContain("not valid JSON");
      await user.clear(importBox());
      await user.paste(JSON.stringify(old));
      await user.click(importButton());
      expect(asked).toEqual(["Replace the message you are composing with the imported one?"]);
      expect(store.getState().draft.message).toBe("پیام خودم");
      expect(screen.queryByText(/not valid JSON/)).toBeNull();
      expect(spoken()).toContain("Not imported: the message you are composing was kept.");
      window.confirm = () => true;
      await user.click(importButton());
    } finally {
      window.confirm = confirm;
    }
    expect(store.getState().draft.message).toBe("سلام");
    expect(spoken()).toMatch(/Migrated an old send body \(\d+ changes\) and imported it/);
    expect(screen.getByText("Migration report")).toBeTruthy();
    // A field the composer has no place for is named, not silently lost.
    store.getState().replaceDraft(ops.emptyChatDraft());
    await user.clear(importBox());
    await user.paste(JSON.stringify({ message: "الف", note: "for the team" }));
    await user.click(importButton());
    expect(spoken()).toContain("Left out (the composer has no place for them): note.");
  });
});

describe("chat button icons", () => {
  it("the inspector's icon picker writes icon, the live platform's name; the deprecated icon_name shows only where a button has it", async () => {
    const user = userEvent.setup({ delay: null });
    const draft = draftWith([2]);
    const [fresh, old] = draft.sender[0]?.buttons ?? [];
    if (!fresh || !old) throw new Error("two buttons expected");
    old.value = { ...old.value, icon_name: "CALL" };
    const { store } = setup({ draft });
    const inspector = screen.getByRole("region", { name: "Selected button" });
    await user.click(screen.getByRole("button", { name: /^Row 1, button 1:/ }));
    await user.click(within(inspector).getByRole("button", { name: "Browse icons" }));
    fireEvent.change(await within(inspector).findByLabelText("Search icons", {}, { timeout: 5000 }), {
      target: { value: "info outline" },
    });
    fireEvent.keyDown(within(inspector).getByLabelText("Search icons"), { key: "Enter" });
    const value = store.getState().draft.sender[0]?.buttons[0]?.value;
    expect(value?.icon).toBe("INFO_OUTLINE");
    expect(value && "icon_name" in value).toBe(false);
    expect(within(inspector).getAllByRole("button", { name: "Browse icons" })).toHaveLength(1);
    // An old draft's button with the spec's spelling: shown with the rename its warning offers.
    expect(within(inspector).queryByText("icon_name")).toBeNull();
    await user.click(screen.getByRole("button", { name: /^Row 1, button 2:/ }));
    const problemsRegion = screen.getByRole("region", { name: "Message problems" });
    expect(problemsRegion.textContent).toContain("sender_buttons.rows[0].buttons[1].icon_name");
    expect(problemsRegion.textContent).toMatch(/deprecated: rename it to icon/);
    expect(within(inspector).getByText('"CALL"')).toBeTruthy();
    const steps = store.getState().past.length;
    await user.click(within(inspector).getByRole("button", { name: "Rename icon_name to icon" }));
    expect(store.getState().draft.sender[0]?.buttons[1]?.value).toEqual({
      ...old.value,
      icon_name: undefined,
      icon: "CALL",
    });
    expect(Object.keys(store.getState().draft.sender[0]?.buttons[1]?.value ?? {})).not.toContain("icon_name");
    expect(store.getState().past.length).toBe(steps + 1);
    expect(problemsRegion.textContent).not.toContain("icon_name");
    // Focus stays in the inspector, on its heading, not dropped with the pressed button.
    expect(document.activeElement?.className).toBe("chat-inspector-title");
  });

  it("an icon picked for a button that has only the deprecated icon_name replaces it, in one undo step", async () => {
    const draft = draftWith([1]);
    const [old] = draft.sender[0]?.buttons ?? [];
    if (!old) throw new Error("a button expected");
    old.value = { ...old.value, icon_name: "CALL" };
    const { store } = setup({ draft });
    const inspector = screen.getByRole("region", { name: "Selected button" });
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: /^Row 1, button 1:/ }));
    // The old field is a named group: the Problems list's jump lands on something a screen reader names.
    expect(within(inspector).getByRole("group", { name: "icon_name" })).toBeTruthy();
    const steps = store.getState().past.length;
    fireEvent.click(within(inspector).getByRole("button", { name: "Browse icons" }));
    fireEvent.change(await within(inspector).findByLabelText("Search icons", {}, { timeout: 5000 }), {
      target: { value: "info outline" },
    });
    fireEvent.keyDown(within(inspector).getByLabelText("Search icons"), { key: "Enter" });
    const value = store.getState().draft.sender[0]?.buttons[0]?.value ?? {};
    expect(value.icon).toBe("INFO_OUTLINE");
    expect(Object.keys(value)).not.toContain("icon_name");
    expect(store.getState().past.length).toBe(steps + 1);
    expect(screen.getByRole("region", { name: "Message problems" }).textContent).not.toContain("icon");
  });
});

describe("chat grid problem marks", () => {
  it("marks a button with only a warning (an unknown icon, it still sends) apart from one with an error", () => {
    const draft = draftWith([3]);
    const [warned, broken, clean] = draft.sender[0]?.buttons ?? [];
    if (!warned || !broken || !clean) throw new Error("three buttons expected");
    warned.value = { ...warned.value, icon: "NOT_AN_ICON_XX" };
    broken.value = { ...broken.value, action: { open_direct_link: "https://" } };
    setup({ draft });
    const cell = (i: number) =>
      screen.getByRole("button", { name: new RegExp(`^Row 1, button ${i}:`) }).className.split(" ");
    expect(cell(1)).toContain("is-warned");
    expect(cell(1)).not.toContain("is-invalid");
    expect(cell(2)).toContain("is-invalid");
    expect(cell(3)).not.toContain("is-warned");
    expect(cell(3)).not.toContain("is-invalid");
    // One error (the warning does not count): "it", not "them".
    expect(screen.getByText(/^The message has 1 error/).textContent).toBe(
      "The message has 1 error: fix it to send.",
    );
  });
});

describe("chat send target", () => {
  it("a conversation id the platform cannot name (a space, a slash) keeps Send off and says why, never a broken sign-in", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, navigate } = setup({
      route: (url) => (url === "/api/session" ? json(200, { signedIn: false, scopes: [] }) : json(500, {})),
    });
    const input = screen.getByLabelText("Conversation id");
    await user.type(input, "abc def/ghi");
    const send = screen.getByRole<HTMLButtonElement>("button", { name: "Send message" });
    expect(send.disabled).toBe(true);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/1 to 128 letters, digits, _ or -/)).toBeTruthy();
    await user.click(send);
    expect(navigate).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.url.startsWith("/api/conversations/"))).toEqual([]);
    await user.clear(input);
    await user.type(input, "conv-1");
    await waitFor(() => expect(send.disabled).toBe(false));
    expect(input.getAttribute("aria-invalid")).toBe("false");
  });
});
