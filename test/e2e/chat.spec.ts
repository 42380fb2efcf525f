import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import {
  centerPoint,
  DEMO_CONVERSATION_ID,
  DEMO_POST_TOKEN,
  EMULATOR,
  openEditor,
  pointerDrag,
  showPanel,
} from "./helpers";

test("journey 6: a chat message with buttons laid out by pointer and keyboard, pressed on the emulator without taking the studio's tab", async ({
  page,
  context,
}) => {
  await openEditor(page);
  await page.getByRole("tab", { name: "Chat message" }).click();
  const composer = page.getByRole("region", { name: "Chat message" });
  await composer.getByLabel("Message", { exact: true }).fill("گزارش کارشناسی شما آماده است.");

  // By pointer: a receiver button from the grid's "new row" cell, edited in the inspector. Its default
  // action is a server link (the app's start address answers where it leads), valid as it stands.
  const receiver = composer.getByRole("region", { name: "Receiver buttons" });
  await receiver.getByRole("button", { name: "Add a receiver button in a new row" }).click();
  const inspector = composer.getByRole("region", { name: "Selected button" });
  await expect(inspector).toContainText("Receiver buttons · row 1, button 1");
  await expect(inspector.getByLabel("Kind")).toHaveValue("open_server_link");
  await inspector.getByLabel(/^Caption/).fill("دیدن گزارش");

  // By keyboard: ArrowLeft reaches the row's add cell (the row reads right to left), Enter adds a
  // button with its own caption, Alt+ArrowDown moves it into a row of its own.
  const first = receiver.getByRole("button", { name: "Row 1, button 1: دیدن گزارش" });
  await first.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(receiver.getByRole("button", { name: "Add a button to receiver row 1" })).toBeFocused();
  await page.keyboard.press("Enter");
  const second = receiver.getByRole("button", { name: "Row 1, button 2: دکمه ۱" });
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Alt+ArrowDown");
  const moved = receiver
    .getByRole("group", { name: "Receiver row 2" })
    .getByRole("button", { name: "Row 2, button 1: دکمه ۱" });
  await expect(moved).toBeFocused();
  await expect(composer.getByRole("status").filter({ hasText: "Moved دکمه ۱" })).toHaveText(
    /Moved دکمه ۱ to row 2, button 1\./,
  );

  // By pointer again: dragged onto row 1's add cell, it goes back to the end of row 1, to the left.
  const addToRow1 = receiver.getByRole("button", { name: "Add a button to receiver row 1" });
  const target = await centerPoint(addToRow1);
  await pointerDrag(page, moved, target.x, target.y);
  const back = receiver.getByRole("button", { name: "Row 1, button 2: دکمه ۱" });
  await expect(back).toBeVisible();
  await expect(receiver.getByRole("group", { name: "Receiver row 2" })).toHaveCount(0);
  const [right, left] = [await first.boundingBox(), await back.boundingBox()];
  expect(left && right && left.x < right.x).toBe(true);
  const preview = composer.getByRole("region", { name: "As the receiver sees it" });
  await expect(preview.locator(".pv-chat-button")).toHaveText(["دیدن گزارش", "دکمه ۱"]);
  await expect(composer.getByRole("region", { name: "Message problems" })).toContainText("No problems");

  const send = composer.getByRole("region", { name: "Send" });
  await send.getByLabel("Conversation id").fill(DEMO_CONVERSATION_ID);
  await send.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/oauth2\/auth/);
  await expect(page.getByText(`CONVERSATION_SEND_MESSAGE.${DEMO_CONVERSATION_ID}`)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByText(`Sent to conversation ${DEMO_CONVERSATION_ID}.`)).toBeVisible();
  // With the outcome shown, the Send card no longer sits over the column's foot: scrolled to its top,
  // the receiver's preview is whole above the card.
  const card = page.locator(".chat-send");
  const receiverPreview = page.getByRole("region", { name: "As the receiver sees it" });
  await page.locator(".chat-side").evaluate((el) => el.scrollTo(0, 0));
  const [previewBox, cardBox] = [await receiverPreview.boundingBox(), await card.boundingBox()];
  expect(previewBox && cardBox && cardBox.y >= previewBox.y + previewBox.height).toBe(true);
  const studioUrl = page.url();

  // The conversation opens in its own tab, as the studio's link says.
  const [conversation] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "Open the conversation on the emulator" }).click(),
  ]);
  const conversationUrl = `${EMULATOR}/conversations/${DEMO_CONVERSATION_ID}`;
  await expect(conversation).toHaveURL(conversationUrl);
  await expect(conversation.getByText("گزارش کارشناسی شما آماده است.")).toBeVisible();
  await conversation.getByRole("button", { name: "دیدن گزارش" }).click();

  // The conversation stays in its tab and says where the button leads: the app's answer to the
  // start request, openable in a new tab. No other tab opened, and the studio's tab is untouched.
  const outcome = conversation.getByRole("status").filter({ hasText: "Pressed «دیدن گزارش»" });
  await expect(outcome).toContainText("start request (CHAT_MESSAGE_ACTION)");
  await expect(outcome).toContainText(`post_token=${DEMO_POST_TOKEN}`);
  await expect(outcome.getByRole("link", { name: "Open it in a new tab" })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect(conversation).toHaveURL(conversationUrl);
  expect(context.pages()).toHaveLength(2);
  expect(page.url()).toBe(studioUrl);
  await page.bringToFront();
  await expect(page.getByText("This draft is also open in another tab")).toHaveCount(0);

  // The studio's inbox shows the start request the press caused.
  await page.getByRole("tab", { name: "Add-on", exact: true }).click();
  await showPanel(page, "Inbox");
  const received = page.getByRole("table", { name: "Received events" });
  const row = received.getByRole("row").filter({ hasText: "START_REQUEST" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(DEMO_CONVERSATION_ID);
  await expect(row).toContainText(`post ${DEMO_POST_TOKEN}`);
});

test("the composer with filled grids and a selected button: no serious axe violation in light and dark at 1024, 1440 and 1920", async ({
  browser,
}, info) => {
  // axe needs a page of a context made with newContext (it opens frames through it).
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await openEditor(page);
  await page.getByRole("tab", { name: "Chat message" }).click();
  const composer = page.getByRole("region", { name: "Chat message" });
  for (const side of ["Sender", "Receiver"]) {
    const grid = composer.getByRole("region", { name: `${side} buttons` });
    await grid.getByRole("button", { name: `Add a ${side.toLowerCase()} button in a new row` }).click();
    await grid.getByRole("button", { name: `Add a button to ${side.toLowerCase()} row 1` }).click();
    await grid.getByRole("button", { name: `Add a ${side.toLowerCase()} button in a new row` }).click();
  }
  // One button without a caption, so the audit also sees a cell and a field with an error.
  await composer
    .getByRole("region", { name: "Selected button" })
    .getByLabel(/^Caption/)
    .fill("");
  const toggle = page.getByRole("button", { name: "Dark theme" });
  const found: string[] = [];
  for (const dark of [false, true]) {
    if ((await toggle.getAttribute("aria-pressed")) !== String(dark)) await toggle.click();
    for (const [width, height] of [
      [1024, 768],
      [1440, 900],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      // For judging the layout by eye; not committed (docs/screenshots holds the editor's).
      await page.screenshot({ path: info.outputPath(`composer-${width}-${dark ? "dark" : "light"}.png`) });
    }
    for (const line of await seriousViolations(page, "main"))
      found.push(`${dark ? "dark" : "light"} ${line}`);
  }
  await context.close();
  expect(found).toEqual([]);
});

test("at 1440 × 900, the side of the selected button is drawn in view above the Send card, not under it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openEditor(page);
  await page.getByRole("tab", { name: "Chat message" }).click();
  const composer = page.getByRole("region", { name: "Chat message" });
  const add = async (side: "sender" | "receiver", rows: number) => {
    const grid = composer.getByRole("region", { name: `${side[0]?.toUpperCase()}${side.slice(1)} buttons` });
    for (let r = 0; r < rows; r++)
      await grid.getByRole("button", { name: `Add a ${side} button in a new row` }).click();
  };
  await add("sender", 3);
  await add("receiver", 2);
  const shown = composer.locator('[data-chat-side="receiver"]');
  const send = composer.locator(".chat-send");
  // The receiver's bubble and both its buttons end above the card that stays at the column's foot.
  await expect
    .poll(async () => {
      const [side, card] = [await shown.boundingBox(), await send.boundingBox()];
      return side && card ? Math.round(card.y - (side.y + side.height)) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  await expect(shown.getByText("دکمه ۲")).toBeVisible();
  // Selecting a sender button brings the sender's side back into view.
  await composer
    .getByRole("region", { name: "Sender buttons" })
    .getByRole("button", { name: /^Row 1, button 1/ })
    .click();
  const sender = composer.locator('[data-chat-side="sender"]');
  const column = composer.locator(".chat-side");
  await expect
    .poll(async () => {
      const [side, box] = [await sender.boundingBox(), await column.boundingBox()];
      return side && box ? Math.round(side.y - box.y) : -1;
    })
    .toBeGreaterThanOrEqual(0);
});
