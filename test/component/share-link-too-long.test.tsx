// @vitest-environment jsdom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_IMPORT_WIDGETS } from "../../src/editor/json/limits";
import { SHARE_LINK_MAX } from "../../src/editor/share/link-length";
import { documentFromBody } from "../../src/editor/store/document";
import { captureDownloads } from "../helpers/downloads";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

/** Expandable descriptions of varied CJK text, which compresses badly: a link of ~1.2 million characters. */
function hardToCompress(): Record<string, unknown>[] {
  let seed = 7;
  const text = (n: number) =>
    Array.from({ length: n }, () => {
      seed = (seed * 48271) % 2147483647;
      return String.fromCharCode(0x4e00 + (seed % 20000));
    }).join("");
  return Array.from({ length: 400 }, () => ({ description_row: { text: text(1000), expandable: true } }));
}

describe("Share, for an add-on too large for a link browsers open", () => {
  it("copies no link, says why and offers the add-on as a file", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const widgets = hardToCompress();
    act(() => store.getState().load(documentFromBody("post", { widgets }, widgets)));
    await navigator.clipboard.writeText("before");
    const { downloads, restore } = captureDownloads();
    try {
      await user.click(screen.getByRole("button", { name: "Share" }));
      const group = await screen.findByRole("group", { name: "Share link" }, { timeout: 20_000 });
      const status = within(group).getByRole("status");
      expect(status.textContent).toMatch(
        new RegExp(
          `too large for a share link: the link would be [\\d,]+ characters, and browsers open at most ${SHARE_LINK_MAX.toLocaleString("en")}`,
        ),
      );
      expect(status.textContent).toContain("No link was copied");
      // Nothing claims the link opens, and no link is offered to copy by hand.
      expect(group.textContent).not.toContain("Browsers open it");
      expect(within(group).queryByLabelText("Share link")).toBeNull();
      expect(await navigator.clipboard.readText()).toBe("before");
      const download = within(group).getByRole("button", { name: "Download JSON" });
      expect(document.activeElement).toBe(download);
      await user.click(download);
      expect(downloads.map((d) => d.name)).toEqual(["post-addon.json"]);
      const text = (await downloads[0]?.blob?.text()) ?? "";
      expect(JSON.parse(text).widgets).toEqual(widgets);
      expect(status.textContent).toContain("Downloaded post-addon.json: send this file instead of a link.");
    } finally {
      restore();
    }
  }, 60_000);

  it("gives no link to an add-on of more widgets than the studio opens, and says how many to delete", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const widgets = Array.from({ length: MAX_IMPORT_WIDGETS + 1 }, (_, i) => ({
      title_row: { text: `Row ${i}` },
    }));
    act(() => store.getState().load(documentFromBody("post", { widgets }, widgets)));
    await navigator.clipboard.writeText("before");
    await user.click(screen.getByRole("button", { name: "Share" }));
    const group = await screen.findByRole("group", { name: "Share link" }, { timeout: 20_000 });
    expect(within(group).getByRole("status").textContent).toBe(
      "This add-on has 2,001 widgets; the studio opens at most 2,000, so a link to it (or its JSON file) would be refused where it is opened. No link was copied. Delete 1 widget, or split the add-on into two drafts, then share.",
    );
    expect(within(group).queryByLabelText("Share link")).toBeNull();
    expect(within(group).queryByRole("button", { name: "Download JSON" })).toBeNull();
    expect(await navigator.clipboard.readText()).toBe("before");
    expect(document.activeElement).toBe(within(group).getByRole("button", { name: "Close" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: "Share link" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Share" }));
  }, 60_000);
});
