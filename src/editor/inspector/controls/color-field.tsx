import { COLOR_SWATCHES, COLORS, type Color } from "../../../platform/colors";
import { FieldShell } from "../../ui/field-shell";
import { type ControlProps, shellOf } from "./control";

/** A colour from the platform's enumeration, as swatches (None too when optional). */
export function ColorField(p: ControlProps<"color">) {
  const { field, value, id, form, path } = p;
  const options: Array<{ value: Color | undefined; name: string }> = [
    ...(field.required ? [] : [{ value: undefined, name: "None" }]),
    ...COLORS.map((c) => ({ value: c, name: c.toLowerCase().replace("_", " ") })),
  ];
  // The checked radio (or the first) carries the field id, so the problems panel can focus it.
  const checked = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );
  return (
    <FieldShell {...shellOf(p)} asLegend>
      <div
        className="swatches"
        role="radiogroup"
        aria-labelledby={`${id}:label`}
        aria-describedby={p.describedBy}
      >
        {options.map((o, i) => (
          <label
            key={o.name}
            className={o.value === value ? "swatch is-checked" : "swatch"}
            title={o.value ?? "No colour"}
          >
            <input
              type="radio"
              name={id}
              id={i === checked ? id : undefined}
              checked={o.value === value}
              onChange={() => form.set(path, o.value)}
            />
            <span
              className={`swatch-chip ${o.value ? "" : "is-none"}`}
              aria-hidden="true"
              style={
                o.value
                  ? {
                      background: `linear-gradient(135deg, ${COLOR_SWATCHES[o.value].light} 50%, ${COLOR_SWATCHES[o.value].dark} 50%)`,
                    }
                  : undefined
              }
            />
            <span className="swatch-name">{o.name}</span>
          </label>
        ))}
      </div>
    </FieldShell>
  );
}
