import { useEffect, useId, useRef, useState } from "react";

/**
 * A button for an action that cannot be undone: the first press asks, in place, and only the
 * second (the named confirm button) acts. Escape or Cancel backs out.
 */
export function ConfirmButton(props: {
  label: string;
  /** Added to the accessible name when the visible label alone is ambiguous (lists of them). */
  labelDetail?: string;
  question: string;
  confirmLabel: string;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button
        className="button"
        type="button"
        disabled={props.disabled}
        aria-label={props.labelDetail ? `${props.label} ${props.labelDetail}` : undefined}
        onClick={() => setAsking(true)}
      >
        {props.label}
      </button>
    );
  return (
    <fieldset
      className="confirm"
      aria-labelledby={id}
      onKeyDown={(e) => {
        if (e.key === "Escape") setAsking(false);
      }}
    >
      <span id={id}>{props.question}</span>{" "}
      <button
        ref={confirmRef}
        className="button is-danger"
        type="button"
        disabled={props.disabled}
        onClick={() => {
          setAsking(false);
          props.onConfirm();
        }}
      >
        {props.confirmLabel}
      </button>{" "}
      <button className="button" type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </fieldset>
  );
}
