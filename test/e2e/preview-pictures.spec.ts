import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import LZString from "lz-string";
import { COLOR_SWATCHES, THEME_TEXT } from "../../src/platform/colors";
import {
  DOCS_CHAT_EXAMPLE,
  DOCS_WIDGET_EXAMPLES,
  type DocsWidgetExample,
} from "../fixtures/docs-widgets/examples";

/*
 * Each docs page's example body drawn in the editor's preview at the width of the app's own picture
 * of it, one screenshot per widget and theme in the test output (never next to the platform's
 * pictures), with the structural facts a person comparing the two relies on.
 */

const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

/**
 * score_row's pictures, in CSS px at their 2.625 scale: from the widget's top to the bottom of its
 * divider 42.7 (percentage) and 43.4 (descriptive, whose top is the previous widget's divider); the
 * icon's centre 18.9 and 20.2 below the top, 23 and 22.5 above the divider.
 */
const SCORE_ROW_PICTURE = { height: 43, iconCentre: 20 };
/**
 * group_info_row's picture, at its 2.625 scale: 80 px from the divider above to its own, the column
 * title's middle 27 px and the value's 55 px below the top; the title's text 14 px, the value's 17.
 */
const GROUP_ROW_PICTURE = { height: 80, titleCentre: 27, valueCentre: 55 };

/** A colour as [r, g, b, a] (0..255, alpha 0..1), from "#RRGGBB[AA]" or a computed rgb()/rgba(). */
function rgba(color: string): number[] {
  if (color.startsWith("#")) {
    const n = color.slice(1);
    const c = [0, 2, 4].map((i) => Number.parseInt(n.slice(i, i + 2), 16));
    return [...c, n.length === 8 ? Number.parseInt(n.slice(6, 8), 16) / 255 : 1];
  }
  const parts = (color.match(/[\d.]+/g) ?? []).map(Number);
  return [parts[0] ?? -1, parts[1] ?? -1, parts[2] ?? -1, parts[3] ?? 1];
}

/** Expects a computed colour to be the palette's value (alpha within the browser's rounding). */
function expectColor(actual: string, expected: string, what: string) {
  const [a, e] = [rgba(actual), rgba(expected)];
  expect(a.slice(0, 3), `${what}: ${actual} is not ${expected}`).toEqual(e.slice(0, 3));
  expect(
    Math.abs((a[3] ?? 1) - (e[3] ?? 1)),
    `${what}: alpha of ${actual} is not ${expected}'s`,
  ).toBeLessThan(0.004);
}

async function style(target: Locator, property: string, pseudo?: string): Promise<string> {
  return target.evaluate((el, [p, ps]) => getComputedStyle(el, ps ?? null).getPropertyValue(p ?? ""), [
    property,
    pseudo,
  ] as const);
}

async function box(target: Locator) {
  const b = await target.boundingBox();
  if (!b) throw new Error("not visible");
  return {
    ...b,
    right: b.x + b.width,
    bottom: b.y + b.height,
    cx: b.x + b.width / 2,
    cy: b.y + b.height / 2,
  };
}

/** Waits for the icon drawings, a chunk loaded after the first render (until then an icon holds only its title). */
async function iconsDrawn(scope: Locator) {
  await expect
    .poll(() => scope.locator("svg.pv-icon").evaluateAll((els) => els.every((e) => e.children.length > 1)))
    .toBe(true);
}

/** Opens the editor on a post add-on holding the one widget, its preview as wide as the picture. */
async function drawWidget(browser: Browser, baseURL: string, ex: DocsWidgetExample, theme: Theme) {
  const context = await browser.newContext({
    baseURL,
    // The test sizes the phone with an added style sheet, which the studio's strict CSP would refuse.
    bypassCSP: true,
    deviceScaleFactor: ex.scale,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  // A share link (src/editor/share/share-link.ts; that module is not importable here, it reads JSON
  // data the test runner's loader refuses without an import attribute).
  const doc = LZString.compressToEncodedURIComponent(
    JSON.stringify({ kind: "post", body: { widgets: [ex.widget] } }),
  );
  await page.goto(`/#doc=${doc}`);
  const phone = page.getByRole("region", { name: "Add-on preview" });
  const frame = phone.getByRole("article").first();
  await expect(frame).toBeVisible();
  if (theme === "dark") await page.getByRole("radio", { name: "Dark" }).check();
  // The picture's width for the phone's content (its 10 px frame aside), its corners square so the
  // screenshot holds only the widget; the outline of the selected widget is the editor's, not the app's.
  await page.addStyleTag({
    content: `.pv-phone{width:${ex.width + 20}px !important;max-width:none !important;border-radius:0 !important}
      .pv-frame{box-shadow:none !important}`,
  });
  await page.evaluate(() => document.fonts.ready);
  await iconsDrawn(frame);
  await page.mouse.move(0, 0);
  return { page, phone, frame, close: () => context.close() };
}

for (const ex of DOCS_WIDGET_EXAMPLES)
  for (const theme of THEMES)
    test(`${ex.name} (${theme}) is drawn as in the app's picture`, async ({ browser, baseURL }, info) => {
      const { phone, frame, close } = await drawWidget(browser, baseURL ?? "", ex, theme);
      const text = THEME_TEXT[theme];
      expect(await phone.getAttribute("dir")).toBe("rtl");
      const content = await box(frame.locator(".pv-widget"));
      const inner = { left: content.x + 16, right: content.right - 16 };
      const kind = Object.keys(ex.widget)[0];

      if (ex.expand) {
        await frame.getByRole("button", { name: "نمایش ادامه" }).click();
        await page(frame).mouse.move(0, 0);
      }

      switch (kind) {
        case "title_row": {
          const title = frame.locator(".pv-title");
          expectColor(await style(title, "color"), text.primary, "title colour");
          expect(await style(title, "font-weight")).toBe("700");
          expect(await style(title, "font-size")).toBe("16px");
          await expect(frame.getByRole("separator")).toHaveCount(1);
          break;
        }
        case "subtitle_row": {
          const sub = frame.locator(".pv-subtitle");
          expectColor(await style(sub, "color"), text.secondary, "subtitle colour");
          expect(await style(sub, "font-weight")).toBe("400");
          expectColor(await style(frame.getByRole("separator"), "border-top-color"), text.divider, "divider");
          break;
        }
        case "description_row": {
          const desc = frame.locator(".pv-description");
          expectColor(await style(desc, "color"), text.secondary, "description colour");
          expect(await style(desc, "line-height")).toBe("26px");
          const more = frame.locator(".pv-more");
          if (ex.name.endsWith("not_expanded")) {
            // Folded to one faded line (the picture's two), "show more" centred over its upper half.
            expect(await style(desc, "max-height")).toBe("26px");
            expect(await desc.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
            const m = await box(more);
            const line = await box(desc);
            expect(Math.abs(m.cx - content.cx)).toBeLessThan(2);
            expect(m.y).toBeLessThan(line.y + 4);
            expect(m.cy).toBeLessThan(line.cy - 3);
          } else if (ex.expand) {
            expect(await style(desc, "max-height")).toBe("none");
            expect(await desc.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
            await expect(more).toHaveAttribute("aria-expanded", "true");
          } else {
            await expect(more).toHaveCount(0);
          }
          break;
        }
        case "selector_row": {
          const icon = await box(frame.getByRole("img", { name: "Icon ADD" }));
          const title = frame.locator(".pv-row-title");
          const chevron = await box(frame.locator(".pv-chevron"));
          expect(icon.right).toBeGreaterThan(inner.right - 2);
          expect(icon.x).toBeGreaterThan((await box(title)).right);
          expect(chevron.x).toBeLessThan(inner.left + 2);
          expectColor(await style(title, "color"), text.primary, "title colour");
          expectColor(await style(frame.locator(".pv-chevron"), "color"), text.hint, "chevron colour");
          // The picture's "+" is green (the palette's SUCCESS_PRIMARY), not grey.
          expectColor(
            await style(frame.getByRole("img", { name: "Icon ADD" }), "color"),
            COLOR_SWATCHES.SUCCESS_PRIMARY[theme],
            "icon colour",
          );
          break;
        }
        case "score_row": {
          const chevron = await box(frame.locator(".pv-chevron"));
          const icon = await box(frame.getByRole("img", { name: "Icon HISTORY" }));
          const title = await box(frame.locator(".pv-row-title"));
          const color = COLOR_SWATCHES.SUCCESS_PRIMARY[theme];
          // Icon at the right, then the title; the chevron at the left edge.
          expect(icon.right).toBeGreaterThan(inner.right - 2);
          expect(icon.x).toBeGreaterThan(title.x);
          // The title close to its icon (9-11 px between their inks in the pictures; 7 between the boxes).
          expect(icon.x - title.right).toBeGreaterThan(6);
          expect(icon.x - title.right).toBeLessThan(8);
          expect(chevron.x).toBeLessThan(inner.left + 2);
          expectColor(await style(frame.getByRole("img", { name: "Icon HISTORY" }), "color"), color, "icon");
          // As tall as the pictures, divider included, with the icon as far down.
          expect(Math.abs(content.height - SCORE_ROW_PICTURE.height)).toBeLessThan(1.5);
          expect(Math.abs(icon.y + icon.height / 2 - content.y - SCORE_ROW_PICTURE.iconCentre)).toBeLessThan(
            1.5,
          );
          if (ex.name.endsWith("percentage")) {
            const meter = frame.getByRole("meter", { name: "Percentage score" });
            const segments = meter.locator(".pv-score-segment");
            await expect(segments).toHaveCount(5);
            // 80%: four segments full and the fifth empty, filled from the left, and no number.
            const fills = await segments.evaluateAll((els) => els.map((e) => e.getAttribute("data-fill")));
            expect(fills).toEqual(["100", "100", "100", "100", "0"]);
            const boxes = await Promise.all([0, 1, 2, 3, 4].map((i) => box(segments.nth(i))));
            for (let i = 1; i < 5; i++) expect(boxes[i]?.x).toBeGreaterThan(boxes[i - 1]?.right ?? 0);
            expect(await style(segments.first(), "border-top-left-radius")).not.toBe("0px");
            await expect(frame.getByText(/٪|%|۸۰|80/)).toHaveCount(0);
            const bar = await box(meter);
            expect(bar.x).toBeGreaterThan(chevron.right);
            expect(bar.right).toBeLessThan(title.x);
          } else {
            const desc = frame.locator(".pv-score-text");
            expectColor(await style(desc, "color"), color, "descriptive score");
            const d = await box(desc);
            expect(d.x).toBeGreaterThan(chevron.right);
            expect(d.right).toBeLessThan(title.x);
          }
          await expect(frame.getByRole("separator")).toHaveCount(1);
          break;
        }
        case "evaluation_row": {
          const bar = await box(frame.locator(".pv-eval-bar"));
          const pin = await box(frame.locator(".pv-eval-pin"));
          const ind = await box(frame.locator(".pv-eval-box"));
          // The short line stands at 50% of the bar, joins the box above to the bar below.
          expect(Math.abs(pin.cx - (bar.right - bar.width * 0.5))).toBeLessThan(1.5);
          expect(Math.abs(pin.y - ind.bottom)).toBeLessThan(1.5);
          expect(Math.abs(pin.bottom - bar.y)).toBeLessThan(1.5);
          expect(Math.abs(ind.cx - pin.cx)).toBeLessThan(1.5);
          expect(await style(frame.locator(".pv-eval-box"), "border-top-style")).toBe("solid");
          expect(await style(frame.locator(".pv-eval-bar"), "border-top-left-radius")).not.toBe("0px");
          // Right to left: "expensive" (right) first; every text inside the bar.
          const sections = frame.locator(".pv-eval-section");
          await expect(sections).toHaveText(["expensive", "fair", "cheap"]);
          for (const s of await sections.all()) {
            const b = await box(s);
            expect(b.y).toBeGreaterThanOrEqual(bar.y - 0.5);
            expect(b.bottom).toBeLessThanOrEqual(bar.bottom + 0.5);
          }
          expect((await box(sections.first())).x).toBeGreaterThan((await box(sections.last())).x);
          break;
        }
        case "event_row": {
          const image = await box(frame.getByRole("img", { name: "Image someuuid.jpg" }));
          const label = frame.locator(".pv-event-label");
          const l = await box(label);
          // A square picture at the right; the label as plain hint text at the left edge, no pill.
          expect(Math.abs(image.width - image.height)).toBeLessThan(0.5);
          expect(image.right).toBeGreaterThan(inner.right - 1);
          expect(l.x).toBeLessThan(inner.left + 1);
          expectColor(await style(label, "color"), text.hint, "label colour");
          expect(await style(label, "background-color")).toBe("rgba(0, 0, 0, 0)");
          expect(await style(frame.locator(".pv-event-title"), "font-weight")).toBe("700");
          expectColor(await style(frame.locator(".pv-event-subtitle"), "color"), text.secondary, "subtitle");
          await expect(frame.getByRole("separator")).toHaveCount(1);
          break;
        }
        case "group_info_row": {
          const items = frame.locator(".pv-group-item");
          await expect(items).toHaveCount(3);
          // A thin line before the second and third columns, none before the first.
          expect(["none", "normal"]).toContain(await style(items.nth(0), "content", "::before"));
          for (const i of [1, 2]) {
            expect(await style(items.nth(i), "width", "::before")).toBe("1px");
            expectColor(await style(items.nth(i), "background-color", "::before"), text.divider, "separator");
          }
          const title = frame.locator(".pv-group-title").first();
          const value = frame.locator(".pv-group-value").first();
          expectColor(await style(title, "color"), text.secondary, "column title");
          expect(await style(value, "font-weight")).toBe("700");
          expect((await box(title)).bottom).toBeLessThanOrEqual((await box(value)).y + 0.5);
          expect(await style(title, "font-size")).toBe("14px");
          expect(await style(value, "font-size")).toBe("17px");
          expect(Math.abs(content.height - GROUP_ROW_PICTURE.height)).toBeLessThan(1.5);
          expect(Math.abs((await box(title)).cy - content.y - GROUP_ROW_PICTURE.titleCentre)).toBeLessThan(
            1.5,
          );
          expect(Math.abs((await box(value)).cy - content.y - GROUP_ROW_PICTURE.valueCentre)).toBeLessThan(
            1.5,
          );
          // The first column is the right one.
          expect((await box(items.first())).x).toBeGreaterThan((await box(items.last())).x);
          break;
        }
        case "image_carousel_row": {
          const images = frame.getByRole("listitem");
          await expect(images).toHaveCount(3);
          const [a, b] = [await box(images.nth(0)), await box(images.nth(1))];
          // Side by side, the first at the right, several in view; rounded 4:3 images.
          expect(a.y).toBe(b.y);
          // Just under the divider above (2 px, as in the picture), not a row's 12 px further down.
          expect(Math.abs(a.y - content.y - 2)).toBeLessThan(1);
          expect(b.right).toBeLessThan(a.x);
          expect(b.x).toBeGreaterThan(inner.left);
          expect(Math.abs(a.width / a.height - 4 / 3)).toBeLessThan(0.02);
          expect(await style(frame.locator(".pv-image").first(), "border-top-left-radius")).not.toBe("0px");
          // Round previous/next buttons centred on the row's right and left edges.
          for (const [side, edge] of [
            ["prev", inner.right],
            ["next", inner.left],
          ] as const) {
            const button = frame.locator(`.pv-carousel-${side}`);
            expect(await style(button, "border-top-left-radius")).toBe("50%");
            expect(Math.abs((await box(button)).cx - edge)).toBeLessThan(1.5);
          }
          break;
        }
        case "button_bar": {
          const button = frame.locator(".pv-wide-button");
          const b = await box(button);
          expect(b.width).toBeGreaterThan(ex.width - 33);
          expect(await style(button, "border-top-style")).toBe("solid");
          expect(await style(button, "font-weight")).toBe("700");
          break;
        }
        default:
          throw new Error(`no checks for ${kind}`);
      }
      await frame.screenshot({ path: info.outputPath(`${ex.name}-${theme}.png`) });
      await close();
    });

// The selector docs page's body as written (the fixture leaves its image_id out): the app's picture
// of it shows the ADD icon, a green "+", where the image would be.
for (const theme of THEMES)
  test(`a selector_row with both image_id and icon_name (${theme}) draws its icon, as the app's picture`, async ({
    browser,
    baseURL,
  }, info) => {
    const ex = DOCS_WIDGET_EXAMPLES.find((e) => e.name === "selector_row");
    if (!ex) throw new Error("no selector_row example");
    const body = { ...(ex.widget.selector_row as object), image_id: "someuuid.jpg" };
    const { frame, close } = await drawWidget(
      browser,
      baseURL ?? "",
      { ...ex, widget: { selector_row: body } },
      theme,
    );
    const icon = frame.getByRole("img", { name: "Icon ADD" });
    await expect(icon).toBeVisible();
    await expect(frame.locator(".pv-image")).toHaveCount(0);
    expectColor(await style(icon, "color"), COLOR_SWATCHES.SUCCESS_PRIMARY[theme], "icon colour");
    const i = await box(icon);
    expect(i.x).toBeGreaterThan((await box(frame.locator(".pv-row-title"))).right);
    await frame.screenshot({ path: info.outputPath(`selector_row-image-and-icon-${theme}.png`) });
    await close();
  });

/** The page a locator belongs to. */
function page(l: Locator): Page {
  return l.page();
}

for (const theme of THEMES)
  test(`a chat message from an app (${theme}) is drawn as in the app's picture, from each side`, async ({
    browser,
    baseURL,
  }, info) => {
    const ex = DOCS_CHAT_EXAMPLE;
    const context = await browser.newContext({
      baseURL,
      deviceScaleFactor: 2,
      viewport: { width: 1440, height: 900 },
    });
    const p = await context.newPage();
    await p.goto("/");
    await p.getByRole("tab", { name: "Chat message" }).click();
    const composer = p.getByRole("region", { name: "Chat message" });
    await composer.getByLabel("Message", { exact: true }).fill(ex.message);
    await composer.getByLabel("App name (preview only)").fill(ex.appName);
    // The composer adds a button selected, so the inspector beside the grids edits the new one.
    const selected = composer.getByRole("region", { name: "Selected button" });
    for (const side of ["sender", "receiver"] as const) {
      const grid = composer.getByRole("region", {
        name: side === "sender" ? "Sender buttons" : "Receiver buttons",
      });
      for (const [i, b] of ex[side].entries()) {
        await grid
          .getByRole("button", {
            name: i === 0 ? `Add a ${side} button in a new row` : `Add a button to ${side} row 1`,
          })
          .click();
        await selected.getByLabel(/^Caption/).fill(b.caption);
        await selected.getByLabel(/^Icon/).first().fill(b.icon);
      }
    }
    if (theme === "dark") await composer.getByRole("radio", { name: "Dark" }).check();
    await p.evaluate(() => document.fonts.ready);
    for (const side of ["sender", "receiver"] as const) {
      const region = p.getByRole("region", {
        name: side === "sender" ? "As the sender sees it" : "As the receiver sees it",
      });
      await iconsDrawn(region);
      const bubble = region.locator(".pv-chat-bubble");
      const name = region.locator(".pv-chat-app");
      await expect(name).toHaveText(ex.appName);
      await expect(name.locator("svg")).toHaveCount(1);
      const [b, n, t, meta] = await Promise.all([
        box(bubble),
        box(name),
        box(region.locator(".pv-chat-text")),
        box(region.locator(".pv-chat-meta")),
      ]);
      // The app's name with its glyph on top, then the text, then the time with its tick at the left.
      expect(n.bottom).toBeLessThanOrEqual(t.y);
      expect(t.bottom).toBeLessThanOrEqual(meta.y);
      expect(meta.x).toBeLessThan(t.x + 1);
      // bot-message.png's spacing (1 CSS px a pixel, 22 px lines): name to first line 34, last line to
      // the time 32, the time to the bubble's foot 18 (middle to middle).
      expect(Math.abs(t.y + 11 - n.cy - 34)).toBeLessThan(1.5);
      expect(Math.abs(meta.cy - (t.bottom - 11) - 32)).toBeLessThan(1.5);
      expect(Math.abs(b.bottom - meta.cy - 18)).toBeLessThan(1.5);
      await expect(region.locator(".pv-chat-meta")).toHaveText(/^[۰-۹]{2}:[۰-۹]{2}$/);
      await expect(region.getByRole("img", { name: "Sent" })).toBeVisible();
      if (theme === "light") expect(await style(bubble, "background-color")).toBe("rgb(240, 250, 255)");
      // Each row of buttons is as wide as the bubble; each button filled, its icon beside the caption.
      const buttons = region.locator(".pv-chat-button");
      await expect(buttons).toHaveCount(ex[side].length);
      const row = await box(region.locator(".pv-chat-row"));
      expect(Math.abs(row.width - b.width)).toBeLessThan(1);
      for (const button of await buttons.all()) {
        expect(rgba(await style(button, "background-color"))[3]).toBe(1);
        expect(await style(button, "color")).toBe("rgb(255, 255, 255)");
        await expect(button.getByRole("img")).toHaveCount(1);
      }
      // The sender sees it at the right (start), the receiver at the left.
      const r = await box(region);
      if (side === "sender") expect(r.right - b.right).toBeLessThan(24);
      else expect(b.x - r.x).toBeLessThan(24);
      await region.screenshot({ path: info.outputPath(`chat-${side}-${theme}.png`) });
    }
    await context.close();
  });
