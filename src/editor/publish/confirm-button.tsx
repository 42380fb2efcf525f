import { useEffect, useId, useRef, useState } from "react";

/**
 * Gives focus back to `ask` unless something else has it; a disabled `ask` (its action running) is
 * noted in `pending`, to take it once enabled.
 */
function giveBack(ask: HTMLButtonElement | null, pending: { current: boolean }): void {
  const at = document.activeElement;
  if (at !== null && at !== document.body) return;
  if (ask && !ask.disabled) ask.focus();
  else pending.current = true;
}

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
  /** The id of what says why it is disabled (a held send), for its description. */
  describedBy?: string | undefined;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  // Set when the question closes: its buttons go, and focus with them unless it is given back.
  const closing = useRef(false);
  // The button that asked was disabled when focus was to go back (the action runs: a send): it takes
  // focus once enabled again, if nothing else has it by then.
  const pending = useRef(false);
  const id = useId();
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (closing.current) {
      closing.current = false;
      // Escape, Cancel or the confirm itself: back to the button that asked, unless the action has
      // put focus somewhere of its own.
      giveBack(askRef.current, pending);
    }
  }, [asking]);
  useEffect(() => {
    if (asking || props.disabled || !pending.current) return;
    pending.current = false;
    giveBack(askRef.current, pending);
  });
  const close = () => {
    closing.current = true;
    setAsking(false);
  };
  if (!asking)
    return (
      <button
        ref={askRef}
        className="button"
        type="button"
        disabled={props.disabled}
        aria-label={props.labelDetail ? `${props.label} ${props.labelDetail}` : undefined}
        aria-describedby={props.describedBy}
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
        if (e.key === "Escape") close();
      }}
    >
      <span id={id}>{props.question}</span>{" "}
      <button
        ref={confirmRef}
        className="button is-danger"
        type="button"
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onClick={() => {
          close();
          props.onConfirm();
        }}
      >
        {props.confirmLabel}
      </button>{" "}
      <button className="button" type="button" onClick={close}>
        Cancel
      </button>
    </fieldset>
  );
}
