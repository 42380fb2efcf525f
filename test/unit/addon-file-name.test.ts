import { describe, expect, it } from "vitest";
import { addonFileName } from "../../src/editor/json/addon-file";

describe("the name an add-on downloads under", () => {
  it("is the kind's own name for a draft without a name of its own", () => {
    expect(addonFileName("post")).toBe("post-addon.json");
    expect(addonFileName("user", "")).toBe("user-addon.json");
  });

  it("starts with the draft's name, Persian kept, characters file systems refuse replaced", () => {
    expect(addonFileName("post", "Car inspection")).toBe("Car inspection.post-addon.json");
    expect(addonFileName("user", "گزارش کارشناسی")).toBe("گزارش کارشناسی.user-addon.json");
    expect(addonFileName("post", 'a/b\\c:d*e?"f<g>h|i')).toBe("a - b - c - d e f g h - i.post-addon.json");
    expect(addonFileName("post", 'گزارش: "خودرو" / 1403')).toBe("گزارش - خودرو - 1403.post-addon.json");
    expect(addonFileName("post", "tab\there\nnew line")).toBe("tab here new line.post-addon.json");
  });

  it("is never hidden, empty or too long", () => {
    expect(addonFileName("post", ".hidden")).toBe("hidden.post-addon.json");
    expect(addonFileName("post", "trailing dots... ")).toBe("trailing dots.post-addon.json");
    expect(addonFileName("post", "///")).toBe("post-addon.json");
    const long = addonFileName("post", "ب".repeat(200));
    expect(long).toBe(`${"ب".repeat(80)}.post-addon.json`);
  });
});
