import { expect, type Locator, test } from "@playwright/test";
import { importPasted, openEditor, preview, previewWidgets } from "./helpers";

// A Persian author's review: a hashtag joined by underscores or ZWNJ, a long code or a phone number
// ran off the phone (description, event title, descriptive score, group value), and a long chat
// button caption was drawn over the next button. Each stays inside its own box now.

/**
 * Elements of `scope` matching `selector` whose box leaves `within`'s by more than half a pixel, or
 * whose text is wider than their box without an ellipsis (it would be drawn over what is beside it).
 */
async function spilling(scope: Locator, selector: string, within: string): Promise<string[]> {
  return scope.locator(selector).evaluateAll(
    (els, outer) =>
      els.flatMap((el) => {
        const box = el.closest(outer)?.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        if (!box) return [`${el.className}: no ${outer} around it`];
        // Text cut with an ellipsis is drawn inside its box though it is wider than it.
        const cut = getComputedStyle(el).textOverflow === "ellipsis";
        const out =
          own.left < box.left - 0.5 ||
          own.right > box.right + 0.5 ||
          (!cut && el.scrollWidth > el.clientWidth + 1);
        return out ? [`${el.className} "${el.textContent?.slice(0, 30)}" leaves its ${outer}`] : [];
      }),
    within,
  );
}

const HASHTAG = "#فروش_فوری_آپارتمان_سه_خوابه_سعادت‌آباد_با_پارکینگ_و_انباری";
const CODE = "IR820540102680020817909002";

test("long words break inside their widget, line breaks show, and chat captions stay inside their button", async ({
  page,
}) => {
  await openEditor(page);
  const body = {
    widgets: [
      { subtitle_row: { text: "خط اول\nخط دوم", has_divider: false } },
      { description_row: { text: `${HASHTAG} ${CODE}`, has_divider: true } },
      { event_row: { title: HASHTAG, subtitle: CODE, label: "جدید", has_divider: true } },
      {
        score_row: {
          title: "وضعیت",
          descriptive_score: HASHTAG,
          score_color: "SUCCESS_PRIMARY",
          has_divider: true,
        },
      },
      {
        group_info_row: {
          items: [
            { title: "شبا", value: CODE },
            { title: "مدل", value: "۱۳۹۸" },
          ],
          has_divider: true,
        },
      },
    ],
  };
  await importPasted(page, body);
  await expect(previewWidgets(page)).toHaveCount(5);
  // A line break typed in the subtitle's box is drawn as one (two 28 px lines).
  expect((await preview(page).locator(".pv-subtitle").boundingBox())?.height).toBeGreaterThanOrEqual(55);
  const texts = ".pv-description, .pv-event-title, .pv-event-subtitle, .pv-score-text, .pv-group-value";
  expect(await spilling(preview(page), texts, ".pv-widget")).toEqual([]);
  expect(await spilling(preview(page), ".pv-widget", ".pv-phone")).toEqual([]);

  await page.getByRole("tab", { name: "Chat message" }).click();
  const composer = page.getByRole("region", { name: "Chat message" });
  await composer.getByLabel("Message", { exact: true }).fill("سلام");
  const sender = composer.getByRole("region", { name: "Sender buttons" });
  await sender.getByRole("button", { name: "Add a sender button in a new row" }).click();
  const inspector = composer.getByRole("region", { name: "Selected button" });
  await inspector.getByLabel(/^Caption/).fill("تماس با ۰۹۱۲۳۴۵۶۷۸۹ برای هماهنگی بازدید");
  for (const n of [1, 2]) {
    await sender.getByRole("button", { name: "Add a button to sender row 1" }).click();
    await inspector.getByLabel(/^Caption/).fill(`دکمه ${n}`);
  }
  const bubble = composer.getByRole("region", { name: "As the sender sees it" });
  await expect(bubble.locator(".pv-chat-button")).toHaveCount(3);
  expect(await spilling(bubble, ".pv-chat-button > span", ".pv-chat-button")).toEqual([]);
  expect(await spilling(bubble, ".pv-chat-button", ".pv-chat-cell")).toEqual([]);
});
