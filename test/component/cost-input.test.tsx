// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { selectProblems } from "../../src/editor/store/selectors";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(inspector().getByRole("tab", { name: /Add-on settings/ }));
  return inspector().getByLabelText("Cost") as HTMLInputElement;
}

describe("Add-on settings: cost", () => {
  it("keeps a half-typed number in the field and the previous cost in the document, with an error meanwhile", async () => {
    const user = userEvent.setup();
    const { store } = renderStudio();
    // Cost belongs to the user add-on.
    store.getState().setKind("user");
    store.getState().setDocumentField(["cost"], 1200);
    const cost = await openSettings(user);
    expect(cost.value).toBe("1200");

    fireEvent.change(cost, { target: { value: "-" } });
    expect(cost.value).toBe("-");
    expect(store.getState().doc.fields.cost).toBe(1200);
    expect(
      inspector().getByText(/"-" is not a number yet, so the add-on keeps its cost of 1200/),
    ).toBeTruthy();
    expect(cost.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(cost, { target: { value: "1." } });
    expect(cost.value).toBe("1.");
    expect(store.getState().doc.fields.cost).toBe(1200);

    await user.type(cost, "5");
    expect(cost.value).toBe("1.5");
    expect(store.getState().doc.fields.cost).toBe(1.5);
    expect(inspector().queryByText(/is not a number yet/)).toBeNull();
  });

  it("removes the cost when the field is emptied, and reads Persian digits", async () => {
    const user = userEvent.setup();
    const { store } = renderStudio();
    // Cost belongs to the user add-on.
    store.getState().setKind("user");
    store.getState().setDocumentField(["cost"], 7);
    const cost = await openSettings(user);
    await user.clear(cost);
    expect(cost.value).toBe("");
    expect("cost" in store.getState().doc.fields).toBe(false);
    await user.type(cost, "۱۲۰۰");
    expect(store.getState().doc.fields.cost).toBe(1200);
    expect(cost.value).toBe("۱۲۰۰");
  });

  it("shows the document's value again when it changes elsewhere (undo, another tab)", async () => {
    const user = userEvent.setup();
    const { store } = renderStudio();
    // Cost belongs to the user add-on.
    store.getState().setKind("user");
    const cost = await openSettings(user);
    await user.type(cost, "30");
    await user.tab();
    expect(store.getState().doc.fields.cost).toBe(30);
    fireEvent.change(cost, { target: { value: "3x" } });
    expect(store.getState().doc.fields.cost).toBe(30);
    store.getState().setDocumentField(["cost"], 45);
    await screen.findByDisplayValue("45");
    expect(inspector().queryByText(/is not a number yet/)).toBeNull();
  });

  it("another draft with the same cost shows its cost, not the text typed into this one", async () => {
    const user = userEvent.setup();
    const { store, session } = renderStudio();
    store.getState().setKind("user");
    store.getState().setDocumentField(["cost"], 30);
    const first = session.ui.getState().currentId;
    const cost = await openSettings(user);
    fireEvent.change(cost, { target: { value: "3x" } });
    expect(store.getState().costText).toBe("3x");
    // A second user draft with the same cost, then back to the first.
    act(() => session.newDraft(store.getState().doc));
    const second = session.ui.getState().currentId;
    expect(second).not.toBe(first);
    expect((inspector().getByLabelText("Cost") as HTMLInputElement).value).toBe("30");
    expect(store.getState().costText).toBeNull();
    expect(selectProblems(store.getState()).errors).toEqual([]);
    act(() => {
      session.switchTo(first);
    });
    expect((inspector().getByLabelText("Cost") as HTMLInputElement).value).toBe("30");
    expect(inspector().queryByText(/is not a number yet/)).toBeNull();
  });

  it("counts a cost that is not a number as an error of the add-on, in the problems and for publishing", async () => {
    const user = userEvent.setup();
    const { store } = renderStudio();
    store.getState().setKind("user");
    store.getState().setDocumentField(["cost"], 100);
    const cost = await openSettings(user);
    fireEvent.change(cost, { target: { value: "abc" } });
    expect(store.getState().doc.fields.cost).toBe(100);
    const errors = () => selectProblems(store.getState()).errors;
    expect(errors().map((p) => p.code)).toEqual(["cost_not_a_number"]);
    // The problems panel lists it, and the summary no longer calls the add-on valid.
    const panel = screen.getByRole("region", { name: "Problems" });
    expect(panel.textContent).toContain('"abc" is not a number yet, so the add-on keeps its cost of 100');
    expect(panel.textContent).not.toContain("this add-on is valid");
    // Shown once under the field, not twice.
    expect(inspector().getAllByText(/"abc" is not a number yet/)).toHaveLength(1);

    fireEvent.change(cost, { target: { value: "250" } });
    expect(store.getState().doc.fields.cost).toBe(250);
    expect(errors()).toEqual([]);
    // Text that is not a number when the field goes away (another tab) leaves no error behind: the
    // field shows the document's value when it comes back.
    fireEvent.change(cost, { target: { value: "2x" } });
    expect(errors()).toHaveLength(1);
    await user.click(inspector().getByRole("tab", { name: /Widget/ }));
    expect(errors()).toEqual([]);
  });
});
