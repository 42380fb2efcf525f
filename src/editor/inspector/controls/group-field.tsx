import { Fragment } from "react";
import { FieldProblems } from "../../ui/field-shell";
import type { ControlProps } from "./control";

/** A group of fields under one legend. */
export function GroupField(p: ControlProps<"group">) {
  const { id, value } = p;
  return (
    <fieldset className="group" id={id} tabIndex={-1}>
      <legend>{p.ui.label}</legend>
      <FieldProblems id={id} problems={p.problems} label={p.ui.label} />
      {(p.field.fields ?? []).map((f) => (
        <Fragment key={f.key}>{p.renderField(f, p.path, value)}</Fragment>
      ))}
    </fieldset>
  );
}
