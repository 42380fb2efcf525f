import { FieldProblems } from "../../ui/field-shell";
import type { ControlProps } from "./control";

/** A checkbox; unchecking an optional one removes the field. */
export function BooleanField(p: ControlProps<"boolean">) {
  const { id, form, path, field } = p;
  return (
    <div className="field field-inline">
      <input
        id={id}
        type="checkbox"
        className="checkbox"
        checked={p.value === true}
        aria-describedby={p.describedBy}
        onChange={(e) => form.set(path, e.target.checked ? true : field.required ? false : undefined)}
      />
      <label htmlFor={id}>{p.ui.label}</label>
      {p.help ? (
        <p className="field-help" id={`${id}:help`}>
          {p.help}
        </p>
      ) : null}
      <FieldProblems id={id} problems={p.problems} label={p.ui.label} />
    </div>
  );
}
