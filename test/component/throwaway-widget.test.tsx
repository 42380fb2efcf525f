// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { selectExportBody } from "../../src/editor/store/selectors";
import { validateBody } from "../../src/platform";
import { toJsonSchema } from "../../src/platform/json-schema";
import { AddonPreview } from "../../src/preview/addon-preview";
import { WIDGET_KINDS } from "../../src/widgets/registry";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

// Registering a widget is one line in each registry list (widgets/metas.ts, widgets/models.ts,
// widgets/views.ts). This file adds test/fixtures/widgets/note-row as that line would; vi.mock replaces the lists
// for this test file only (vitest isolates modules per file), so no other test sees the widget.
vi.mock("../../src/widgets/models", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/widgets/models")>();
  const { noteRow } = await import("../fixtures/widgets/note-row/model");
  return { ...real, WIDGET_MODELS: [...real.WIDGET_MODELS, noteRow] };
});
// The palette, list and preview read the widgets' plain facts (widgets/metas.ts) without zod; a model
// carries the same facts, so the model stands for them here.
vi.mock("../../src/widgets/metas", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/widgets/metas")>();
  const { noteRow } = await import("../fixtures/widgets/note-row/model");
  return { ...real, WIDGET_METAS: [...real.WIDGET_METAS, noteRow] };
});
vi.mock("../../src/widgets/views", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/widgets/views")>();
  const { NoteRowPreview } = await import("../fixtures/widgets/note-row/preview");
  const { NoteRowThumbnail } = await import("../fixtures/widgets/note-row/thumbnail");
  return {
    ...real,
    WIDGET_VIEWS: {
      ...real.WIDGET_VIEWS,
      note_row: { Preview: NoteRowPreview, Thumbnail: NoteRowThumbnail },
    },
  };
});

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const note = (text: string) => ({ widgets: [{ note_row: { text } }] });

describe("a widget added as one folder plus its registry lines", () => {
  it("is registered", () => {
    expect(WIDGET_KINDS).toContain("note_row");
  });

  it("appears in the palette with its thumbnail, and gets a generated inspector", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    const add = screen.getByRole("button", { name: "Add Note" });
    expect(within(add).getByTestId("note-row-thumbnail")).toBeTruthy();
    await user.click(add);
    expect(screen.getByRole("button", { name: "Note, widget 1" })).toBeTruthy();
    const panel = inspector();
    const text = panel.getByLabelText(/^Note text/) as HTMLInputElement;
    expect(text.value).toBe("یادداشت کوتاه");
    fireEvent.change(text, { target: { value: "ب".repeat(31) } });
    expect(panel.getByText(/is 31 characters long; the limit is 30/)).toBeTruthy();
    fireEvent.change(text, { target: { value: "خرید امن" } });
    // Exported as the platform takes it (the editor's ids left out).
    expect(selectExportBody(store.getState())).toEqual(note("خرید امن"));
  });

  it("validates with its own limits and rules", () => {
    expect(validateBody("post", note("خرید امن")).ok).toBe(true);
    const r = validateBody("post", note("ب".repeat(31)));
    expect(r.errors.map((p) => p.at)).toEqual(["widgets[0].note_row.text"]);
    const unknown = validateBody("post", { widgets: [{ note_row: { text: "x", colour: "red" } }] });
    expect(unknown.errors.map((p) => `${p.at}: ${p.message}`).join("\n")).toMatch(/note_row\.colour/);
  });

  it("previews with its own component, named by its summary", () => {
    render(
      <AddonPreview
        widgets={[{ note_row: { text: "خرید امن", highlighted: true } }] as never}
        theme="light"
      />,
    );
    expect(screen.getByText("خرید امن").closest(".pv-note-row")?.className).toContain("pv-note-hi");
  });

  it("appears in the JSON Schema, with its hook's additions", () => {
    type Node = {
      properties?: Record<string, Node>;
      items?: Node;
      anyOf?: Node[];
      description?: string;
      maxLength?: number;
    };
    const post: Node = toJsonSchema("post") as Node;
    // widgets is optional: anyOf its array schema and null (read as not set).
    const own = post.properties?.widgets?.anyOf?.[0]?.items?.properties?.note_row as
      | (Node & { examples?: unknown })
      | undefined;
    expect(own?.description).toBe("note_row: A short highlighted note.");
    expect(own?.properties?.text?.maxLength).toBe(30);
    expect(own?.examples).toEqual([{ text: "یادداشت" }]);
  });
});
