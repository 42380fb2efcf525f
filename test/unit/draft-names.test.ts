import { describe, expect, it } from "vitest";
import { type DraftMeta, uniqueDraftName } from "../../src/editor/drafts/draft-storage";

const meta = (name: string): DraftMeta => ({ id: name, name, updatedAt: 0 });

describe("a new draft's name beside the others", () => {
  it("is the name itself while free, then numbered from 2", () => {
    expect(uniqueDraftName([meta("Car check")], "Untitled add-on")).toBe("Untitled add-on");
    expect(uniqueDraftName([meta("Untitled add-on"), meta("Untitled add-on 2")], "Untitled add-on")).toBe(
      "Untitled add-on 3",
    );
  });

  it("numbers a Persian name in Persian digits, as its reader writes them", () => {
    const base = "آپارتمان سعادت‌آباد";
    expect(uniqueDraftName([meta(base)], base)).toBe("آپارتمان سعادت‌آباد ۲");
    expect(uniqueDraftName([meta(base), meta(`${base} ۲`)], base)).toBe("آپارتمان سعادت‌آباد ۳");
  });
});
