import { memo, type ReactNode } from "react";

const blockCache = new WeakMap<object, string>();

function indent(text: string, spaces: number): string {
  const pad = " ".repeat(spaces);
  return text
    .split("\n")
    .map((line) => pad + line)
    .join("\n");
}

/** One widget as it appears inside the pretty-printed body (indented under "widgets"), memoised per object. */
function widgetBlock(widget: object): string {
  let text = blockCache.get(widget);
  if (text === undefined) {
    text = indent(JSON.stringify(widget, null, 2), 4);
    blockCache.set(widget, text);
  }
  return text;
}

/** A letter of a right-to-left script (Hebrew, Arabic and its presentation forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
/** A JSON string literal on one line (escapes included). */
const STRING_LITERAL = /"(?:[^"\\\n]|\\.)*"/g;

/**
 * `text` with each string value that holds right-to-left letters isolated in a `<bdi>` between its
 * quotes: it is laid out in its own direction ("206 تیپ ۲ «سفید»" reads from its first letter, from
 * the right) instead of having its numbers and «» pulled into the left-to-right line around it.
 * An element, not FSI/PDI characters, so text copied from the view is the JSON as it is.
 */
function isolateStrings(text: string): ReactNode {
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

const WidgetBlock = memo(function WidgetBlock(props: { widget: object; last: boolean }) {
  const text = widgetBlock(props.widget);
  // Its own block: a keystroke lays out this widget's lines only, and off-screen blocks are skipped.
  return (
    <div className="json-block" style={{ containIntrinsicSize: `auto ${text.split("\n").length * 18}px` }}>
      {isolateStrings(text)}
      {props.last ? "\n" : ",\n"}
    </div>
  );
});

/** The text `JSON.stringify(body, null, 2)` gives for the fields after `widgets`. */
function tail(body: Record<string, unknown>): string {
  let out = "";
  for (const [key, value] of Object.entries(body)) {
    if (key === "widgets" || value === undefined) continue;
    const text = JSON.stringify(value, null, 2).split("\n").join("\n  ");
    out += `,\n  ${JSON.stringify(key)}: ${text}`;
  }
  return out;
}

/**
 * The export body, pretty-printed exactly as `JSON.stringify(body, null, 2)`, but drawn as one text
 * block per widget so a keystroke re-renders (and the browser lays out) one small block, not the
 * whole document: a 500-widget body is over 100,000 characters.
 */
export function JsonCodeView(props: {
  id: string;
  /** The editor ids of the widgets, in order (React keys). */
  ids: readonly string[];
  /** The widgets as exported, in the same order. */
  widgets: readonly object[];
  body: Record<string, unknown>;
}) {
  const n = props.widgets.length;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code view must be reachable by keyboard to scroll it
    <section id={props.id} className="json-code" tabIndex={0} aria-label="Export body (JSON)" dir="ltr">
      {n === 0 ? (
        // One block: split after `[]`, the closing brace's block began with a line break (a blank line).
        <div className="json-pre">{isolateStrings(`{\n  "widgets": []${tail(props.body)}\n}`)}</div>
      ) : (
        <>
          <div className="json-pre">{'{\n  "widgets": [\n'}</div>
          {props.widgets.map((w, i) => (
            <WidgetBlock key={props.ids[i]} widget={w} last={i === n - 1} />
          ))}
          <div className="json-pre">
            {"  ]"}
            {isolateStrings(tail(props.body))}
            {"\n}"}
          </div>
        </>
      )}
    </section>
  );
}
