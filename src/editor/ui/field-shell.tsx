import type { ReactNode } from "react";
import type { Problem } from "../../platform";
import { isolateQuoted } from "./isolate-quoted";

/** The id of the element listing a field's problems (for aria-describedby). */
export function problemsId(id: string): string {
  return `${id}:problems`;
}

/** The id of a field's help text. */
export function helpId(id: string): string {
  return `${id}:help`;
}

/** aria-describedby for a control with optional help and problems. */
export function describedBy(id: string, help: boolean, problems: readonly Problem[]): string | undefined {
  const ids = [help ? helpId(id) : "", problems.length ? problemsId(id) : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

// Verbs a schema message starts with when it leaves the field's name to the reader (the CLI puts the
// JSON path before it): "is 69 characters long", "must not be empty".
const FRAGMENT = /^(is|are|must|has|have|holds|needs|should|cannot|expected)\b/;

/**
 * A problem as a sentence under its field: a message that starts with a verb gets the field's
 * label in front ("Text is 69 characters long..."); a message that already names its subject is kept.
 */
export function fieldSentence(label: string | undefined, message: string): string {
  if (!label || !FRAGMENT.test(message)) return message;
  return `${label} ${message}`;
}

/** Errors and warnings under a field, each led by the field's label when the message is a fragment. */
export function FieldProblems(props: {
  id: string;
  problems: readonly Problem[];
  label?: string | undefined;
}) {
  if (props.problems.length === 0) return null;
  return (
    <ul className="field-problems" id={problemsId(props.id)}>
      {props.problems.map((p) => (
        <li key={`${p.code}:${p.message}`} className={`field-problem is-${p.severity}`}>
          <span className="visually-hidden">{p.severity === "error" ? "Error: " : "Warning: "}</span>
          {isolateQuoted(fieldSentence(props.label, p.message))}
        </li>
      ))}
    </ul>
  );
}

/** A labelled field: label row (with an optional extra on the right), the control, help and problems. */
export function FieldShell(props: {
  id: string;
  label: string;
  required?: boolean;
  help?: string;
  problems: readonly Problem[];
  extra?: ReactNode;
  /** Labels that are not for a single input (groups of radios) render as a plain heading. */
  asLegend?: boolean;
  children: ReactNode;
}) {
  const state = props.problems.some((p) => p.severity === "error")
    ? "has-error"
    : props.problems.length
      ? "has-warning"
      : "";
  return (
    <div className={`field ${state}`}>
      <div className="field-label-row">
        {props.asLegend ? (
          <span className="field-label" id={`${props.id}:label`}>
            {props.label}
            {props.required ? <span className="field-required"> (required)</span> : null}
          </span>
        ) : (
          <label className="field-label" htmlFor={props.id}>
            {props.label}
            {props.required ? <span className="field-required"> (required)</span> : null}
          </label>
        )}
        {props.extra}
      </div>
      {props.children}
      {props.help ? (
        <p className="field-help" id={helpId(props.id)}>
          {props.help}
        </p>
      ) : null}
      <FieldProblems id={props.id} problems={props.problems} label={props.label} />
    </div>
  );
}
