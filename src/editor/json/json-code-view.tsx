import { memo } from "react";
import { isolateQuoted } from "../ui/isolate-quoted";

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

const WidgetBlock = memo(function WidgetBlock(props: { widget: object; last: boolean }) {
  const text = widgetBlock(props.widget);
  // Its own block: a keystroke lays out this widget's lines only, and off-screen blocks are skipped.
  return (
    <div className="json-block" style={{ containIntrinsicSize: `auto ${text.split("\n").length * 18}px` }}>
      {isolateQuoted(text)}
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
        <div className="json-pre">{isolateQuoted(`{\n  "widgets": []${tail(props.body)}\n}`)}</div>
      ) : (
        <>
          <div className="json-pre">{'{\n  "widgets": [\n'}</div>
          {props.widgets.map((w, i) => (
            <WidgetBlock key={props.ids[i]} widget={w} last={i === n - 1} />
          ))}
          <div className="json-pre">
            {"  ]"}
            {isolateQuoted(tail(props.body))}
            {"\n}"}
          </div>
        </>
      )}
    </section>
  );
}
