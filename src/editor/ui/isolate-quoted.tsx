import type { ReactNode } from "react";
import { RTL_LETTER } from "./text-direction";

/** A JSON string literal on one line (escapes included). */
const STRING_LITERAL = /"(?:[^"\\\n]|\\.)*"/g;

/**
 * `text` with each "quoted" part that holds right-to-left letters isolated in a `<bdi>` between its
 * quotes: it is laid out in its own direction ("206 تیپ ۲ «سفید»" reads from its first letter, from
 * the right) instead of having its numbers and «» pulled into the left-to-right line around it. For
 * the JSON view's string values and for messages quoting what the user typed. An element, not
 * FSI/PDI characters, so copied text is the text as it is.
 */
export function isolateQuoted(text: string): ReactNode {
  if (!RTL_LETTER.test(text)) return text;
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(STRING_LITERAL)) {
    const start = m.index ?? 0;
    if (!RTL_LETTER.test(m[0])) continue;
    out.push(text.slice(at, start + 1), <bdi key={start}>{m[0].slice(1, -1)}</bdi>);
    at = start + m[0].length - 1;
  }
  out.push(text.slice(at));
  return out;
}
