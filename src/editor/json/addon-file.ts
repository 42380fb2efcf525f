import type { DocumentKind } from "../store/document";
import { downloadText } from "../ui/download-text";

/**
 * Downloads an add-on's export body as `<kind>-addon.json`, indented as the JSON tab shows it (the
 * JSON tab and the Share menu's "Download JSON"); returns the file's name.
 */
export function downloadAddon(kind: DocumentKind, body: Record<string, unknown>): string {
  const name = `${kind}-addon.json`;
  downloadText(name, `${JSON.stringify(body, null, 2)}\n`, "application/json");
  return name;
}
