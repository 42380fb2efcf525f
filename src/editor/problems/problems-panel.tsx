import "./problems-panel.css";
import { memo, useDeferredValue, useEffect, useRef, useState } from "react";
import type { Problem } from "../../platform";
import type { Widget } from "../../platform/widgets";
import { useEditorStore, useEditorStoreApi } from "../store/editor-store-context";
import { type Problems, selectProblems, selectWidgetIds, selectWidgets } from "../store/selectors";
import { countOf } from "../ui/count-of";
import { isolateQuoted } from "../ui/isolate-quoted";
import { problemLocation } from "./problem-location";

/**
 * How many problems are drawn at first, and added by each "Show more". A generated 2,000-widget
 * add-on can have 10,000: drawn at once, every keystroke re-rendered them all (~0.5 s of work per
 * key in Chromium), and no one reads that many before fixing the first.
 */
export const PROBLEMS_PAGE = 200;

/**
 * A key that survives a widget moving: the widget's editor id and the path inside it, not the
 * JSON path (a widget inserted above renumbers every path after it, and a changed key would
 * rebuild each of those rows instead of updating its text).
 */
function problemKey(p: Problem, ids: readonly string[]): string {
  const [head, index, ...rest] = p.path;
  const owner = head === "widgets" && typeof index === "number" ? (ids[index] ?? index) : "doc";
  return `${owner}:${p.severity}:${p.code}:${rest.join("/")}:${p.message}`;
}

/**
 * Every error and warning with its JSON path; choosing one selects its widget and focuses the field.
 * The list follows an edit one render later (`useDeferredValue`), as the inspector's form does: an
 * insert above a hundred problems renumbers each one's place and path (~200 text updates at 2,000
 * widgets), work the edit's own frame need not wait for. The three values move together.
 */
export function ProblemsPanel() {
  const problems = useDeferredValue(useEditorStore(selectProblems));
  const widgets = useDeferredValue(useEditorStore(selectWidgets));
  const ids = useDeferredValue(useEditorStore(selectWidgetIds));
  return <ProblemList problems={problems} widgets={widgets} ids={ids} />;
}

const ProblemList = memo(function ProblemList(props: {
  problems: Problems;
  widgets: readonly Widget[];
  ids: readonly string[];
}) {
  const { problems, widgets, ids } = props;
  const api = useEditorStoreApi();
  const all = [...problems.errors, ...problems.warnings];
  const go = (p: Problem) => api.getState().requestFocus(p.path);
  const [limit, setLimit] = useState(PROBLEMS_PAGE);
  const shown = all.slice(0, limit);
  const hidden = all.length - shown.length;
  // "Show more" gives the keyboard to the first problem it added, not back to the top.
  const list = useRef<HTMLUListElement>(null);
  const firstAdded = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the added problems are drawn
  useEffect(() => {
    const at = firstAdded.current;
    firstAdded.current = null;
    if (at !== null) list.current?.querySelectorAll<HTMLButtonElement>("button.problem")[at]?.focus();
  }, [limit]);
  return (
    <section className="problems" aria-label="Problems">
      <p className="problems-summary" aria-live="polite">
        {problems.pending
          ? "Checking the add-on against the platform's contract…"
          : problems.errors.length === 0 && problems.warnings.length === 0
            ? "No problems: this add-on is valid."
            : `${countOf(problems.errors.length, "error")}, ${countOf(problems.warnings.length, "warning")}.`}
        {problems.errors.length ? " Errors block publishing; warnings do not." : ""}
      </p>
      {all.length ? (
        <ul className="problem-list" ref={list}>
          {shown.map((p) => {
            const [head, index] = p.path;
            const widget = head === "widgets" && typeof index === "number" ? widgets[index] : undefined;
            return <ProblemRow key={problemKey(p, ids)} problem={p} widget={widget} go={go} />;
          })}
        </ul>
      ) : null}
      {hidden > 0 ? (
        <button
          type="button"
          className="button problems-more"
          onClick={() => {
            firstAdded.current = limit;
            setLimit(limit + PROBLEMS_PAGE);
          }}
        >
          Show {Math.min(hidden, PROBLEMS_PAGE).toLocaleString("en")} more ({hidden.toLocaleString("en")} not
          shown)
        </button>
      ) : null}
    </section>
  );
});

/**
 * One problem. Memoised on the problem and its widget: an edit of one widget re-renders only its
 * rows, and a move re-renders only the rows whose widget number changed.
 */
const ProblemRow = memo(
  function ProblemRow(props: { problem: Problem; widget: Widget | undefined; go: (p: Problem) => void }) {
    const p = props.problem;
    const where = problemLocation(p, props.widget);
    return (
      <li>
        <button type="button" className={`problem is-${p.severity}`} onClick={() => props.go(p)}>
          <span className="problem-severity">{p.severity === "error" ? "Error" : "Warning"}</span>
          <span className="problem-where">
            <span className="problem-place">{where.place}</span>
            {where.field ? <span className="problem-field"> › {where.field}</span> : null}
          </span>
          <span className="problem-message">{isolateQuoted(p.message)}</span>
          <code className="problem-path">{p.at}</code>
        </button>
      </li>
    );
  },
  // `go` is made anew each render but only reads the store: comparing it would defeat the memo.
  (a, b) => a.problem === b.problem && a.widget === b.widget,
);
