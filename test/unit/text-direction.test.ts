import { describe, expect, it } from "vitest";
import { textDirection } from "../../src/editor/ui/text-direction";

describe("a text's direction by its first strong letter", () => {
  it.each([
    ["آپارتمان ۱۲۰ متری (فروش)", "rtl"],
    ["۲۰۶ تیپ ۲", "rtl"], // Persian digits are weak: the first letter decides
    ["۲۰۶ Peugeot", "ltr"],
    ["، Peugeot", "ltr"], // Arabic punctuation is neutral too
    ["206 تیپ ۲ «سفید»", "rtl"],
    ["«خانه‌ها» می‌شود", "rtl"],
    ["Car report ۲", "ltr"],
    ["BMW X5 مدل 2020", "ltr"],
    ["ﻻ presentation form", "rtl"],
    ["12,500 – ", "ltr"], // no letter at all
    ["", "ltr"],
  ])("%s reads %s", (text, dir) => {
    expect(textDirection(text)).toBe(dir);
  });
});
