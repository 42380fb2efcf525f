import type { DocumentKind } from "../store/document";
import { downloadText } from "../ui/download-text";

/**
 * Characters no file name may hold on Windows, macOS or Linux: separators (a slash, a colon, a bar)
 * become a dash between words, the others (quotes, wildcards, control characters) a space.
 */
const SEPARATORS = /\s*[:/\\|]+\s*/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const NOT_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>"?*]+/g;
/** Where a long draft name is cut (the file name stays well under every system's 255). */
const NAME_MAX = 80;

/**
 * The file an add-on downloads as: `<kind>-addon.json`, after the draft's name when it has one of
 * its own (`Car inspection.post-addon.json`), so several add-ons downloaded from the studio are told
 * apart. Persian names are kept as they are; only characters file systems refuse are replaced.
 */
export function addonFileName(kind: DocumentKind, draftName?: string): string {
  const plain = `${kind}-addon.json`;
  const name = (draftName ?? "")
    .replace(NOT_IN_FILE_NAMES, " ")
    .replace(SEPARATORS, " - ")
    .replace(/\s+/g, " ")
    .replace(/( - )+/g, " - ")
    .trim()
    // A leading dot hides the file on macOS and Linux; trailing dots and spaces are dropped by Windows.
    .replace(/^[.\s-]+|[.\s-]+$/g, "");
  if (!name) return plain;
  return `${[...name].slice(0, NAME_MAX).join("").trim()}.${plain}`;
}

/**
 * Downloads an add-on's export body as `addonFileName(kind, draftName)`, indented as the JSON tab
 * shows it (the JSON tab and the Share menu's "Download JSON"); returns the file's name.
 */
export function downloadAddon(kind: DocumentKind, body: Record<string, unknown>, draftName?: string): string {
  const name = addonFileName(kind, draftName);
  downloadText(name, `${JSON.stringify(body, null, 2)}\n`, "application/json");
  return name;
}
