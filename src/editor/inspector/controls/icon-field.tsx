import { lazy, Suspense, useMemo, useState } from "react";
import { suggestIcons } from "../../../platform/icons";
import { FieldShell } from "../../ui/field-shell";
import { TextControl } from "../../ui/text-control";
import { type ControlProps, hasError, type InputProps, shellOf } from "./control";

const IconPicker = lazy(() => import("../icon-picker"));

/** An icon name, typed or picked from the drawings. */
export function IconField(p: ControlProps<"icon">) {
  const { field, form, path } = p;
  return (
    <IconInput
      {...shellOf(p)}
      value={typeof p.value === "string" ? p.value : ""}
      describedBy={p.describedBy}
      onChange={(s, typing) => form.set(path, s === "" && !field.required ? undefined : s, typing)}
      onBlur={form.endTyping}
    />
  );
}

function IconInput(props: InputProps<string, string>) {
  const [open, setOpen] = useState(false);
  // A name not in the list: the nearest known ones, each a click away (the warning names them too).
  const unknown = props.problems.some((p) => p.code === "unknown_icon");
  const near = useMemo(() => (unknown ? suggestIcons(props.value) : []), [unknown, props.value]);
  // Closing the picker (by choosing or not) hands focus back to the name box it belongs to.
  const closePicker = () => {
    setOpen(false);
    document.getElementById(props.id)?.focus();
  };
  return (
    <FieldShell
      id={props.id}
      label={props.label}
      required={props.required}
      problems={props.problems}
      extra={
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={`${props.id}:picker`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Close icons" : "Browse icons"}
        </button>
      }
    >
      <TextControl
        id={props.id}
        value={props.value}
        dir="ltr"
        invalid={hasError(props.problems)}
        describedBy={props.describedBy}
        placeholder="An icon name, e.g. INFO"
        onChange={(s) => props.onChange(s.toUpperCase(), true)}
        onBlur={props.onBlur}
      />
      {near.length ? (
        <fieldset className="button-row bare" aria-label={`Icons near ${props.value}`}>
          {near.map((name) => (
            <button
              key={name}
              type="button"
              className="button"
              onClick={() => {
                props.onChange(name, false);
                // The buttons go with the warning they answer: focus returns to the name box, now holding the name.
                document.getElementById(props.id)?.focus();
              }}
            >
              Use {name}
            </button>
          ))}
        </fieldset>
      ) : null}
      {open ? (
        <div id={`${props.id}:picker`}>
          <Suspense fallback={<p className="muted">Loading icons…</p>}>
            <IconPicker
              label={props.label}
              value={props.value}
              onClose={closePicker}
              onPick={(name) => {
                props.onChange(name, false);
                closePicker();
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </FieldShell>
  );
}
