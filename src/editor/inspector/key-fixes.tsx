import type { PathSegment, Problem } from "../../platform";
import { fieldId } from "../store/selectors";
import { FieldProblems } from "../ui/field-shell";
import { useForm } from "./form-context";

/**
 * The fixes for a key the platform does not accept: "Rename" when validation names the key it
 * probably means (a misspelling, another case, a v1 name; the value is kept), and "Remove".
 * `path` is the key's path relative to the edited object; `problems` those found at it.
 */
export function KeyFixes(props: {
  path: readonly PathSegment[];
  name: string;
  problems: readonly Problem[];
}) {
  const form = useForm();
  const rename = props.problems.find((p) => p.rename)?.rename;
  const renameKey = form.rename;
  // The pressed button leaves with the fixed key: the form's heading keeps the keyboard in the form.
  const fixed = (edit: () => void) => {
    edit();
    document.getElementById(fieldId(form.prefix))?.focus();
  };
  return (
    <>
      {rename && renameKey ? (
        <button
          type="button"
          className="button is-primary key-fix"
          onClick={() => fixed(() => renameKey(props.path, rename))}
        >
          Rename {props.name} to {rename}
        </button>
      ) : null}
      <button
        type="button"
        className="button key-fix"
        onClick={() => fixed(() => form.set(props.path, undefined))}
      >
        Remove {props.name}
      </button>
    </>
  );
}

/**
 * A key the form has no control for (one the platform does not accept, or an old spelling): its
 * name, its fixes, its value as JSON and its problems, in a group the Problems list can focus.
 * `path` is relative to the edited object, `at` the key's full path (its element's id).
 */
export function KeptKeyField(props: {
  path: readonly PathSegment[];
  at: readonly PathSegment[];
  name: string;
  value: unknown;
  problems: readonly Problem[];
}) {
  const id = fieldId(props.at);
  const state = props.problems.some((p) => p.severity === "error") ? "has-error" : "has-warning";
  return (
    <fieldset className={`field bare ${state}`} id={id} tabIndex={-1} aria-labelledby={`${id}:label`}>
      <div className="field-label-row">
        <span className="field-label" id={`${id}:label`}>
          {props.name}
        </span>
        <span className="button-row">
          <KeyFixes path={props.path} name={props.name} problems={props.problems} />
        </span>
      </div>
      <code className="code-inline">{JSON.stringify(props.value)}</code>
      <FieldProblems id={id} label={props.name} problems={props.problems} />
    </fieldset>
  );
}
