import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { defineConfig } from "tsdown";
import { licenceNotices } from "./scripts/licence-notices.mjs";
import { readPreviewCss } from "./src/preview/stylesheet";

// Why tsdown (rolldown, the engine Vite 8 already uses, plus rolldown-plugin-dts): see docs/decisions.md, issue 10.

/** The preview's stylesheet, inlined into the server bundle (the package ships no src/). */
const previewCss = readPreviewCss(pathToFileURL(`${resolve("src")}/`));

export default defineConfig([
  {
    // The library: the platform contract, for Node (ESM and require), TypeScript and bundlers.
    entry: { index: "src/platform/index.ts" },
    format: ["esm", "cjs"],
    platform: "neutral",
    target: "node20.19",
    outDir: "lib",
    // Timing hints are noise in a two-core CI log.
    checks: { pluginTimings: false },
    clean: ["lib"],
    fixedExtension: true,
    // One bundled .d.mts/.d.cts: per-file declarations with extensionless imports fail under nodenext.
    dts: true,
    deps: { neverBundle: ["zod"] },
    // The icon list is JSON; the neutral platform does not resolve it by default.
    inputOptions: { resolve: { mainFields: ["module", "main"] } },
  },
  {
    // The CLI, with the studio server in a chunk loaded only by `addon-studio studio`. zod is bundled
    // here (one file parses faster than zod's hundred modules), React too (the emulator's post page);
    // hono and @hono/node-server stay runtime dependencies.
    entry: { cli: "src/cli/bin.ts" },
    format: "esm",
    platform: "node",
    target: "node20.19",
    outDir: "lib",
    // Timing hints are noise in a two-core CI log.
    checks: { pluginTimings: false },
    clean: false,
    fixedExtension: true,
    dts: false,
    deps: {
      // The store's drivers stay runtime dependencies too: PGlite loads its WASM and data files from
      // beside its own module, and pg has optional native parts (pg-connection-string, its URL parser,
      // stays one copy for pg and the studio's own check of the URL). drizzle-orm is plain JavaScript
      // of which the store uses a small part: bundled, it saves users a 17 MB install.
      neverBundle: [
        "hono",
        /^hono\//,
        "@hono/node-server",
        "@electric-sql/pglite",
        "pg",
        "pg-connection-string",
      ],
      alwaysBundle: ["zod", /^zod\//, /^drizzle-orm/],
      onlyBundle: false,
    },
    // lib/THIRD-PARTY-NOTICES.txt: the licences of what cli.mjs bundles (zod, drizzle-orm, React)
    // and of the fonts copied below; the library entry (index.*) bundles no third-party code.
    plugins: [licenceNotices({ extra: ["node_modules/@fontsource/vazirmatn"] })],
    // The emulator's pages serve Vazirmatn from lib/fonts (see fontPath in src/emulator/pages.ts).
    // The four files are FONT_FILES of src/emulator/html.ts.
    copy: [
      // The store's SQL migrations, read at start from beside the bundle (open-store.ts).
      { from: "src/server/store/migrations", to: "lib" },
      {
        from: "node_modules/@fontsource/vazirmatn/files/vazirmatn-{arabic,latin}-{400,700}-normal.woff2",
        to: "lib/fonts",
        flatten: true,
      },
    ],
    // The emulator uses only renderToStaticMarkup: the legacy server build alone, not also the
    // streaming one that react-dom/server bundles beside it (about 290 KB less).
    alias: {
      "react-dom/server": resolve("node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js"),
    },
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      __ADDON_STUDIO_PREVIEW_CSS__: JSON.stringify(previewCss),
      // The server draws every icon from one module; this drops the browser's per-drawing loaders
      // (issue 13.9), which would be one one-line file per drawing in lib/.
      __ADDON_STUDIO_SERVER_BUNDLE__: "true",
    },
  },
]);
