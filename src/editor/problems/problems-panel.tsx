import "./problems-panel.css";
import type { Problem } from "../../platform";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { selectProblems, selectWidgets } from "../store/selectors";
import { problemLocation } from "./problem-location";

/** Every error and warning with its JSON path; choosing one selects its widget and focuses the field. */
export function ProblemsPanel() {
  const problems = useEditorStore(selectProblems);
  const widgets = useEditorStore(selectWidgets);
  const api = useEditorStoreApi();
  const all = [...problems.errors, ...problems.warnings];
  const go = (p: Problem) => api.getState().requestFocus(p.path);
  return (
    <section className="problems" aria-label="Problems">
      <p className="problems-summary" aria-live="polite">
        {problems.pending
          ? "Checking the add-on against the platform's contract…"
          : problems.errors.length === 0 && problems.warnings.length === 0
            ? "No problems: this add-on is valid."
            : `${problems.errors.length} ${problems.errors.length === 1 ? "error" : "errors"}, ${problems.warnings.length} ${problems.warnings.length === 1 ? "warning" : "warnings"}.`}
        {problems.errors.length ? " Errors block publishing; warnings do not." : ""}
      </p>
      {all.length ? (
        <ul className="problem-list">
          {all.map((p) => {
            const where = problemLocation(p, widgets);
            return (
              <li key={`${p.severity}:${p.at}:${p.code}:${p.message}`}>
                <button type="button" className={`problem is-${p.severity}`} onClick={() => go(p)}>
                  <span className="problem-severity">{p.severity === "error" ? "Error" : "Warning"}</span>
                  <span className="problem-where">
                    <span className="problem-place">{where.place}</span>
                    {where.field ? <span className="problem-field"> › {where.field}</span> : null}
                  </span>
                  <span className="problem-message">{p.message}</span>
                  <code className="problem-path">{p.at}</code>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
