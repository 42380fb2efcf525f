import { countOf } from "../ui/count-of";
import { CountedLabel } from "../ui/counted-label";

/** What the Problems tab says after its name: "2 errors, 1 warning"; empty when there are none. */
export function problemsSummary(errors: number, warnings: number): string {
  const parts = [errors ? countOf(errors, "error") : "", warnings ? countOf(warnings, "warning") : ""];
  return parts.filter(Boolean).join(", ");
}

/**
 * The Problems tab's label: the badge shows the errors (else the warnings) at a glance, while the
 * accessible name says both counts in words ("Problems, 2 errors, 1 warning").
 */
export function ProblemsTabLabel(props: { errors: number; warnings: number; pending?: boolean }) {
  const { errors, warnings } = props;
  // The contract is still loading: no count yet, and never a false "none".
  if (props.pending) return <CountedLabel word="Problems" said="checking" />;
  return (
    <CountedLabel
      word="Problems"
      said={problemsSummary(errors, warnings)}
      badge={{ text: String(errors || warnings), className: errors ? "is-error" : "is-warning" }}
    />
  );
}
