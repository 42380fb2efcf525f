import { useEffect, useRef, useState } from "react";
import { problem } from "../../../platform/problems";
import { asciiDigits } from "../../../platform/text";
import { FieldShell, problemsId } from "../../ui/field-shell";
import { type ControlProps, hasError, type InputProps, shellOf } from "./control";

/**
 * A number box takes ASCII digits only: a Persian digit typed or pasted into it was dropped, and
 * over a selection it emptied the box, removing the widget's percentage. The digits are put in as
 * the ASCII digits they stand for, where the caret is (the browser's own insert, so its undo works).
 */
function useLocalDigits(box: React.RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onBeforeInput = (e: InputEvent) => {
      // Persian and Arabic-Indic digits, as a Persian or Arabic keyboard types them.
      const text = e.data ? asciiDigits(e.data) : "";
      if (!e.data || text === e.data) return;
      e.preventDefault();
      if (typeof document.execCommand === "function" && document.execCommand("insertText", false, text))
        return;
      // No insert command (old browsers, test DOMs): a number box hides its caret, so the digits
      // go at the end, as typed after what is there; React hears it as typing.
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      setValue?.call(el, `${el.value}${text}`);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    };
    el.addEventListener("beforeinput", onBeforeInput);
    return () => el.removeEventListener("beforeinput", onBeforeInput);
  }, [box]);
}

/** A percentage: a number box and a slider, 0 to 100. */
export function PercentageField(p: ControlProps<"percentage">) {
  return (
    <PercentageInput
      {...shellOf(p)}
      value={p.value}
      describedBy={p.describedBy}
      onChange={(n, typing) => p.form.set(p.path, n, typing)}
      onBlur={p.form.endTyping}
    />
  );
}

function PercentageInput(props: InputProps<unknown, number | undefined>) {
  const n = typeof props.value === "number" ? props.value : undefined;
  // Text the number box cannot read ("-", "5e") leaves the document's value as it was, and says so;
  // it used to empty the value. Tied to the value it kept: an undo or another widget clears it.
  const [badAt, setBadAt] = useState<{ kept: number | undefined } | null>(null);
  const boxRef = useRef<HTMLInputElement>(null);
  useLocalDigits(boxRef);
  const bad = badAt !== null && badAt.kept === n;
  const problems = bad
    ? [
        ...props.problems,
        problem(
          [],
          `is not a number yet: the widget keeps ${n === undefined ? "no percentage" : `${n}%`} until it is (a whole number from 0 to 100)`,
          "error",
          "invalid_type",
        ),
      ]
    : props.problems;
  const described = bad
    ? [...new Set([...(props.describedBy?.split(" ") ?? []), problemsId(props.id)])].join(" ")
    : props.describedBy;
  return (
    <FieldShell
      id={props.id}
      label={props.label}
      required={props.required}
      problems={problems}
      extra={
        !props.required && n !== undefined ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              props.onChange(undefined, false);
              // The button goes with the value: focus goes to the box it emptied, not the page.
              document.getElementById(props.id)?.focus();
            }}
          >
            Clear <span className="visually-hidden">{props.label}</span>
          </button>
        ) : null
      }
    >
      <div className="percentage">
        <input
          ref={boxRef}
          id={props.id}
          className="input input-number"
          type="number"
          min={0}
          max={100}
          step={1}
          // While its text cannot be read the box reports "", and keeps showing what was typed; the
          // document's value here would be written over it.
          value={bad || n === undefined ? "" : n}
          aria-invalid={hasError(problems) || undefined}
          aria-describedby={described}
          onChange={(e) => {
            if (e.target.validity.badInput) {
              setBadAt({ kept: n });
              return;
            }
            setBadAt(null);
            const raw = e.target.value;
            props.onChange(raw === "" ? undefined : Number(raw), true);
          }}
          onBlur={props.onBlur}
        />
        <span aria-hidden="true">%</span>
        <input
          type="range"
          className="range"
          min={0}
          max={100}
          step={1}
          value={n ?? 0}
          aria-label={`${props.label} slider`}
          onChange={(e) => {
            setBadAt(null);
            props.onChange(Number(e.target.value), true);
          }}
          onPointerUp={props.onBlur}
          onBlur={props.onBlur}
        />
      </div>
    </FieldShell>
  );
}
