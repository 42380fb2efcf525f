/** The first letter with a direction of its own: Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms, or a Latin-like one. */
const STRONG =
  /([\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF])|([A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF])/u;

/**
 * The direction a text reads in by its first strong letter (the Unicode bidi algorithm's rule for a
 * paragraph, which `dir="auto"` applies): for a control that cannot take `dir="auto"` itself, such
 * as a closed `<select>`, which draws its chosen option in its own direction. Ltr when there is none.
 */
export function textDirection(text: string): "rtl" | "ltr" {
  const m = STRONG.exec(text);
  return m?.[1] ? "rtl" : "ltr";
}
