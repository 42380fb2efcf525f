// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { decompressFromEncodedURIComponent } from "lz-string";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { documentFromBody } from "../../src/editor/store/document";
import { selectExportBody, selectProblems } from "../../src/editor/store/selectors";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const V1_BODY = {
  widgets: {
    widget_list: [
      {
        widget_type: "EVENT_ROW",
        data: {
          "@type": "type.googleapis.com/widgets.EventRowData",
          title: "تعویض روغن",
          image_url: "service_oil.png",
          icon: { icon_name: "HISTORY", icon_color: "ICON_SECONDARY" },
          padded: true,
        },
      },
    ],
  },
};

async function openJson(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("tab", { name: "JSON" }));
  // The panel is loaded on demand: the first load transforms its modules, slow on a busy machine.
  return within(await screen.findByRole("region", { name: "JSON" }, { timeout: 15_000 }));
}

function exported(): unknown {
  return JSON.parse(screen.getByLabelText("Export body (JSON)").textContent ?? "");
}

function paste(panel: ReturnType<typeof within>, text: string) {
  fireEvent.change(panel.getByLabelText(/Paste JSON to import/), { target: { value: text } });
}

describe("JSON panel", () => {
  it("draws exactly the pretty-printed body, widget by widget", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const panel = await openJson(user);
    const view = () => screen.getByLabelText("Export body (JSON)").textContent;
    expect(view()).toBe(JSON.stringify({ widgets: [] }, null, 2));
    // An empty body is one block: a block that starts with a line break draws a blank line.
    const blocks = () => [...screen.getByLabelText("Export body (JSON)").children];
    expect(blocks().map((b) => b.textContent?.startsWith("\n"))).toEqual([false]);
    paste(panel, JSON.stringify({ widgets: [], semantic: { status: "SUCCEEDED" }, notes: "یادداشت" }));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(view()).toBe(JSON.stringify(selectExportBody(store.getState()), null, 2));
    await user.click(screen.getByRole("button", { name: "Add Group info" }));
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    expect(view()).toBe(JSON.stringify(selectExportBody(store.getState()), null, 2));
  });

  it("isolates each right-to-left string between its quotes, and its text stays the JSON", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = await openJson(user);
    const body = {
      widgets: [
        { title_row: { text: "206 تیپ ۲ «سفید»" } },
        { subtitle_row: { text: 'Plain "quoted" text' } },
      ],
      notes: "یادداشت",
    };
    paste(panel, JSON.stringify(body));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    const view = screen.getByLabelText("Export body (JSON)");
    // Laid out in its own direction (from its first letter, the ت) instead of the line's: the numbers and
    // «» stay in the string's order. Strings of left-to-right text, and the keys, are left as they are.
    expect([...view.querySelectorAll("bdi")].map((b) => b.textContent)).toEqual([
      "206 تیپ ۲ «سفید»",
      "یادداشت",
    ]);
    expect(view.querySelector("bdi")?.previousSibling?.textContent?.endsWith('"text": "')).toBe(true);
    expect(JSON.parse(view.textContent ?? "")).toEqual(body);
  });

  it("shows the export body live, without editor ids", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await openJson(user);
    const id = store.getState().doc.widgets[0]?.id ?? "missing";
    expect(exported()).toEqual({ widgets: [{ title_row: { text: "گزارش کارشناسی خودرو" } }] });
    expect(screen.getByLabelText("Export body (JSON)").textContent).not.toContain(id);
  });

  it("migrates a v1 body, shows the report, and re-imports its own export unchanged", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = await openJson(user);
    paste(panel, JSON.stringify(V1_BODY));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByText(/Migrated a v1 post add-on/)).toBeTruthy();
    expect(panel.getByText("Migration report")).toBeTruthy();
    const body = exported();
    expect(body).toEqual({
      widgets: [{ event_row: { title: "تعویض روغن", image_id: "service_oil.png", icon_name: "HISTORY" } }],
    });
    paste(panel, JSON.stringify(body));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByText(/Loaded a v2 post add-on/)).toBeTruthy();
    expect(exported()).toEqual(body);
  });

  it("converts v1 leftovers in a v2 body, keeps a widget whose colour has no v2 form, and shows the error on that field", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = await openJson(user);
    const section = (text: string, section_color: string) => ({ text, section_color });
    paste(
      panel,
      JSON.stringify({
        widgets: [
          {
            evaluation_row: {
              indicator_text: "قیمت",
              indicator_percentage: 30,
              left: section("گران", "ICON_SECONDARY"),
              middle: section("منصفانه", "WARNING_PRIMARY"),
              right: section("ارزان", "SUCCESS_PRIMARY"),
            },
          },
        ],
      }),
    );
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(
      panel.getByText(/converted its v1 leftovers and old spellings \(1 change, listed below\)/),
    ).toBeTruthy();
    expect(panel.getByText(/ICON_SECONDARY is a v1 colour with no v2 counterpart/)).toBeTruthy();
    expect(exported()).toEqual({
      widgets: [
        {
          evaluation_row: {
            indicator_text: "قیمت",
            indicator_percentage: 30,
            left: { text: "گران" },
            middle: section("منصفانه", "WARNING_PRIMARY"),
            right: section("ارزان", "SUCCESS_PRIMARY"),
          },
        },
      ],
    });
    await user.click(screen.getByRole("button", { name: "Evaluation, widget 1" }));
    expect(inspector().getByText(/is required: add one of SUCCESS_PRIMARY/)).toBeTruthy();
  });

  it("loads a v2 body with errors and says so", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = await openJson(user);
    paste(panel, JSON.stringify({ widgets: [{ title_row: { text: "" } }] }));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByText(/It came with 1 error: the Problems tab lists what is left to fix/)).toBeTruthy();
    expect(screen.getAllByRole("listitem", { name: "Title, widget 1" })).toHaveLength(1);
  });

  it("keeps a widget with a typo'd kind and names it, instead of leaving it out", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = await openJson(user);
    const typo = { widgets: [{ title_rows: { text: "سلام" } }] };
    paste(panel, JSON.stringify(typo));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    const said = panel.getByText(/Loaded a v2 post add-on/).textContent ?? "";
    expect(said).toMatch(
      /Loaded a v2 post add-on.*It came with \d+ errors?: the Problems tab lists what is left/,
    );
    expect(said).not.toMatch(/left out|valid/);
    expect(exported()).toEqual(typo);
  });

  it("renames a lowerCamelCase field on import, keeping its value, and lists the rename", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = await openJson(user);
    paste(panel, JSON.stringify({ widgets: [{ title_row: { text: "سلام", hasDivider: true } }] }));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByText(/converted its v1 leftovers and old spellings \(1 change/)).toBeTruthy();
    expect(panel.getByText(/hasDivider renamed to has_divider/)).toBeTruthy();
    expect(exported()).toEqual({ widgets: [{ title_row: { text: "سلام", has_divider: true } }] });
  });

  it("refuses invalid JSON with line and column, and leaves the document exactly as it was", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const before = store.getState().doc;
    const panel = await openJson(user);
    paste(panel, '{\n  "widgets": [\n    {"title_row": }\n  ]\n}');
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByRole("alert").textContent).toMatch(
      /not valid JSON at line 3, column \d+.*your document was not changed/,
    );
    expect(store.getState().doc).toBe(before);
  });

  it("moves focus to the import result, a live region, after each import", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = await openJson(user);
    paste(panel, '{"widgets": [ ]');
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    const error = panel.getByRole("alert");
    expect(error.textContent).toMatch(/not valid JSON/);
    expect(document.activeElement).toBe(error);
    paste(panel, JSON.stringify({ widgets: [] }));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    const ok = panel.getByText(/Loaded a v2 post add-on/).closest('[role="status"]');
    expect(ok).not.toBeNull();
    expect(document.activeElement).toBe(ok);
  });

  it("refuses a body that is neither v1 nor v2", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const before = store.getState().doc;
    const panel = await openJson(user);
    paste(panel, JSON.stringify({ title: "hello", items: [1, 2] }));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByRole("alert").textContent).toMatch(
      /neither a v1 nor a v2 body.*Your document was not changed/,
    );
    paste(panel, JSON.stringify({ message: "سلام" }));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByRole("alert").textContent).toMatch(/chat message body/);
    expect(store.getState().doc).toBe(before);
  });

  it("accepts a pasted body that starts with a byte order mark", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const panel = await openJson(user);
    const body = { widgets: [{ subtitle_row: { text: "زیرعنوان" } }] };
    paste(panel, `\uFEFF${JSON.stringify(body, null, 2)}`);
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByText(/Loaded a v2 post add-on/)).toBeTruthy();
    expect(selectExportBody(store.getState())).toEqual(body);
  });

  it("refuses a body with more widgets than the editor can take, and an oversized file, leaving the document as it was", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    const before = store.getState().doc;
    const panel = await openJson(user);
    const many = { widgets: Array.from({ length: 2001 }, () => ({ title_row: { text: "x" } })) };
    paste(panel, JSON.stringify(many));
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    expect(panel.getByRole("alert").textContent).toMatch(
      /2,001 widgets; the editor takes at most 2,000.*Your document was not changed/,
    );
    const big = new File(["x"], "big.json", { type: "application/json" });
    Object.defineProperty(big, "size", { value: 11 * 1024 * 1024 });
    await user.upload(panel.getByLabelText("JSON file to import"), big);
    expect(panel.getByRole("alert").textContent).toMatch(
      /big.json is 11.0 MB; the editor imports files up to 10 MB/,
    );
    expect(store.getState().doc).toBe(before);
  });

  it("imports from a file", async () => {
    const user = userEvent.setup({ delay: null });
    renderStudio();
    const panel = await openJson(user);
    const file = new File(
      [JSON.stringify({ widgets: [{ subtitle_row: { text: "زیرعنوان" } }] })],
      "addon.json",
      {
        type: "application/json",
      },
    );
    await user.upload(panel.getByLabelText("JSON file to import"), file);
    expect(await panel.findByText(/Loaded a v2 post add-on from addon.json/)).toBeTruthy();
  });
});

describe("nulls are never exported", () => {
  /** Reads what Download JSON hands the browser. */
  async function downloaded(user: ReturnType<typeof userEvent.setup>, panel: ReturnType<typeof within>) {
    const blobs: Blob[] = [];
    const create = URL.createObjectURL;
    const revoke = URL.revokeObjectURL;
    URL.createObjectURL = (b: Blob | MediaSource) => {
      if (b instanceof Blob) blobs.push(b);
      return "blob:test";
    };
    URL.revokeObjectURL = () => {};
    try {
      await user.click(panel.getByRole("button", { name: "Download JSON" }));
    } finally {
      URL.createObjectURL = create;
      URL.revokeObjectURL = revoke;
    }
    const blob = blobs[0];
    return blob ? JSON.parse(await blob.text()) : undefined;
  }

  async function copied(user: ReturnType<typeof userEvent.setup>, panel: ReturnType<typeof within>) {
    await user.click(panel.getByRole("button", { name: "Copy JSON" }));
    return JSON.parse(await navigator.clipboard.readText());
  }

  it("leaves a null on an optional field out of the shown, copied and downloaded JSON and the share link", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const panel = await openJson(user);
    // A document holding nulls on optional fields (the import drops them; a draft of an older
    // version, or a rename of a null key before this session, kept them).
    const body = {
      widgets: [{ title_row: { text: "عنوان", has_divider: null } }, { description_row: { text: "متن" } }],
      notes: null,
    };
    const doc = documentFromBody("post", body, body.widgets);
    act(() => store.getState().replace(doc));
    const expected = {
      widgets: [{ title_row: { text: "عنوان" } }, { description_row: { text: "متن" } }],
    };
    expect(exported()).toEqual(expected);
    expect(await copied(user, panel)).toEqual(expected);
    expect(await downloaded(user, panel)).toEqual(expected);
    await user.click(screen.getByRole("button", { name: /^Share/ }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toContain("#doc="));
    const packed = new URLSearchParams(new URL(await navigator.clipboard.readText()).hash.slice(1)).get(
      "doc",
    );
    expect(JSON.parse(decompressFromEncodedURIComponent(packed ?? ""))).toEqual({
      kind: "post",
      body: expected,
    });
    // The document keeps what it holds, and the Problems tab still says each null is left out.
    expect(store.getState().doc.widgets[0]?.widget).toEqual(body.widgets[0]);
    const warned = selectProblems(store.getState()).warnings.map((p) => p.code);
    expect(warned.filter((c) => c === "null_as_absent")).toHaveLength(2);
  });

  it("removes a null instead of renaming it with the inspector's fixes, so none reaches the export", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const panel = await openJson(user);
    paste(
      panel,
      JSON.stringify({
        widgets: [
          { titleRow: { text: "عنوان", hasDivider: null } },
          { score_row: { title: "امتیاز", percentageScore: 50 } },
        ],
      }),
    );
    await user.click(panel.getByRole("button", { name: "Import JSON" }));
    await user.click(screen.getByRole("button", { name: "Unknown widget, widget 1" }));
    await user.click(inspector().getByRole("button", { name: "Rename titleRow to title_row" }));
    await user.click(await inspector().findByRole("button", { name: /Rename .*hasDivider to has_divider/ }));
    expect(store.getState().doc.widgets[0]?.widget).toEqual({ title_row: { text: "عنوان" } });
    const expected = {
      widgets: [{ title_row: { text: "عنوان" } }, { score_row: { title: "امتیاز", percentage_score: 50 } }],
    };
    expect(exported()).toEqual(expected);
    expect(await copied(user, panel)).toEqual(expected);
  });
});
