// @vitest-environment jsdom

import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { compressToEncodedURIComponent } from "lz-string";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startDraftSession } from "../../src/editor/drafts/draft-session";
import { decodeShare, encodeShare, shareUrl } from "../../src/editor/share/share-link";
import { emptyDocument } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { selectExportBody, selectPublishTarget } from "../../src/editor/store/selectors";
import { captureDownloads } from "../helpers/downloads";
import { channels } from "../helpers/tab-channels";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

/** What the page's announcer says now (its polite live region). */
function announced(): string | null | undefined {
  return document.getElementById("editor-announcer")?.textContent;
}

function rowNames() {
  return within(screen.getByRole("list", { name: "Add-on widgets" }))
    .queryAllByRole("listitem")
    .map((li) => li.getAttribute("aria-label"));
}

describe("drafts", () => {
  it("restores the last edit on reload, even one made just before the page was hidden", async () => {
    const user = userEvent.setup({ delay: null });
    const first = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Add Score" }));
    // No wait for the debounce: pagehide must flush.
    act(() => {
      window.dispatchEvent(new Event("pagehide"));
    });
    first.close();
    renderStudio();
    expect(rowNames()).toEqual(["Title, widget 1", "Score, widget 2"]);
  });

  it("New draft asks what to start (post, user, chat), by pointer or keyboard (issue 13.15)", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    store.getState().setKind("user");
    const button = screen.getByRole("button", { name: "New draft" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    // Keyboard: Enter opens the menu on its first choice; the arrows move; Escape gives focus back.
    button.focus();
    await user.keyboard("{Enter}");
    const menu = screen.getByRole("menu", { name: "New draft" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(within(menu).getByRole("menuitem", { name: /^Post add-on/ }));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(within(menu).getByRole("menuitem", { name: /^User add-on/ }));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(within(menu).getByRole("menuitem", { name: /^Chat message/ }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
    // A user add-on is open, yet "Post add-on" starts a post add-on: the kind is asked, not copied.
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    expect(store.getState().doc.kind).toBe("post");
    expect(store.getState().doc.widgets).toEqual([]);
    const select = screen.getByLabelText("Open draft") as HTMLSelectElement;
    expect(select.options).toHaveLength(2);
    await user.click(button);
    await user.click(screen.getByRole("menuitem", { name: /^User add-on/ }));
    expect(store.getState().doc.kind).toBe("user");
    expect(select.options).toHaveLength(3);
    // The draft changed out of sight: a screen reader hears which one is open and that the last is kept.
    expect(announced()).toBe(
      "New user add-on draft “\u2068Untitled add-on 3\u2069” is open; “\u2068Untitled add-on 2\u2069” is kept.",
    );
    await user.click(button);
    await user.click(screen.getByRole("menuitem", { name: /^Chat message/ }));
    const chatTab = screen.getByRole("tab", { name: "Chat message" });
    expect(chatTab.getAttribute("aria-selected")).toBe("true");
    // The menu went with the add-on header: focus is on the chosen mode's tab, not lost to the page.
    await waitFor(() => expect(document.activeElement).toBe(chatTab));
  });

  it("keeps several named drafts: new, rename, switch, delete", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const name = screen.getByLabelText("Draft name");
    await user.clear(name);
    await user.type(name, "Car report{Enter}");
    await user.click(screen.getByRole("button", { name: "New draft" }));
    await user.click(screen.getByRole("menuitem", { name: /^Post add-on/ }));
    expect(rowNames()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Add Subtitle" }));
    const select = screen.getByLabelText("Open draft") as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toContain("Car report");
    await user.selectOptions(select, screen.getByRole("option", { name: "Car report" }));
    expect(rowNames()).toEqual(["Title, widget 1"]);
    await user.selectOptions(select, screen.getByRole("option", { name: "Untitled add-on" }));
    expect(rowNames()).toEqual(["Subtitle, widget 1"]);
    // An arrow key on the closed picker steps its value (as Chrome does): the draft under the keyboard
    // opens on Enter, not on each step; Escape goes back to the open one.
    const car = [...select.options].find((o) => o.text === "Car report")?.value ?? "";
    const step = () => {
      fireEvent.keyDown(select, { key: "ArrowUp" });
      fireEvent.change(select, { target: { value: car } });
    };
    step();
    expect(select.value).toBe(car);
    expect(rowNames()).toEqual(["Subtitle, widget 1"]);
    fireEvent.keyDown(select, { key: "Escape" });
    expect(select.options[select.selectedIndex]?.text).toBe("Untitled add-on");
    // Opening the list (Alt+ArrowDown, Space, F4, a click) starts it on the open draft, so a choice in
    // it is a change even of the draft stepped to (Enter in the list never reaches the page).
    step();
    fireEvent.keyDown(select, { key: "ArrowDown", altKey: true });
    expect(select.options[select.selectedIndex]?.text).toBe("Untitled add-on");
    step();
    fireEvent.mouseDown(select);
    expect(select.options[select.selectedIndex]?.text).toBe("Untitled add-on");
    step();
    fireEvent.keyDown(select, { key: "Enter" });
    expect(rowNames()).toEqual(["Title, widget 1"]);
    await user.selectOptions(select, screen.getByRole("option", { name: "Untitled add-on" }));
    expect(rowNames()).toEqual(["Subtitle, widget 1"]);
    // A name already taken by another draft gets a number, so the picker can tell them apart.
    await user.clear(name);
    await user.type(name, "Car report{Enter}");
    expect([...select.options].map((o) => o.text).sort()).toEqual(["Car report", "Car report 2"]);
    expect((name as HTMLInputElement).value).toBe("Car report 2");
    const confirm = window.confirm;
    window.confirm = () => true;
    try {
      await user.click(screen.getByRole("button", { name: "Delete draft" }));
    } finally {
      window.confirm = confirm;
    }
    expect(rowNames()).toEqual(["Title, widget 1"]);
    expect([...select.options].map((o) => o.text)).toEqual(["Car report"]);
    expect(announced()).toBe(
      "Deleted the draft “\u2068Car report 2\u2069”; “\u2068Car report\u2069” is open.",
    );
    // A Persian name reads from the right in the closed picker (cut at its end, not its start).
    expect(select.getAttribute("dir")).toBe("ltr");
    await user.clear(name);
    await user.type(name, "۲۰۶ تیپ ۲ «سفید»{Enter}");
    expect(select.getAttribute("dir")).toBe("rtl");
  });

  it("an unreadable draft in the picker can be removed, its stored text downloaded first", async () => {
    const user = userEvent.setup({ delay: null });
    // A draft written by another tool (or damaged) beside one the studio can read.
    localStorage.setItem(
      "addon-studio:drafts",
      JSON.stringify([{ id: "bad", name: "Old/report", updatedAt: 1 }]),
    );
    localStorage.setItem("addon-studio:draft:bad", '{"version": 99, "pages": []}');
    renderStudio();
    expect(screen.getByRole("alert").textContent).toMatch(/"Old\/report" could not be read/);
    const select = screen.getByLabelText("Open draft") as HTMLSelectElement;
    const { confirm } = window;
    const { downloads, restore } = captureDownloads();
    const asked: string[] = [];
    try {
      // Declined: the entry and its text stay.
      window.confirm = (m?: string) => {
        asked.push(m ?? "");
        return false;
      };
      await user.selectOptions(select, screen.getByRole("option", { name: "Old/report" }));
      expect(asked[0]).toMatch(
        /could not be read.*Remove it from the list\? Its stored text is downloaded first \(Old_report\.draft\.txt\)/,
      );
      expect(localStorage.getItem("addon-studio:draft:bad")).not.toBeNull();
      expect(downloads).toEqual([]);
      // Accepted: downloaded, then removed from the picker and from storage.
      window.confirm = () => true;
      await user.selectOptions(select, screen.getByRole("option", { name: "Old/report" }));
    } finally {
      restore();
      window.confirm = confirm;
    }
    expect(downloads.map((d) => d.name)).toEqual(["Old_report.draft.txt"]);
    expect(await downloads[0]?.blob?.text()).toBe('{"version": 99, "pages": []}');
    expect(localStorage.getItem("addon-studio:draft:bad")).toBeNull();
    expect([...select.options].map((o) => o.text)).toEqual(["Untitled add-on"]);
    expect(screen.getByText(/Removed the unreadable draft “\u2068Old\/report\u2069”/)).toBeTruthy();
  });

  it("warns when the same draft is open in another tab", () => {
    const channel = channels();
    const a = startDraftSession({ store: createEditorStore(), storage: localStorage, channel: channel() });
    expect(a.ui.getState().openElsewhere).toBe(false);
    const b = startDraftSession({ store: createEditorStore(), storage: localStorage, channel: channel() });
    expect(b.ui.getState().currentId).toBe(a.ui.getState().currentId);
    expect(a.ui.getState().openElsewhere).toBe(true);
    expect(b.ui.getState().openElsewhere).toBe(true);
    b.newDraft(emptyDocument());
    expect(a.ui.getState().openElsewhere).toBe(false);
    b.dispose();
    a.dispose();
  });

  it("drops the warning when the other tab is closed, and warns again when it comes back", () => {
    const channel = channels();
    const a = startDraftSession({ store: createEditorStore(), storage: localStorage, channel: channel() });
    // The second tab's window: closing it fires pagehide, never a dispose.
    const windowB = new EventTarget();
    const b = startDraftSession({
      store: createEditorStore(),
      storage: localStorage,
      channel: channel(),
      target: windowB,
    });
    expect(a.ui.getState().openElsewhere).toBe(true);
    windowB.dispatchEvent(new Event("pagehide"));
    expect(a.ui.getState().openElsewhere).toBe(false);
    const back = Object.assign(new Event("pageshow"), { persisted: true });
    windowB.dispatchEvent(back);
    expect(a.ui.getState().openElsewhere).toBe(true);
    b.dispose();
    a.dispose();
  });
});

describe("storage full", () => {
  it("says plainly that storage is full, keeps the edits, and saves again once there is room", () => {
    let full = false;
    const backing = new Map<string, string>();
    const storage: Storage = {
      get length() {
        return backing.size;
      },
      clear: () => backing.clear(),
      getItem: (k) => backing.get(k) ?? null,
      key: (i) => [...backing.keys()][i] ?? null,
      removeItem: (k) => {
        backing.delete(k);
      },
      setItem: (k, v) => {
        if (full)
          throw new DOMException(
            "Setting the value of 'addon-studio:draft:x' exceeded the quota.",
            "QuotaExceededError",
          );
        backing.set(k, v);
      },
    };
    const store = createEditorStore();
    const session = startDraftSession({ store, storage, debounceMs: 0 });
    full = true;
    store.getState().addWidget("title_row");
    session.flush();
    const error = session.ui.getState().saveError ?? "";
    expect(error).toMatch(/browser storage is full/);
    expect(error).not.toMatch(/addon-studio:draft/);
    expect(store.getState().doc.widgets).toHaveLength(1);
    full = false;
    store.getState().addWidget("score_row");
    session.flush();
    expect(session.ui.getState().saveError).toBeNull();
    const id = session.ui.getState().currentId;
    expect(backing.get(`addon-studio:draft:${id}`)).toContain("score_row");
    session.dispose();
  });
});

describe("publish target", () => {
  it("keeps ?post_token= as the publish target and offers it for post-page actions", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio({ search: "?post_token=gZx7yK3a" });
    expect(selectPublishTarget(store.getState())).toBe("gZx7yK3a");
    await user.click(screen.getByRole("button", { name: "Add Button" }));
    await user.selectOptions(screen.getByLabelText("Kind"), "open_post_page");
    expect((screen.getByLabelText(/^Post token/) as HTMLInputElement).value).toBe("gZx7yK3a");
  });
});

describe("share links", () => {
  it("opens a shared document as a new draft and never over an existing one", async () => {
    const user = userEvent.setup({ delay: null });
    const mine = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    mine.session.flush();
    const before = localStorage.getItem(`addon-studio:draft:${mine.session.ui.getState().currentId}`);
    mine.close();

    const sharer = createEditorStore();
    sharer.getState().setKind("user");
    sharer.getState().addWidget("evaluation_row");
    sharer.getState().setDocumentField(["cost"], 1200);
    const body = selectExportBody(sharer.getState());
    const url = shareUrl("http://localhost/studio", "user", body);
    const opened = renderStudio({ hash: new URL(url).hash });

    expect(selectExportBody(opened.store.getState())).toEqual(body);
    expect(opened.store.getState().doc.kind).toBe("user");
    expect(screen.getByText(/Opened a shared add-on as a new draft/)).toBeTruthy();
    const names = [...(screen.getByLabelText("Open draft") as HTMLSelectElement).options].map((o) => o.text);
    expect(names).toEqual(["Shared add-on", "Untitled add-on"]);
    // The earlier draft is byte for byte what it was.
    const list: Array<{ id: string; name: string }> = JSON.parse(
      localStorage.getItem("addon-studio:drafts") ?? "[]",
    );
    const older = list.find((d) => d.name === "Untitled add-on");
    expect(localStorage.getItem(`addon-studio:draft:${older?.id}`)).toBe(before);
  });

  it("a link carries the draft's name: it opens under the sender's name", async () => {
    const user = userEvent.setup({ delay: null });
    const sender = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const name = screen.getByLabelText("Draft name");
    await user.clear(name);
    await user.type(name, "گزارش کارشناسی خودرو{Enter}");
    await user.click(screen.getByRole("button", { name: "Share" }));
    const group = await screen.findByRole("group", { name: "Share link" });
    const link = (within(group).getByRole("textbox") as HTMLInputElement).value;
    sender.close();
    localStorage.clear();

    const opened = renderStudio({ hash: new URL(link).hash });
    const names = [...(screen.getByLabelText("Open draft") as HTMLSelectElement).options].map((o) => o.text);
    expect(names).toEqual(["گزارش کارشناسی خودرو"]);
    expect(rowNames()).toHaveLength(1);
    opened.close();
  });

  it("a link's name that is not text, or too long, opens as a shared add-on", () => {
    const long = shareUrl("http://localhost/studio", "post", { widgets: [] }, "x".repeat(101));
    expect(decodeShare(new URL(long).hash)?.name).toBeUndefined();
    const packed = compressToEncodedURIComponent(
      JSON.stringify({ kind: "post", body: { widgets: [] }, name: 42 }),
    );
    const odd = decodeShare(`#doc=${packed}`);
    expect(odd?.ok).toBe(true);
    expect(odd?.name).toBeUndefined();
    renderStudio({ hash: `#doc=${packed}` });
    const names = [...(screen.getByLabelText("Open draft") as HTMLSelectElement).options].map((o) => o.text);
    expect(names).toEqual(["Shared add-on"]);
  });

  it("a shared add-on with one error says so in the singular", () => {
    const url = shareUrl("http://localhost/studio", "post", { widgets: [{ title_row: { text: "" } }] });
    renderStudio({ hash: new URL(url).hash });
    expect(screen.getByText(/Opened a shared add-on as a new draft/).textContent).toMatch(
      /It came with 1 error: see Problems\.$/,
    );
  });

  it("says so when a shared link is damaged, and opens the last draft instead", () => {
    const good = encodeShare("post", { widgets: [] });
    renderStudio({ hash: `#${good.slice(0, good.length - 6)}` });
    expect(screen.getByRole("alert").textContent).toMatch(/Could not open the shared link/);
    expect(rowNames()).toEqual([]);
  });
});

describe("header popovers", () => {
  it("Escape in the templates menu closes it and puts focus back on its button", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const button = screen.getByRole("button", { name: "Templates" });
    await user.click(button);
    await screen.findAllByRole("button", { name: /Use template/ });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: "Templates" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("the share popover warns about very long links and Close returns focus to Share", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    // Varied text, so the compressed link really is long.
    let seed = 7;
    const noise = () =>
      Array.from({ length: 40 }, () => {
        seed = (seed * 48271) % 2147483647;
        return String.fromCharCode(97 + (seed % 26));
      }).join("");
    for (let i = 0; i < 400; i++) {
      const id = store.getState().addWidget("title_row") ?? "";
      store.getState().setWidgetField(id, ["title_row", "text"], noise());
    }
    const share = screen.getByRole("button", { name: "Share" });
    await user.click(share);
    const group = await screen.findByRole("group", { name: "Share link" });
    expect(within(group).getByText(/characters long.*send the downloaded JSON file instead/)).toBeTruthy();
    await user.click(within(group).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("group", { name: "Share link" })).toBeNull();
    expect(document.activeElement).toBe(share);
  });
});
