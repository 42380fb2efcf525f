// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createProxyClient } from "../../src/editor/proxy/proxy-client";
import { PublishPanel } from "../../src/editor/publish/publish-panel";
import { documentFromBody } from "../../src/editor/store/document";
import { createEditorStore } from "../../src/editor/store/editor-store";
import { EditorStoreProvider } from "../../src/editor/store/editor-store-context";
import { fakeFetch } from "../helpers/fake-fetch";
import { flowEnv, json, memoryStorage } from "../helpers/flow-env";

afterEach(cleanup);

const SESSION = { signedIn: true, scopes: ["USER_POSTS_ADDON_CREATE"], mode: "emulator" };

describe("a publish of 2,000 widgets that each carry a warning", () => {
  it("lists the first ten warnings and counts the rest, instead of drawing (and reading out) 2,000", async () => {
    const widgets = Array.from({ length: 2000 }, (_, i) => ({
      selector_row: { title: `Row ${i}`, icon_name: `no-such-icon-${i % 7}` },
    }));
    // The proxy answers with the body's warnings, as it does (src/server/routes/api-routes.ts).
    const warnings = widgets.map((w, i) => ({
      at: `widgets[${i}].selector_row.icon_name`,
      message: `${w.selector_row.icon_name} is not in the known icon list; the app may show no icon.`,
    }));
    const fetch = fakeFetch(async (url) =>
      url === "/api/session"
        ? json(200, SESSION)
        : json(200, { ok: true, result: {}, attachedLater: true, warnings }),
    );
    const storage = memoryStorage();
    const store = createEditorStore({
      postToken: "gZx7yK3aB1",
      doc: documentFromBody("post", { widgets }, widgets),
    });
    render(
      <EditorStoreProvider store={store}>
        <PublishPanel client={createProxyClient({ fetch })} env={flowEnv(storage).env} storage={storage} />
      </EditorStoreProvider>,
    );
    const publish = screen.getByRole<HTMLButtonElement>("button", { name: "Publish" });
    await waitFor(() => expect(publish.disabled).toBe(false));
    await userEvent.click(publish);
    await screen.findByText("Published to post gZx7yK3aB1.");
    const list = screen.getByRole("list", { name: "Warnings" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(list.textContent).toContain("widgets[0].selector_row.icon_name");
    expect(screen.getByText(/…and 1,990 more warnings: the same ones the editor marks/)).toBeTruthy();
  }, 30_000);
});
