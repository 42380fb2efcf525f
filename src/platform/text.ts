/** Counts characters as the platform does: Unicode code points, not UTF-16 units. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The first `max` code points of `text` (what the app keeps of an over-long text). */
export function truncateCodePoints(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  return Array.from(text).slice(0, max).join("");
}

/**
 * Characters a reader does not see: white space and the invisible format characters of Persian and
 * bidirectional text (zero-width non-joiner and joiner, direction marks and embeddings, word
 * joiners, the byte order mark). A text of these alone shows as empty in the app.
 */
// The characters themselves (a JavaScript string's escapes), not regex escapes: "\\u200B" in a
// pattern is refused by some JSON Schema validators' engines (RE2), a literal character by none.
const FORMAT_CHARS = "\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF";
const INVISIBLE = `\\s${FORMAT_CHARS}`;
/** A JSON Schema pattern (and RegExp source) matching a text with a character a reader sees. */
export const VISIBLE_TEXT_PATTERN = `[^${INVISIBLE}]`;
/** A JSON Schema pattern matching a text a reader sees as empty. */
export const BLANK_TEXT_PATTERN = `^[${INVISIBLE}]*$`;
const visible = new RegExp(VISIBLE_TEXT_PATTERN, "u");

/** Whether a text shows as empty: nothing but white space and invisible format characters. */
export function isBlankText(text: string): boolean {
  return !visible.test(text);
}

const formatChar = new RegExp(`[${FORMAT_CHARS}]`, "g");

/**
 * JSON text with the invisible format characters written as `\uXXXX` escapes: the same JSON, but a
 * person reading a schema file sees which characters a pattern names.
 */
export function escapeInvisible(json: string): string {
  return json.replace(
    formatChar,
    (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}

// Persian (U+06F0-06F9) and Arabic-Indic (U+0660-0669) digits; each one's low four bits are its value.
const LOCAL_DIGITS = /[\u06F0-\u06F9\u0660-\u0669]/g;

/** `text` with its Persian and Arabic-Indic digits written as ASCII digits ("۸۵" is "85"). */
export function asciiDigits(text: string): string {
  return text.replace(LOCAL_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}
