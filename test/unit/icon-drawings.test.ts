import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { planAll, planIcon, readSymbolPath, symbolsDir } from "../../scripts/extract-icons.mjs";
import { HAND_MAPPED } from "../../scripts/icon-symbol-table.mjs";
import { renderAddonBody } from "../../src/emulator/render-addon";
import { ICON_NAMES } from "../../src/platform/icons";
import { symbolFileOf } from "../../src/preview/icon-index";
import { ALL_SYMBOL_PATHS } from "../../src/preview/icon-symbols/all-paths";
import index from "../../src/preview/icon-symbols/index.json";

const DATA = new URL("../../src/preview/icon-symbols/", import.meta.url);
const mapped: Record<string, string> = index;

describe("icon drawings (Material Symbols)", () => {
  it("every mapped name is a known icon name and resolves to a non-empty drawing", () => {
    expect(Object.keys(mapped).length).toBeGreaterThan(250);
    for (const [name, file] of Object.entries(mapped)) {
      expect(ICON_NAMES, name).toContain(name);
      expect(symbolFileOf(name), name).toBe(file);
      const d = ALL_SYMBOL_PATHS[file];
      expect(d, `${name} -> ${file}`).toMatch(/^[Mm][-0-9.]/);
      expect(JSON.parse(readFileSync(new URL(`paths/${file}.json`, DATA), "utf8"))).toBe(d);
    }
  });

  it("ships exactly the drawings the index uses, so none is dead weight", () => {
    const files = readdirSync(new URL("paths/", DATA)).map((f) => f.replace(/\.json$/, ""));
    expect(new Set(files)).toEqual(new Set(Object.values(mapped)));
    expect(new Set(Object.keys(ALL_SYMBOL_PATHS))).toEqual(new Set(files));
  });

  it("draws the issue's Material names by exact name, filled unless the name says outline", () => {
    expect(symbolFileOf("ARROW_FORWARD")).toBe("arrow_forward-fill");
    expect(symbolFileOf("REFRESH")).toBe("refresh-fill");
    expect(symbolFileOf("CONTENT_COPY")).toBe("content_copy-fill");
    expect(symbolFileOf("PHOTO_LIBRARY")).toBe("photo_library-fill");
    expect(symbolFileOf("SHOW_CHART")).toBe("show_chart-fill");
    expect(symbolFileOf("TRENDING_UP")).toBe("trending_up-fill");
    expect(symbolFileOf("CHECK_BOX_OUTLINE_BLANK")).toBe("check_box_outline_blank");
  });

  it("reads _OUTLINE, _O and _BORDER as the outlined style and _F as the filled one", () => {
    expect(symbolFileOf("INFO")).toBe("info-fill");
    expect(symbolFileOf("INFO_OUTLINE")).toBe("info");
    expect(symbolFileOf("STAR_BORDER")).toBe("star");
    expect(symbolFileOf("TRASH_O")).toBe("delete");
    expect(symbolFileOf("TRASH_F")).toBe("delete-fill");
    expect(symbolFileOf("CHAT_BUBBLE_F")).toBe("chat_bubble-fill");
  });

  it("maps platform-specific names by the hand table and leaves the rest to the placeholder", () => {
    expect(symbolFileOf("CAT_VEHICLES")).toBe("directions_car-fill");
    expect(symbolFileOf("CAR_ODOMETER")).toBe("speed-fill");
    expect(symbolFileOf("PLACE")).toBe("location_on-fill");
    // Brands and car colours have no honest symbol: the labelled placeholder stays.
    expect(symbolFileOf("BRAND_PEUGEOT")).toBeUndefined();
    expect(symbolFileOf("CAR_COLOR_RED")).toBeUndefined();
    expect(symbolFileOf("SOME_UNKNOWN_ICON")).toBeUndefined();
    // Inherited object keys are not icon names.
    expect(symbolFileOf("constructor")).toBeUndefined();
  });

  it("applies the rules in order: exact name, hand table, style suffix on an exact or mapped base", () => {
    const has = (s: string) => ["info", "check_box_outline_blank", "delete"].includes(s);
    const table = { TRASH: "delete", INFO: "delete" };
    expect(planIcon("INFO", has, table)).toEqual({ file: "info-fill", rule: "exact" });
    expect(planIcon("CHECK_BOX_OUTLINE_BLANK", has, table)).toEqual({
      file: "check_box_outline_blank",
      rule: "exact",
    });
    expect(planIcon("INFO_OUTLINE", has, table)).toEqual({ file: "info", rule: "outlined" });
    expect(planIcon("TRASH", has, table)).toEqual({ file: "delete-fill", rule: "mapped" });
    expect(planIcon("TRASH_O", has, table)).toEqual({ file: "delete", rule: "mapped" });
    expect(planIcon("NOPE", has, table)).toBeUndefined();
    expect(planIcon("NOPE_OUTLINE", has, table)).toBeUndefined();
  });

  it("the committed drawings are what scripts/extract-icons.mjs takes from the package (npm run icons)", () => {
    const dir = symbolsDir();
    const plan = planAll(ICON_NAMES, dir);
    expect(Object.fromEntries(Object.entries(plan).map(([n, p]) => [n, p.file]))).toEqual(mapped);
    for (const file of new Set(Object.values(mapped)))
      expect(ALL_SYMBOL_PATHS[file]).toBe(readSymbolPath(dir, file));
    // Every hand-written entry is used by some name (a typo in a key would silently draw nothing).
    for (const key of Object.keys(HAND_MAPPED))
      expect(
        Object.keys(plan).some((n) => n === key || n.startsWith(`${key}_`)),
        key,
      ).toBe(true);
  });

  it("the emulator's server-drawn page draws mapped icons at once and the placeholder for the rest", () => {
    const html = renderAddonBody("post", {
      widgets: [
        { selector_row: { title: "نقشه", icon_name: "REFRESH" } },
        { selector_row: { title: "برند", icon_name: "BRAND_PEUGEOT" } },
      ],
    });
    const refresh = /<svg[^>]*data-icon="REFRESH"[^>]*>(.*?)<\/svg>/.exec(html)?.[1] ?? "";
    expect(refresh).toContain(`<path d="${ALL_SYMBOL_PATHS[symbolFileOf("REFRESH") ?? ""]}"`);
    const brand = /<svg[^>]*data-icon="BRAND_PEUGEOT"[^>]*>(.*?)<\/svg>/.exec(html)?.[1] ?? "";
    expect(brand).toContain("placeholder");
    expect(brand).not.toContain("<path");
  });
});
