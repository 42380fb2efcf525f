import { existsSync, readdirSync, readFileSync } from "node:fs";

/**
 * The preview's stylesheet for pages drawn outside Vite (the emulator, the package build): the shared
 * rules, then each widget's own `preview.css` from its folder, in folder order as the browser app
 * loads them (`preview-styles.ts`). `src` is the source folder's URL, ending in a slash.
 */
export function readPreviewCss(src: URL): string {
  const widgets = new URL("widgets/", src);
  const own = readdirSync(widgets, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => new URL(`${e.name}/preview.css`, widgets))
    .filter((file) => existsSync(file))
    .sort((a, b) => a.href.localeCompare(b.href));
  return [new URL("preview/preview.css", src), ...own].map((file) => readFileSync(file, "utf8")).join("\n");
}
