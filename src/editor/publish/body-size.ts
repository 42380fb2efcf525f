import { STUDIO_BODY_LIMIT } from "../../platform/body-check";

const encoder = new TextEncoder();

/** Bytes of `text` in UTF-8, as the proxy counts them (memoised per widget below, so encoding is rare). */
function utf8Bytes(text: string): number {
  return encoder.encode(text).byteLength;
}

// An exported widget object is never changed in place (an edit makes a new one): its size is kept.
const widgetBytes = new WeakMap<object, number>();

function bytesOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return utf8Bytes(JSON.stringify(value) ?? "null");
  let n = widgetBytes.get(value);
  if (n === undefined) {
    n = utf8Bytes(JSON.stringify(value) ?? "null");
    widgetBytes.set(value, n);
  }
  return n;
}

/**
 * The size of `body` as Publish sends it (compact JSON, UTF-8 bytes), exactly. Widget by widget and
 * memoised per widget object, so a keystroke at 2,000 widgets measures one widget again, not the body.
 */
export function bodyBytes(body: Record<string, unknown>): number {
  const widgets = body.widgets;
  if (!Array.isArray(widgets)) return utf8Bytes(JSON.stringify(body));
  // `[a,b]` is `[]` plus each element and a comma between two.
  let bytes = utf8Bytes(JSON.stringify({ ...body, widgets: [] })) + Math.max(0, widgets.length - 1);
  for (const w of widgets) bytes += bytesOf(w);
  return bytes;
}

/** Kilobytes as a person reads them: "1,694 KB". */
function kb(bytes: number): string {
  return `${Math.ceil(bytes / 1024).toLocaleString("en")} KB`;
}

/** True when the studio's proxy would refuse a body of this many bytes (HTTP 413). */
export function overPublishLimit(bytes: number): boolean {
  return bytes > STUDIO_BODY_LIMIT;
}

/**
 * Why a body of `bytes` cannot be published through the studio, and what to do (null when it can).
 * The limit is the studio proxy's (1 MB a request, as `addon-studio validate` checks): the platform
 * documents none.
 */
export function publishSizeText(bytes: number, widgetCount: number): string | null {
  if (!overPublishLimit(bytes)) return null;
  // How many widgets of this average size fit, to make "split it" concrete.
  const fit = widgetCount > 1 ? Math.floor((STUDIO_BODY_LIMIT / bytes) * widgetCount) : 0;
  const split =
    fit > 0 && fit < widgetCount
      ? `split its ${widgetCount.toLocaleString("en")} widgets over several add-ons (about ${fit.toLocaleString("en")} of them fit in one)`
      : "split its widgets over several add-ons";
  return `This add-on is ${kb(bytes)} as JSON; the studio publishes at most ${kb(STUDIO_BODY_LIMIT)} (1 MB) in one request (the platform documents no limit). To publish it, ${split}, or shorten long texts. Your document is kept as it is.`;
}

/** Said after an import whose body the studio could not publish: before the user works on it. */
export function importSizeNote(bytes: number): string | null {
  if (!overPublishLimit(bytes)) return null;
  return `At ${kb(bytes)} as JSON it is over the 1 MB the studio publishes in one request: split it into smaller add-ons before publishing (the Publish tab says how).`;
}
