// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { selectExportBody } from "../../src/editor/store/selectors";
import { TEMPLATES } from "../../src/editor/templates/templates";
import { validateBody } from "../../src/platform";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe("templates", () => {
  it("offers the four required add-ons", () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual(
      expect.arrayContaining(["car-inspection", "real-estate", "identity-verification", "seller-rating"]),
    );
  });

  it.each(TEMPLATES.map((t) => [t.name, t] as const))(
    "%s is a valid body with no warnings, in Persian",
    (_, t) => {
      const res = validateBody(t.kind, t.body);
      expect(res.errors).toEqual([]);
      expect(res.warnings).toEqual([]);
      expect(JSON.stringify(t.body)).toMatch(/[\u0600-\u06FF]/);
    },
  );

  it("opens a template as a new draft, keeping the current one", async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderStudio();
    await user.click(screen.getByRole("button", { name: "Add Title" }));
    await user.click(screen.getByRole("button", { name: "Templates" }));
    await user.click(
      await screen.findByRole("button", { name: "Use template: Identity verification result" }),
    );
    await waitFor(() => expect(store.getState().doc.kind).toBe("user"));
    const identity = TEMPLATES.find((t) => t.id === "identity-verification");
    expect(selectExportBody(store.getState())).toEqual(identity?.body);
    expect(store.getState().doc.kind).toBe("user");
    const names = [...(screen.getByLabelText("Open draft") as HTMLSelectElement).options].map((o) => o.text);
    expect(names).toEqual(["Identity verification result", "Untitled add-on"]);
  });
});
