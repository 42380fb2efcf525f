import { countOf } from "../ui/count-of";

/** What the Problems tab says after its name: ", 2 errors, 1 warning"; empty when there are none. */
export function problemsSummary(errors: number, warnings: number): string {
  const parts = [errors ? countOf(errors, "error") : "", warnings ? countOf(warnings, "warning") : ""];
  const said = parts.filter(Boolean).join(", ");
  return said ? `, ${said}` : "";
}

/**
 * The Problems tab's label: the badge shows the errors (else the warnings) at a glance, while the
 * accessible name says both counts in words ("Problems, 2 errors, 1 warning").
 */
export function ProblemsTabLabel(props: { errors: number; warnings: number; pending?: boolean }) {
  const { errors, warnings } = props;
  return (
    <>
      Problems
      {props.pending ? (
        // The contract is still loading: no count yet, and never a false "none".
        <span className="visually-hidden">, checking</span>
      ) : errors || warnings ? (
        <>
          <span className={`badge ${errors ? "is-error" : "is-warning"}`} aria-hidden="true">
            {errors ? errors : warnings}
          </span>
          <span className="visually-hidden">{problemsSummary(errors, warnings)}</span>
        </>
      ) : null}
    </>
  );
}
