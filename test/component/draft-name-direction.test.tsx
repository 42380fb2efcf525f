// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it } from "vitest";
import { renderStudio } from "./studio-harness";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

// The draft name box was left-to-right: a Persian name ("گزارش کارشناسی خودرو") sat at the left
// and, cut by the box, showed a clipped middle; its direction follows what is typed, as the
// inspector's text fields do.
it("the draft name box takes its direction from the name", () => {
  renderStudio();
  const name = screen.getByLabelText("Draft name") as HTMLInputElement;
  fireEvent.change(name, { target: { value: "گزارش کارشناسی خودرو" } });
  expect(name.getAttribute("dir")).toBe("auto");
});
