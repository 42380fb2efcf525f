import { type Problem, problem } from "../../platform/problems";
import type { Problems } from "./selectors";

/** The error of a cost field whose text is not a number; the document keeps `kept` meanwhile. */
export function costTextProblem(text: string, kept: unknown): Problem {
  const keeps = typeof kept === "number" ? `its cost of ${kept}` : "no cost";
  return problem(
    ["cost"],
    `"${text}" is not a number yet, so the add-on keeps ${keeps}: type a number such as 1200, or clear the field to remove the cost.`,
    "error",
    "cost_not_a_number",
  );
}

let last: { base: Problems; text: string; out: Problems } | undefined;

/**
 * The document's problems with the cost field's text that is not a number as one more error (the
 * store's `costText`); the same object while neither changes, so subscribers do not re-render.
 */
export function withCostText(base: Problems, text: string, kept: unknown): Problems {
  if (last?.base !== base || last.text !== text) {
    const cost = costTextProblem(text, kept);
    last = {
      base,
      text,
      out: { ...base, errors: [...base.errors, cost], document: [cost, ...base.document] },
    };
  }
  return last.out;
}
