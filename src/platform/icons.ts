import iconNames from "./data/icon-names.json";

/** The icon names the platform is known to accept (see data/README.md for the source). */
export const ICON_NAMES: readonly string[] = iconNames;

const known = new Set<string>(ICON_NAMES);

/** True when `name` is in the known icon list; unknown names are warnings, not errors. */
export function isKnownIcon(name: string): boolean {
  return known.has(name);
}

/** Up to `limit` known names closest to `name`, for "did you mean" hints. */
export function suggestIcons(name: string, limit = 3): string[] {
  const wanted = name.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
  if (known.has(wanted)) return [wanted];
  const parts = wanted.split("_").filter((p) => p.length > 2);
  const scored: Array<[string, number]> = [];
  for (const candidate of ICON_NAMES) {
    let score = 0;
    for (const p of parts) if (candidate.includes(p)) score += p.length;
    if (score > 0) scored.push([candidate, score]);
  }
  scored.sort((a, b) => b[1] - a[1] || a[0].length - b[0].length);
  return scored.slice(0, limit).map(([n]) => n);
}
