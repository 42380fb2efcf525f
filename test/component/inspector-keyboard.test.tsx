// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getAtPath } from "../../src/editor/store/json-paths";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(inspector().getByRole("tab", { name: /Add-on settings/ }));
}

describe("key/value rows keep keyboard focus", () => {
  it("renaming a key with Enter or Tab keeps focus in the row and Tab reaches its value", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await openSettings(user);
    await user.click(inspector().getByRole("button", { name: "Add key" }));
    const key = inspector().getByLabelText("Key") as HTMLInputElement;
    await user.clear(key);
    await user.type(key, "status{Enter}");
    expect(store.getState().doc.fields.semantic).toEqual({ status: "" });
    // The same input, still in the page and still focused after the rename.
    expect(key.isConnected).toBe(true);
    expect(document.activeElement).toBe(key);
    await user.clear(key);
    await user.type(key, "brand");
    await user.tab();
    expect(store.getState().doc.fields.semantic).toEqual({ brand: "" });
    expect(document.activeElement).toBe(inspector().getByLabelText(/^Value/));
    await user.keyboard("پژو");
    expect(store.getState().doc.fields.semantic).toEqual({ brand: "پژو" });
  });

  it("removing a row focuses the row that took its place, then the add button", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await openSettings(user);
    store.getState().setDocumentField(["semantic"], { status: "SUCCEEDED", brand: "پژو" });
    await user.click(await inspector().findByRole("button", { name: "Remove status" }));
    expect((document.activeElement as HTMLInputElement).value).toBe("brand");
    await user.click(inspector().getByRole("button", { name: "Remove brand" }));
    expect(document.activeElement).toBe(inspector().getByRole("button", { name: "Add key" }));
    expect(store.getState().doc.fields.semantic).toBeUndefined();
  });

  it("a half-typed key belongs to its row: undo that brings another key back shows that key", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await openSettings(user);
    store.getState().setDocumentField(["semantic"], { status: "SUCCEEDED" });
    const key = (await inspector().findByLabelText("Key")) as HTMLInputElement;
    await user.clear(key);
    await user.type(key, "payment_method{Enter}");
    expect(store.getState().doc.fields.semantic).toEqual({ payment_method: "SUCCEEDED" });
    store.getState().undo();
    await waitFor(() => expect((inspector().getByLabelText("Key") as HTMLInputElement).value).toBe("status"));
  });

  it("the Hash button keeps focus when it turns into Hashed", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await openSettings(user);
    store.getState().setDocumentField(["semantic"], { VIN: "ir123" });
    const hash = await inspector().findByRole("button", { name: "Hash VIN" });
    hash.focus();
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect((store.getState().doc.fields.semantic as Record<string, string>).VIN).toMatch(/^[0-9a-f]{64}$/),
    );
    const hashed = inspector().getByRole("button", { name: "Hashed VIN" });
    expect(document.activeElement).toBe(hashed);
    expect(hashed.getAttribute("aria-disabled")).toBe("true");
    // Pressing it again changes nothing (a hash of the hash would be wrong).
    const before = store.getState().doc;
    await user.keyboard("{Enter}");
    expect(store.getState().doc).toBe(before);
  });
});

describe("action editor", () => {
  it("keeps data when switching between the data kinds and restores what a kind held", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Button" }));
    const action = () => getAtPath(store.getState().doc.widgets[0]?.widget, ["button_bar", "action"]);
    const kind = inspector().getByLabelText("Kind");
    await user.selectOptions(kind, "open_direct_link");
    const url = inspector().getByLabelText(/Address/) as HTMLInputElement;
    await user.clear(url);
    await user.type(url, "https://example.com/report");
    await user.selectOptions(kind, "open_server_link");
    store.getState().setWidgetField(store.getState().doc.widgets[0]?.id ?? "", ["button_bar", "action"], {
      open_server_link: { data: { id: "42" } },
    });
    await user.selectOptions(inspector().getByLabelText("Kind"), "get_dynamic_action");
    expect(action()).toEqual({ get_dynamic_action: { data: { id: "42" } } });
    await user.selectOptions(inspector().getByLabelText("Kind"), "open_direct_link");
    expect(action()).toEqual({ open_direct_link: "https://example.com/report" });
    await user.selectOptions(inspector().getByLabelText("Kind"), "get_dynamic_action");
    expect(action()).toEqual({ get_dynamic_action: { data: { id: "42" } } });
    // Each switch is its own undo step.
    store.getState().undo();
    expect(action()).toEqual({ open_direct_link: "https://example.com/report" });
  });

  it("carries the post token between the two post-page kinds", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Button" }));
    await user.selectOptions(inspector().getByLabelText("Kind"), "open_post_page");
    await user.type(inspector().getByLabelText(/Post token/), "gZx7yK3a");
    await user.selectOptions(inspector().getByLabelText("Kind"), "open_post_manage_page");
    expect(getAtPath(store.getState().doc.widgets[0]?.widget, ["button_bar", "action"])).toEqual({
      open_post_manage_page: { post_token: "gZx7yK3a" },
    });
  });
});

describe("icon picker", () => {
  it("Escape closes it and returns focus to the icon field; Enter picks the first match", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Selector" }));
    await user.click(inspector().getAllByRole("button", { name: "Browse icons" })[0] as HTMLElement);
    // The picker is loaded on demand; a busy machine can take more than findBy's default second.
    const search = await inspector().findByLabelText("Search icons", {}, { timeout: 5000 });
    expect(document.activeElement).toBe(search);
    // With nothing typed, a reflex Enter picks nothing: the icon stays as it was, the picker open.
    const before = getAtPath(store.getState().doc.widgets[0]?.widget, ["selector_row", "icon_name"]);
    await user.keyboard("{Enter}");
    expect(getAtPath(store.getState().doc.widgets[0]?.widget, ["selector_row", "icon_name"])).toBe(before);
    expect(inspector().getByLabelText("Search icons")).toBe(search);
    expect(search.getAttribute("aria-describedby") ?? "").toBeTruthy();
    expect(inspector().getByText(/icons; Escape closes\./)).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(inspector().queryByLabelText("Search icons")).toBeNull();
    const field = document.activeElement as HTMLInputElement;
    expect(field.id).toMatch(/icon/);
    await user.click(inspector().getAllByRole("button", { name: "Browse icons" })[0] as HTMLElement);
    fireEvent.change(await inspector().findByLabelText("Search icons", {}, { timeout: 5000 }), {
      target: { value: "info outline" },
    });
    fireEvent.keyDown(inspector().getByLabelText("Search icons"), { key: "Enter" });
    const picked = getAtPath(store.getState().doc.widgets[0]?.widget, ["selector_row", "icon_name"]);
    expect(String(picked)).toContain("INFO_OUTLINE");
    expect(inspector().queryByLabelText("Search icons")).toBeNull();
  });
});

describe("palette while the add-on settings show", () => {
  it("adding a widget shows it in the inspector", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    await openSettings(user);
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    expect(inspector().getByRole("tab", { name: "Widget" }).getAttribute("aria-selected")).toBe("true");
    expect(inspector().getByRole("heading", { name: /Title widget 1/ })).toBeTruthy();
  });
});

describe("semantic paths", () => {
  it("offers the add-on's own semantic keys, then the predefined ones, for a path's key", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    store.getState().setDocumentField(["semantic"], { brand: "پژو" });
    await user.click(screen.getByRole("button", { name: "Add Selector" }));
    await user.click(inspector().getByRole("button", { name: "Add semantic key" }));
    const key = inspector().getByRole("combobox", { name: "Semantic key" }) as HTMLInputElement;
    const list = document.getElementById(key.getAttribute("list") ?? "");
    const offered = [...(list?.querySelectorAll("option") ?? [])].map((o) => o.value);
    expect(offered[0]).toBe("brand");
    expect(offered).toContain("inspection_result");
    expect(offered).toContain("VIN");
  });
});
