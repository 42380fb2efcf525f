import index from "./icon-symbols/index.json";

// Written by scripts/extract-icons.mjs: platform icon name -> Material Symbols drawing (file name).
const INDEX: Readonly<Record<string, string>> = index;

/**
 * The Material Symbols drawing (file name, e.g. `arrow_forward-fill`) an icon name is drawn with, or
 * undefined when the preview has none (unknown names and the platform's own icons without an obvious
 * symbol are drawn as the labelled placeholder). Mapping rules: docs/decisions.md, issue 13.9.
 */
export function symbolFileOf(name: string): string | undefined {
  return Object.hasOwn(INDEX, name) ? INDEX[name] : undefined;
}
