// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { scrollIntoContainer } from "../../src/editor/ui/scroll-into-container";

/** A box of `height` px showing content of `content` px, scrolled to `scrollTop`, at y = 100. */
function scroller(height: number, content: number, scrollTop: number) {
  const box = document.createElement("div");
  Object.defineProperty(box, "clientHeight", { value: height });
  Object.defineProperty(box, "scrollHeight", { value: content });
  box.scrollTop = scrollTop;
  box.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width: 300, height });
  return box;
}

/** A row at content offset `top`, `height` tall, placed as the scroll position puts it. */
function row(box: HTMLElement, top: number, height: number) {
  const el = document.createElement("div");
  el.getBoundingClientRect = () =>
    DOMRect.fromRect({ x: 0, y: 100 + top - box.scrollTop, width: 300, height });
  return el;
}

describe("scrollIntoContainer", () => {
  it("scrolls down just enough to show a row below the box, and up for a row above it", () => {
    const box = scroller(400, 20000, 0);
    scrollIntoContainer(row(box, 1000, 50), box);
    // The row's bottom (1050) sits 8 px above the box's bottom (400).
    expect(box.scrollTop).toBe(1050 - 400 + 8);
    scrollIntoContainer(row(box, 100, 50), box);
    expect(box.scrollTop).toBe(100 - 8);
  });

  it("leaves a visible row, and a box that does not scroll, alone", () => {
    const box = scroller(400, 20000, 500);
    scrollIntoContainer(row(box, 600, 50), box);
    expect(box.scrollTop).toBe(500);
    const still = scroller(400, 400, 0);
    scrollIntoContainer(row(still, 1000, 50), still);
    expect(still.scrollTop).toBe(0);
  });

  it("shows the top of a row taller than the box", () => {
    const box = scroller(400, 20000, 0);
    scrollIntoContainer(row(box, 1000, 900), box);
    expect(box.scrollTop).toBe(1000 - 8);
  });

  it("scrolls only the box it is given (the preview's phone screen), not the column around it", () => {
    const column = scroller(800, 800, 0);
    const phone = scroller(400, 3000, 0);
    phone.style.overflowY = "auto";
    column.append(phone);
    const frame = row(phone, 1000, 50);
    phone.append(frame);
    scrollIntoContainer(frame, phone);
    expect(phone.scrollTop).toBe(1050 - 400 + 8);
    expect(column.scrollTop).toBe(0);
  });
});
