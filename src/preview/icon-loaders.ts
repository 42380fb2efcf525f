// One chunk per drawing (Vite splits each JSON file of the glob), so the browser fetches only the
// icons it shows. Browser only: the server draws from icon-symbols/all-paths.ts (see preview-icons).
const loaders = import.meta.glob<string>("./icon-symbols/paths/*.json", { import: "default" });

/** Fetches one drawing's SVG path data by file name; undefined when there is no such drawing. */
export function loadSymbolPath(file: string): Promise<string> | undefined {
  return loaders[`./icon-symbols/paths/${file}.json`]?.();
}
