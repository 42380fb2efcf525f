// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { documentFromBody } from "../../src/editor/store/document";
import { captureDownloads } from "../helpers/downloads";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

/** `count` expandable descriptions (no length limit) of `chars` letters: a valid body. */
function body(count: number, chars: number): string {
  const widgets = Array.from({ length: count }, (_, i) => ({
    description_row: { text: `${i} ${"x".repeat(chars)}`, expandable: true },
  }));
  return JSON.stringify({ widgets });
}

async function importPasted(text: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole("tab", { name: "JSON" }));
  const panel = within(await screen.findByRole("region", { name: "JSON" }, { timeout: 15_000 }));
  fireEvent.change(panel.getByLabelText(/Paste JSON to import/), { target: { value: text } });
  await user.click(panel.getByRole("button", { name: "Import JSON" }));
  return panel;
}

describe("importing a body the studio cannot publish in one request", () => {
  it("is loaded, and the outcome says it is over 1 MB and to split it before publishing", async () => {
    const { store } = renderStudio();
    const panel = await importPasted(body(1100, 1000));
    expect(store.getState().doc.widgets).toHaveLength(1100);
    const outcome = panel.getByText(/^Loaded a v2 post add-on/).closest(".import-outcome");
    expect(outcome?.textContent).toContain("It is valid.");
    expect(outcome?.textContent).toMatch(
      /At 1,\d{3} KB as JSON it is over the 1 MB the studio publishes in one request: split it/,
    );
    expect(outcome?.className).toContain("is-warn");
  });

  it("says nothing of size for a body under the limit", async () => {
    renderStudio();
    const panel = await importPasted(body(900, 1000));
    expect(panel.getByText(/^Loaded a v2 post add-on/).textContent).not.toContain("1 MB");
  });

  it("Download JSON of more widgets than an import takes says so, and how many to delete", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const widgets = Array.from({ length: 2003 }, (_, i) => ({ title_row: { text: `Row ${i}` } }));
    act(() => store.getState().load(documentFromBody("post", { widgets }, widgets)));
    await user.click(screen.getByRole("tab", { name: /^JSON/ }));
    const panel = within(await screen.findByRole("region", { name: "JSON" }, { timeout: 15_000 }));
    const { downloads, restore } = captureDownloads();
    try {
      await user.click(panel.getByRole("button", { name: "Download JSON" }));
    } finally {
      restore();
    }
    expect(downloads.map((d) => d.name)).toEqual(["post-addon.json"]);
    expect(
      panel.getByText(
        "Downloaded post-addon.json. It has 2,003 widgets and the studio imports at most 2,000: delete 3 (or split the add-on) before opening it here again.",
      ),
    ).toBeTruthy();
  });
});
