import { useEffect, useState } from "react";
import type { Problem } from "../../platform/problems";
import { asciiDigits } from "../../platform/text";
import { useEditorStoreApi } from "../store/editor-store-context";
import { fieldId } from "../store/selectors";
import { describedBy, FieldShell } from "../ui/field-shell";

// A whole number or a decimal with digits after the point: "1." and "-" are still being typed.
const NUMBER_TEXT = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** The cost text as typed: a number, empty (remove the cost), or not (yet) a number. */
function parseCostText(text: string): { ok: true; value: number | undefined } | { ok: false } {
  // Persian and Arabic-Indic digits are read as the ASCII digits they stand for.
  const t = asciiDigits(text.trim());
  if (t === "") return { ok: true, value: undefined };
  return NUMBER_TEXT.test(t) ? { ok: true, value: Number(t) } : { ok: false };
}

/**
 * The cost input. A number input reports "-" or "1." as empty, which would remove the cost while it
 * is being typed; this one keeps the text as typed and writes the document only when the text is a
 * number (or empty, which removes the cost). Meanwhile the store holds the text (`costText`): an
 * error under the field, in the problems panel, and a block on publishing (selectors.ts).
 */
export function CostField(props: {
  value: unknown;
  problems: readonly Problem[];
  onChange: (value: number | undefined) => void;
  onBlur: () => void;
}) {
  const docText = typeof props.value === "number" ? String(props.value) : "";
  const [text, setText] = useState(docText);
  const [seen, setSeen] = useState(docText);
  if (docText !== seen) {
    // The document changed (undo, import, another tab): show its value unless the text already means it.
    setSeen(docText);
    const parsed = parseCostText(text);
    if (!parsed.ok || parsed.value !== props.value) setText(docText);
  }
  const api = useEditorStoreApi();
  const notNumber = !parseCostText(text).ok;
  // The store knows the text only while this field shows it: shown again, the field shows the
  // document's value, and the error goes with the field.
  useEffect(() => {
    api.getState().setCostText(notNumber ? text : null);
  }, [api, notNumber, text]);
  useEffect(() => () => api.getState().setCostText(null), [api]);
  const id = fieldId(["cost"]);
  const problems = props.problems;
  return (
    <FieldShell id={id} label="Cost" problems={problems} help="A non-negative number.">
      <input
        id={id}
        className="input input-number"
        type="text"
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        value={text}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={describedBy(id, true, problems)}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const p = parseCostText(next);
          if (p.ok) {
            // Seen already: the document is about to say what the text says.
            setSeen(p.value === undefined ? "" : String(p.value));
            props.onChange(p.value);
          }
        }}
        onBlur={props.onBlur}
      />
    </FieldShell>
  );
}
