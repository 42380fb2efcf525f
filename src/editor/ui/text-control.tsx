import { codePointLength } from "../../platform/text";

/** A text input or textarea with an optional character counter (code points, as the platform counts). */
export function TextControl(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  max?: number;
  multiline?: boolean;
  dir?: "rtl" | "ltr" | "auto";
  invalid?: boolean;
  describedBy?: string | undefined;
  placeholder?: string;
  list?: string;
}) {
  const n = codePointLength(props.value);
  const over = props.max !== undefined && n > props.max;
  const counterId = `${props.id}:counter`;
  const describedBy =
    [props.describedBy, props.max !== undefined ? counterId : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id: props.id,
    value: props.value,
    dir: props.dir ?? "auto",
    "aria-invalid": props.invalid || undefined,
    "aria-describedby": describedBy,
    placeholder: props.placeholder,
    onBlur: props.onBlur,
    className: "input",
  };
  return (
    <div className="text-control">
      {props.multiline ? (
        <textarea {...common} rows={3} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" list={props.list} onChange={(e) => props.onChange(e.target.value)} />
      )}
      {props.max !== undefined ? (
        <span
          id={counterId}
          className={`counter ${over ? "is-over" : ""}`}
          aria-live={over ? "polite" : "off"}
        >
          {n} / {props.max}
          {over ? ` (${n - props.max} over)` : ""}
          <span className="visually-hidden"> characters</span>
        </span>
      ) : null}
    </div>
  );
}
