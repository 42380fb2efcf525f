// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it } from "vitest";
import { getAtPath } from "../../src/editor/store/json-paths";
import { inspector } from "../helpers/queries";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

// Add image fills the new image's id with "logo" and focuses it: what the user types next must
// replace it, not be appended to it ("logocar_side").
it("a new list item's first field is selected, so typing replaces its starting text", async () => {
  const user = userEvent.setup({ delay: null });
  const { store } = renderStudio();
  await user.click(screen.getByRole("button", { name: "Add Image carousel" }));
  await user.click(inspector().getByRole("button", { name: "Add image" }));
  const box = document.activeElement as HTMLInputElement;
  expect(box.id).toBe("field:widgets/0/image_carousel_row/items/1/image_id");
  expect(box.value).toBe("logo");
  await user.keyboard("car_side");
  const items = getAtPath(store.getState().doc.widgets[0]?.widget, ["image_carousel_row", "items"]) as Array<{
    image_id: string;
  }>;
  expect(items.map((i) => i.image_id)).toEqual(["logo", "car_side"]);
});
