import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { spawnStudio, studioFolder } from "../helpers/studio-process";
import { Browser, consentCallback, POST_BODY } from "./server-harness";

// A clone's bin runs its TypeScript source; started from another folder (`npm link`, or the bin by
// its path from the user's project), the clone's tsconfig is not in the working directory. The
// emulator's pages render the preview with JSX on the server: with the wrong JSX transform they
// answered 500 ("React is not defined") once there was an add-on or a message to draw.
const elsewhere = studioFolder("addon-studio-elsewhere-");
let stop = () => {};
afterAll(() => {
  stop();
  rmSync(elsewhere, { recursive: true, force: true });
});

describe("the repository's bin started from another folder", { timeout: 60_000 }, () => {
  it("draws a published add-on on the emulator's post page", async () => {
    const studio = await spawnStudio(elsewhere);
    stop = () => studio.child.kill("SIGTERM");
    await studio.printed("Press Ctrl+C to stop.");
    const { port, emulatorPort } = studio;
    const base = `http://localhost:${port}`;
    const browser = new Browser();
    const q = new URLSearchParams({ scope: `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`, returnTo: "/" });
    await browser.fetch(await consentCallback(browser, `${base}/oauth/start?${q}`, "allow"));
    const published = await browser.fetch(`${base}/api/posts/${DEMO_POST_TOKEN}/addon`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(POST_BODY),
    });
    expect(published.res.status, published.text).toBe(200);
    // The emulator attaches an add-on a moment after it is published, as the platform does.
    let status = 0;
    let html = "";
    for (let tries = 0; tries < 50 && !html.includes('class="pv-phone"'); tries++) {
      if (tries > 0) await new Promise((r) => setTimeout(r, 200));
      const page = await fetch(`http://127.0.0.1:${emulatorPort}/posts/${DEMO_POST_TOKEN}`);
      [status, html] = [page.status, await page.text()];
      if (status !== 200) break;
    }
    expect(status, html.slice(0, 200)).toBe(200);
    expect(html).toContain('class="pv-phone"');
    expect(studio.output()).not.toMatch(/React is not defined/);
  });
});
