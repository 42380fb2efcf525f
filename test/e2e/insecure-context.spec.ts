import { chromium, expect, test } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/chromium";
import { SERVED_STUDIO_PORT, STUDIO_PORT } from "./ports";

// `--host 0.0.0.0` serves the studio to other machines; opened over plain http at an address that
// is not this machine's loopback (http://192.0.2.2:8787), the page is not a secure context: no
// crypto.randomUUID and no crypto.subtle. The editor failed to start there ("could not be loaded":
// crypto.randomUUID is not a function). A host name mapped to 127.0.0.1 gives Chromium the same
// insecure origin without a second network interface; the studio configured as `--host 0.0.0.0`
// answers to it (SERVED_STUDIO_PORT), as one listening on loopback would not (DNS rebinding).
test("the studio works opened over plain http at a name other than localhost", async () => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP studio.test 127.0.0.1"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // The studio on loopback (the default) refuses that name, and says where to open it instead.
    const refused = await page.goto(`http://studio.test:${STUDIO_PORT}/`);
    expect(refused?.status()).toBe(400);
    expect(await refused?.text()).toContain(`open it at http://127.0.0.1:${STUDIO_PORT}`);
    await page.goto(`http://studio.test:${SERVED_STUDIO_PORT}/`);
    expect(
      await page.evaluate(() => [isSecureContext, typeof crypto.randomUUID, typeof crypto.subtle]),
    ).toEqual([false, "undefined", "undefined"]);
    await page.getByRole("button", { name: "Add Title" }).click();
    const list = page.getByRole("list", { name: "Add-on widgets" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    // A key the platform wants hashed (VIN) is hashed without Web Crypto, to the same digest.
    await page.getByRole("radio", { name: "User add-on" }).click();
    const inspector = page.getByRole("region", { name: "Inspector" });
    await inspector.getByRole("tab", { name: /Add-on settings/ }).click();
    await inspector.getByRole("button", { name: "Add key" }).click();
    const key = inspector.getByRole("combobox", { name: "Key", exact: true });
    await key.fill("VIN");
    await key.press("Enter");
    const value = inspector.getByRole("textbox", { name: "Value of VIN" });
    await value.fill(" ir123 ");
    await inspector.getByRole("button", { name: "Hash VIN" }).click();
    // SHA-256 of "IR123" (trimmed, upper case).
    await expect(value).toHaveValue("e29c162ef40da2bef0fbd8266300cd8d01be7891d14655cbd586893353102177");
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});
