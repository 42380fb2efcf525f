/** A letter of a right-to-left script (not its digits, punctuation or marks, which have no direction of their own). */
export const RTL_LETTER =
  /(?=\p{L})[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** The first letter of a text, any script (digits, punctuation, marks and spaces skipped). */
const FIRST_LETTER = /\p{L}/u;

/**
 * The direction a text reads in by its first letter (the Unicode bidi algorithm's rule for a
 * paragraph, which `dir="auto"` applies): for a control that cannot take `dir="auto"` itself, such
 * as a closed `<select>`, which draws its chosen option in its own direction. Ltr when there is none.
 */
export function textDirection(text: string): "rtl" | "ltr" {
  const first = FIRST_LETTER.exec(text)?.[0];
  return first !== undefined && RTL_LETTER.test(first) ? "rtl" : "ltr";
}
