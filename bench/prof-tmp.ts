import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/helpers/chromium";
import { openWith } from "./browser";
import { startServers } from "./servers";

const servers = await startServers(process.env.BENCH_DIST!);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const { page } = await openWith(browser, servers.proxyUrl, 2000);
for (let i = 0; i < 3; i++) {
  console.log(
    await page.evaluate(
      () =>
        new Promise((r) => {
          let n = 0;
          const mo = new MutationObserver((l) => {
            n += l.length;
          });
          mo.observe(document.body, { subtree: true, childList: true, attributes: true });
          setTimeout(() => {
            mo.disconnect();
            r({
              mutations: n,
              drawn: document.querySelectorAll('section[aria-label="Add-on preview"] [data-kind] > *').length,
              scroll: document.querySelector(".preview-body")?.scrollTop,
            });
          }, 1000);
        }),
    ),
  );
}
const t = Date.now();
try {
  await page.getByRole("button", { name: "Add Title", exact: true }).click({ timeout: 10000 });
  console.log("add ok", Date.now() - t);
} catch (e) {
  console.log(String(e).slice(0, 1500));
}
await browser.close();
await servers.close();
