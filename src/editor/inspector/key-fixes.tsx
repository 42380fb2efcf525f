import type { PathSegment, Problem } from "../../platform";
import { fieldId } from "../store/selectors";
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
