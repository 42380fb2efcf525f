// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COLOR_SWATCHES, newWidget, THEME_TEXT, WIDGET_KINDS, type Widget } from "../../src/platform";
import { AddonPreview } from "../../src/preview/addon-preview";
import { TitleRowPreview } from "../../src/widgets/title-row/preview";
import { WIDGET_VIEWS } from "../../src/widgets/views";

afterEach(cleanup);

/** jsdom reports colours as rgb(); the contract writes hex. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

function show(widgets: Widget[], theme: "light" | "dark" = "light", onSelect = vi.fn()) {
  render(<AddonPreview widgets={widgets} theme={theme} onSelect={onSelect} />);
  return { onSelect, phone: screen.getByRole("region", { name: "Add-on preview" }) };
}

describe("add-on preview", () => {
  it("has a preview for every widget kind and draws each kind's defaults", () => {
    expect(Object.keys(WIDGET_VIEWS).sort()).toEqual([...WIDGET_KINDS].sort());
    show(WIDGET_KINDS.map(newWidget));
    expect(screen.getAllByRole("article")).toHaveLength(WIDGET_KINDS.length);
  });

  it("lays the phone out right to left in Persian with the theme's text colours", () => {
    const { phone } = show([newWidget("title_row")], "dark");
    expect(phone.getAttribute("dir")).toBe("rtl");
    expect(phone.getAttribute("lang")).toBe("fa");
    expect(phone.style.getPropertyValue("--pv-text-primary")).toBe(THEME_TEXT.dark.primary);
    expect(phone.style.getPropertyValue("--pv-divider")).toBe(THEME_TEXT.dark.divider);
  });

  it("shows a title and marks the characters the app cuts", () => {
    const long = `${"ب".repeat(49)}اضافه`;
    show([{ title_row: { text: long } }]);
    const cut = screen.getByRole("deletion");
    expect(cut.textContent).toContain("اضافه");
    expect(cut.title).toContain("limit 49");
    // Zero-width joiners keep the cut word's letters joined; the text itself is unchanged.
    expect(cut.parentElement?.textContent?.replaceAll("\u200D", "")).toBe(long);
    expect(cut.textContent?.startsWith("\u200D")).toBe(true);
  });

  it("does not mark a text within its limit", () => {
    show([{ title_row: { text: "گزارش" } }, { subtitle_row: { text: "زیرعنوان", has_divider: true } }]);
    expect(screen.queryByRole("deletion")).toBeNull();
    expect(screen.getByText("زیرعنوان")).toBeTruthy();
    expect(screen.getAllByRole("separator")).toHaveLength(1);
  });

  it("draws a percentage score as five segments filled in proportion, without a number", () => {
    const w: Widget = {
      score_row: {
        title: "موتور",
        percentage_score: 85,
        score_color: "SUCCESS_PRIMARY",
        icon_name: "HISTORY",
        action: { open_direct_link: "https://example.com" },
      },
    };
    show([w], "light");
    const meter = screen.getByRole("meter", { name: "Percentage score" });
    expect(meter.getAttribute("aria-valuenow")).toBe("85");
    const segments = [...meter.querySelectorAll<HTMLElement>(".pv-score-segment")];
    expect(segments.map((s) => s.dataset.fill)).toEqual(["100", "100", "100", "100", "25"]);
    expect(segments[0]?.style.getPropertyValue("--pv-score")).toBe(COLOR_SWATCHES.SUCCESS_PRIMARY.light);
    // The app shows no number beside the bar; the icon takes the score colour.
    expect(screen.queryByText(/۸۵|85/)).toBeNull();
    expect(screen.getByRole("img", { name: "Icon HISTORY" }).style.color).toBe(
      rgb(COLOR_SWATCHES.SUCCESS_PRIMARY.light),
    );
    // In the right-to-left row: icon, title, bar, then the chevron last (at the left).
    const row = meter.parentElement as HTMLElement;
    expect(row.lastElementChild?.classList.contains("pv-chevron")).toBe(true);
    cleanup();
    show([w], "dark");
    const dark = screen.getByRole("meter").querySelector<HTMLElement>(".pv-score-segment");
    expect(dark?.style.getPropertyValue("--pv-score")).toBe(COLOR_SWATCHES.SUCCESS_PRIMARY.dark);
  });

  // 0 is the platform's unset int32: beside a descriptive score the app shows the text only; the
  // preview drew an empty bar as well.
  it("draws only the descriptive score when the percentage beside it is 0", () => {
    show([
      {
        score_row: {
          title: "موتور",
          percentage_score: 0,
          descriptive_score: "خوب",
          score_color: "ERROR_PRIMARY",
        },
      },
    ]);
    expect(screen.queryByRole("meter")).toBeNull();
    expect(screen.getByText("خوب")).toBeTruthy();
  });

  it("leaves every segment empty at 0% and fills all five at 100%", () => {
    show([
      { score_row: { title: "الف", percentage_score: 0, score_color: "ERROR_PRIMARY" } },
      { score_row: { title: "ب", percentage_score: 100, score_color: "ERROR_PRIMARY" } },
    ]);
    const [empty, full] = screen.getAllByRole("meter");
    const fills = (m: HTMLElement | undefined) =>
      [...(m?.querySelectorAll<HTMLElement>(".pv-score-segment") ?? [])].map((s) => s.dataset.fill);
    expect(fills(empty)).toEqual(["0", "0", "0", "0", "0"]);
    expect(fills(full)).toEqual(["100", "100", "100", "100", "100"]);
    expect(document.querySelector(".pv-chevron")).toBeNull();
  });

  it("draws a descriptive score in its colour, cut at 17 characters", () => {
    show([
      { score_row: { title: "بدنه", descriptive_score: "عالی".repeat(5), score_color: "ERROR_PRIMARY" } },
    ]);
    expect(screen.queryByRole("meter")).toBeNull();
    const cut = screen.getByRole("deletion");
    expect(cut.textContent).toBe("\u200Dالی");
    cleanup();
    // Cut after a letter that never joins the next ("ر" of کاربرد), no joiner: the "ب" starts anew.
    show([
      {
        score_row: {
          title: "بدنه",
          descriptive_score: `${"عالی".repeat(4)}ربد`,
          score_color: "ERROR_PRIMARY",
        },
      },
    ]);
    expect(screen.getByRole("deletion").textContent).toBe("بد");
    expect(screen.getByRole("deletion").parentElement?.textContent).toBe(`${"عالی".repeat(4)}ربد`);
    cleanup();
    // Nor before a letter that joins neither side (the hamza of شیء).
    show([
      {
        score_row: {
          title: "بدنه",
          descriptive_score: `${"عالی".repeat(3)}عالشیء`,
          score_color: "ERROR_PRIMARY",
        },
      },
    ]);
    expect(screen.getByRole("deletion").textContent).toBe("ء");
    cleanup();
    // A vowel mark on the last kept letter: the letter joins, so the joiner stays.
    show([
      {
        score_row: {
          title: "بدنه",
          descriptive_score: `${"عالی".repeat(3)}عالبَبد`,
          score_color: "ERROR_PRIMARY",
        },
      },
    ]);
    expect(screen.getByRole("deletion").textContent).toBe("\u200Dبد");
    expect((cut.closest(".pv-score-text") as HTMLElement).style.color).toBe(
      rgb(COLOR_SWATCHES.ERROR_PRIMARY.light),
    );
  });

  it("draws the evaluation bar right, middle, left with the indicator measured from the right", () => {
    show([newWidget("evaluation_row")]);
    const meter = screen.getByRole("meter", { name: "Indicator: قیمت مناسب" });
    expect(meter.getAttribute("aria-valuenow")).toBe("40");
    const indicator = meter.querySelector<HTMLElement>(".pv-eval-indicator");
    expect(indicator?.style.right).toBe("40%");
    expect(meter.querySelector<HTMLElement>(".pv-eval-pin")?.style.right).toBe("40%");
    // The indicator's text sits in its bordered box; the section texts sit inside the bar.
    expect(indicator?.querySelector(".pv-eval-box")?.textContent).toBe("قیمت مناسب");
    const sections = [...meter.querySelectorAll<HTMLElement>(".pv-eval-section")];
    expect(sections.map((s) => s.dataset.section)).toEqual(["right", "middle", "left"]);
    expect(sections.map((s) => s.style.backgroundColor)).toEqual([
      rgb(COLOR_SWATCHES.SUCCESS_PRIMARY.light),
      rgb(COLOR_SWATCHES.WARNING_SECONDARY.light),
      rgb(COLOR_SWATCHES.ERROR_PRIMARY.light),
    ]);
    expect(sections.map((s) => s.textContent)).toEqual(["ارزان", "منصفانه", "گران"]);
  });

  it("keeps the indicator's box inside the row near either end, its line at the percentage", () => {
    const at = (pct: number): Widget => ({
      evaluation_row: {
        left: { text: "الف", section_color: "SUCCESS_PRIMARY" },
        middle: { text: "ب", section_color: "WARNING_SECONDARY" },
        right: { text: "پ", section_color: "ERROR_PRIMARY" },
        indicator_text: "اینجا",
        indicator_percentage: pct,
      },
    });
    show([at(5), at(95)]);
    const [near, far] = [...document.querySelectorAll<HTMLElement>(".pv-evaluation-row")];
    expect(near?.querySelector<HTMLElement>(".pv-eval-indicator")?.style.right).toBe("0px");
    expect(near?.querySelector<HTMLElement>(".pv-eval-pin")?.style.right).toBe("5%");
    expect(far?.querySelector<HTMLElement>(".pv-eval-indicator")?.style.left).toBe("0px");
    expect(far?.querySelector<HTMLElement>(".pv-eval-pin")?.style.right).toBe("95%");
  });

  it("shows carousel images by id, logo as the app's logo, in a scrollable list", () => {
    show([
      { image_carousel_row: { items: [{ image_id: "logo" }, { image_id: "front_1", description: "جلو" }] } },
    ]);
    const list = screen.getByRole("list", { name: "Images" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByRole("img", { name: "App logo" })).toBeTruthy();
    expect(within(list).getByRole("img", { name: "Image front_1" }).textContent).toContain("front_1");
    expect(within(list).getByText("جلو")).toBeTruthy();
    // Two images fit the row: no previous/next buttons; a third makes it scroll and they appear.
    expect(document.querySelector(".pv-carousel-button")).toBeNull();
    cleanup();
    show([{ image_carousel_row: { items: [{ image_id: "a" }, { image_id: "b" }, { image_id: "c" }] } }]);
    expect(
      [...document.querySelectorAll<HTMLElement>(".pv-carousel-button")].map((b) => b.dataset.side),
    ).toEqual(["prev", "next"]);
  });

  it("shows group info as columns with cut values", () => {
    const long = "۱".repeat(101);
    show([
      {
        group_info_row: {
          items: [
            { title: "الف", value: "۱" },
            { title: "ب", value: "۲" },
            { title: "پ", value: long },
          ],
        },
      },
    ]);
    const group = document.querySelector<HTMLElement>(".pv-group");
    expect(group?.style.gridTemplateColumns).toBe("repeat(3, 1fr)");
    expect(screen.getByRole("deletion").textContent).toContain("۱");
  });

  it("folds a long expandable description under نمایش ادامه and opens it", async () => {
    const text = "متن ".repeat(60);
    const onSelect = vi.fn();
    show([{ description_row: { text, expandable: true } }], "light", onSelect);
    const more = screen.getByRole("button", { name: "نمایش ادامه" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    const row = document.querySelector<HTMLElement>(".pv-description-row");
    expect(row?.dataset.folded).toBe("true");
    await userEvent.click(more);
    expect(screen.getByRole("button", { name: "بستن" }).getAttribute("aria-expanded")).toBe("true");
    expect(row?.dataset.folded).toBeUndefined();
    expect(screen.getByRole("article").textContent).toContain(text.trim());
    expect(onSelect).not.toHaveBeenCalled();
  });

  it("folds the docs pictures' two-line text, as they show it folded", () => {
    const text =
      "این یک دسکریپشن رو هست. در این نمونه متن اکسپندبل است و میتوان با کلیک روی ویجت ، ادامه ی متن را مشاهده کرد";
    show([{ description_row: { text, expandable: true } }]);
    expect(screen.getByRole("button", { name: "نمایش ادامه" })).toBeTruthy();
  });

  it("does not fold a short expandable description", () => {
    show([{ description_row: { text: "این یک دسکریپشن رو هست", expandable: true } }]);
    expect(screen.queryByRole("button")).toBeNull();
    expect(document.querySelector<HTMLElement>(".pv-description-row")?.dataset.folded).toBeUndefined();
  });

  it("cuts a description that is not expandable at 200 characters", () => {
    show([{ description_row: { text: "الف".repeat(70) } }]);
    expect(screen.getByRole("deletion").textContent?.replaceAll("\u200D", "")).toHaveLength(10);
  });

  it("shows a selector's icon and chevron, an event's label, a button's title", () => {
    show([
      { selector_row: { title: "جزئیات", icon_name: "INFO" } },
      { event_row: { title: "سرویس", label: "۱۴۰۳/۰۲/۱۰", icon_name: "SOME_UNKNOWN_ICON" } },
      { button_bar: { title: "مشاهده", action: { open_direct_link: "https://example.com" } } },
    ]);
    expect(screen.getByRole("img", { name: "Icon INFO" }).classList.contains("pv-icon-fallback")).toBe(false);
    const fallback = screen.getByRole("img", { name: "Icon SOME_UNKNOWN_ICON" });
    expect(fallback.classList.contains("pv-icon-fallback")).toBe(true);
    expect(fallback.querySelector("title")?.textContent).toContain("SOME_UNKNOWN_ICON");
    expect(screen.getByText("۱۴۰۳/۰۲/۱۰").classList.contains("pv-event-label")).toBe(true);
    expect(screen.getByText("مشاهده")).toBeTruthy();
  });

  it("selects a widget by click and by Enter, and outlines the selected one", async () => {
    const onSelect = vi.fn();
    render(
      <AddonPreview
        widgets={[{ title_row: { text: "یک" } }, { title_row: { text: "دو" } }]}
        theme="light"
        selectedIndex={1}
        onSelect={onSelect}
      />,
    );
    const first = screen.getByRole("article", { name: "1. Title: یک" });
    const second = screen.getByRole("article", { name: "2. Title: دو" });
    expect(second.getAttribute("aria-current")).toBe("true");
    expect(second.classList.contains("pv-selected")).toBe(true);
    expect(first.classList.contains("pv-selected")).toBe(false);
    await userEvent.click(first);
    expect(onSelect).toHaveBeenLastCalledWith(0);
    second.focus();
    fireEvent.keyDown(second, { key: "Enter" });
    expect(onSelect).toHaveBeenLastCalledWith(1);
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it("re-renders only the widget whose object changed", () => {
    const original = WIDGET_VIEWS.title_row.Preview;
    const rendered: string[] = [];
    WIDGET_VIEWS.title_row.Preview = (props) => {
      rendered.push(props.value.text);
      return <TitleRowPreview {...props} />;
    };
    try {
      const a: Widget = { title_row: { text: "یک" } };
      const b: Widget = { title_row: { text: "دو" } };
      const select = () => {};
      const { rerender } = render(<AddonPreview widgets={[a, b]} theme="light" onSelect={select} />);
      expect(rendered).toEqual(["یک", "دو"]);
      rendered.length = 0;
      // A new onSelect function must not defeat the memo either.
      rerender(
        <AddonPreview widgets={[a, { title_row: { text: "دوم" } }]} theme="light" onSelect={() => {}} />,
      );
      expect(rendered).toEqual(["دوم"]);
      screen.getByText("دوم");
    } finally {
      WIDGET_VIEWS.title_row.Preview = original;
    }
  });

  it("switches theme through the labelled switch", async () => {
    const onThemeChange = vi.fn();
    render(<AddonPreview widgets={[]} theme="light" onThemeChange={onThemeChange} />);
    const group = screen.getByRole("radiogroup", { name: "Preview theme" });
    await userEvent.click(within(group).getByRole("radio", { name: "Dark" }));
    expect(onThemeChange).toHaveBeenCalledWith("dark");
    expect(screen.getByText(/No widgets yet/)).toBeTruthy();
  });

  it("is inert without onSelect (the emulator's buyer view)", () => {
    render(<AddonPreview widgets={[newWidget("title_row")]} theme="light" />);
    expect(screen.queryByRole("article")).toBeNull();
    expect(screen.getByText("گزارش کارشناسی خودرو")).toBeTruthy();
  });
});
