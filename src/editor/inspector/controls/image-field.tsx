import { FieldShell } from "../../ui/field-shell";
import { TextControl } from "../../ui/text-control";
import { type ControlProps, hasError, shellOf } from "./control";

/** An uploaded image's id, or `logo` (one click away). */
export function ImageField(p: ControlProps<"image">) {
  const { value, form, path, field } = p;
  return (
    <FieldShell
      {...shellOf(p)}
      help={p.help}
      extra={
        value === "logo" ? null : (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              form.set(path, "logo");
              // The button goes once the id is logo: focus goes to the box it filled in, not the page.
              document.getElementById(p.id)?.focus();
            }}
          >
            Use logo
          </button>
        )
      }
    >
      <TextControl
        id={p.id}
        value={typeof value === "string" ? value : ""}
        dir="ltr"
        list="image-id-suggestions"
        invalid={hasError(p.problems)}
        describedBy={p.describedBy}
        placeholder="logo, or an uploaded image's id"
        onChange={(s) => form.set(path, s === "" && !field.required ? undefined : s, true)}
        onBlur={form.endTyping}
      />
    </FieldShell>
  );
}
