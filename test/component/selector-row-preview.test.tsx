// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { COLOR_SWATCHES } from "../../src/platform";
import type { PreviewTheme, WidgetValue } from "../../src/preview/preview-kit";
import { SelectorRowPreview } from "../../src/widgets/selector-row/preview";

afterEach(cleanup);

/** jsdom reports colours as rgb(); the palette writes hex. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

function draw(value: WidgetValue<"selector_row">, theme: PreviewTheme = "light") {
  return render(<SelectorRowPreview value={value} theme={theme} />);
}

describe("selector_row preview", () => {
  it("draws the icon, not the image, when both icon_name and image_id are set (the docs' picture of that body)", () => {
    draw({ title: "این یک سلکتور رو هست", image_id: "someuuid.jpg", icon_name: "ADD" });
    expect(screen.getByRole("img", { name: "Icon ADD" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Image someuuid.jpg" })).toBeNull();
  });

  it("draws the image when there is no icon", () => {
    draw({ title: "جزئیات", image_id: "front_1" });
    expect(screen.getByRole("img", { name: "Image front_1" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: /^Icon / })).toBeNull();
  });

  it("draws neither without an icon or an image", () => {
    const { container } = draw({ title: "جزئیات" });
    expect(container.querySelector(".pv-icon, .pv-image")).toBeNull();
  });

  it.each(["light", "dark"] as const)("paints the icon in the palette's SUCCESS_PRIMARY (%s)", (theme) => {
    draw({ title: "جزئیات", icon_name: "ADD" }, theme);
    // An svg element: getByRole types it as an HTMLElement, both have the inline style.
    expect(screen.getByRole("img", { name: "Icon ADD" }).style.color).toBe(
      rgb(COLOR_SWATCHES.SUCCESS_PRIMARY[theme]),
    );
  });
});
