import type { PathSegment, Problem, Severity } from "../../platform/problems";
import { isolateQuoted } from "../ui/isolate-quoted";

/** A problem-map key for a path. */
export const key = (path: readonly PathSegment[]) => JSON.stringify(path);

/** The problems of one place (a side, a row), each with its severity spelled out. */
export function ProblemLines(props: { problems: readonly Problem[] | undefined }) {
  if (!props.problems?.length) return null;
  return (
    <ul className="field-problems">
      {props.problems.map((p) => (
        <li key={`${p.code}:${p.message}`} className={`field-problem is-${p.severity}`}>
          {p.severity === "error" ? "Error: " : "Warning: "}
          {isolateQuoted(p.message)}
        </li>
      ))}
    </ul>
  );
}

/** True when any problem (of `severity`, when given) sits at or under `prefix`. */
export function hasProblemUnder(
  problems: Map<string, Problem[]>,
  prefix: readonly PathSegment[],
  severity?: Severity,
): boolean {
  const whole = key(prefix);
  const under = `${whole.slice(0, -1)},`;
  for (const [k, list] of problems)
    if ((k === whole || k.startsWith(under)) && list.some((p) => !severity || p.severity === severity))
      return true;
  return false;
}
