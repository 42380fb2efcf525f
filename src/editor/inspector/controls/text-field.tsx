import { isRecord } from "../../../platform/json";
import { FieldShell } from "../../ui/field-shell";
import { TextControl } from "../../ui/text-control";
import { type ControlProps, hasError, shellOf } from "./control";

/** A text field (one line, or several when the descriptor says multiline). */
export function TextField(p: ControlProps<"text">) {
  const { value, form, path, field } = p;
  const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
  // A limit lifted by a flag beside the field (a description that is not expandable).
  const lifted = p.ui.maxUnless && isRecord(p.owner) && p.owner[p.ui.maxUnless.flag] === true;
  const max = p.ui.max ?? (p.ui.maxUnless && !lifted ? p.ui.maxUnless.max : undefined);
  return (
    <FieldShell {...shellOf(p)} help={p.help}>
      <TextControl
        id={p.id}
        value={text}
        max={max}
        multiline={p.ui.multiline}
        invalid={hasError(p.problems)}
        describedBy={p.describedBy}
        onChange={(s) => form.set(path, s === "" && !field.required ? undefined : s, true)}
        onBlur={form.endTyping}
      />
    </FieldShell>
  );
}
