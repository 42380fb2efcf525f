import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { licenceNotices } from "./scripts/licence-notices.mjs";

/**
 * After the editor's build, writes its first paint into index.html (scripts/prerender-page.mjs):
 * the empty editor and its palette work before the JavaScript has loaded.
 */
function prerenderPage(): Plugin {
  let outDir = "dist";
  let ssr = false;
  let root = ".";
  return {
    name: "addon-studio:prerender-page",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (ssr) return;
      execFileSync(process.execPath, [resolve(root, "scripts/prerender-page.mjs"), outDir], {
        stdio: "inherit",
      });
    },
  };
}

export default defineConfig({
  // dist/THIRD-PARTY-NOTICES.txt: the licences of what the bundles hold (React, zod, dnd-kit, the fonts…).
  plugins: [react(), prerenderPage(), licenceNotices()],
  // The load budget (150 KB gzip of initial JS) is measured by `npm run bench`; Vite's raw-size
  // warning would only repeat it less precisely on every start.
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { host: "127.0.0.1" },
});
