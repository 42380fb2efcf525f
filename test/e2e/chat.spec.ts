import { expect, test } from "@playwright/test";
import { DEMO_CONVERSATION_ID, DEMO_POST_TOKEN, EMULATOR, openEditor, showPanel } from "./helpers";

test("journey 6: a chat message with a button, pressed on the emulator, shows up in the inbox", async ({
  page,
}) => {
  await openEditor(page);
  await page.getByRole("tab", { name: "Chat message" }).click();
  const composer = page.getByRole("region", { name: "Chat message" });
  await composer.getByLabel("Message", { exact: true }).fill("گزارش کارشناسی شما آماده است.");

  // One receiver button that asks the app's start address for a link.
  const receiver = composer.getByRole("region", { name: "Receiver buttons" });
  await receiver.getByRole("button", { name: "Add row" }).click();
  await receiver.getByLabel(/^Caption/).fill("دیدن گزارش");
  await receiver.getByLabel("Kind").selectOption("open_server_link");

  const send = composer.getByRole("region", { name: "Send" });
  await send.getByLabel("Conversation id").fill(DEMO_CONVERSATION_ID);
  await send.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/oauth2\/auth/);
  await expect(page.getByText(`CONVERSATION_SEND_MESSAGE.${DEMO_CONVERSATION_ID}`)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByText(`Sent to conversation ${DEMO_CONVERSATION_ID}.`)).toBeVisible();

  // On the emulator the buyer sees the message and presses its button.
  await page.goto(`${EMULATOR}/conversations/${DEMO_CONVERSATION_ID}`);
  await expect(page.getByText("گزارش کارشناسی شما آماده است.")).toBeVisible();
  await page.getByRole("button", { name: "دیدن گزارش" }).click();

  // The platform asked the app's start address, and followed the address it answered: the editor.
  await expect(page).toHaveURL(new RegExp(`post_token=${DEMO_POST_TOKEN}`));
  await showPanel(page, "Inbox");
  const received = page.getByRole("table", { name: "Received events" });
  const row = received.getByRole("row").filter({ hasText: "START_REQUEST" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(DEMO_CONVERSATION_ID);
  await expect(row).toContainText(`post ${DEMO_POST_TOKEN}`);
});
