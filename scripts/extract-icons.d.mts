// Types of scripts/extract-icons.mjs, for the unit test that keeps the committed drawings current.

/** How one icon name is drawn: a Material Symbols file name and the rule that chose it. */
export interface IconPlan {
  file: string;
  rule: "exact" | "outlined" | "mapped";
}
/** The package's folder of outlined-style SVGs. */
export function symbolsDir(): string;
/** How one icon name is drawn, or undefined for the labelled placeholder. */
export function planIcon(
  name: string,
  hasSymbol: (symbol: string) => boolean,
  table?: Readonly<Record<string, string>>,
): IconPlan | undefined;
/** The SVG path data of one symbol file. */
export function readSymbolPath(dir: string, file: string): string;
/** The plan for every name of the list, after checking the hand table. */
export function planAll(names: readonly string[], dir?: string): Record<string, IconPlan>;
