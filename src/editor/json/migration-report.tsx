import type { MigrationChange } from "../../platform/migrate";

/** A report this long starts closed: open, it pushed the rest of the panel away (and was read out). */
const OPEN_MAX = 50;
/** The most lines drawn: a v1 body of 2,000 widgets reports ~9,000 changes (a list 389,000 px tall). */
export const REPORT_SHOWN = 500;

/** What a migration changed, line by line (the JSON panel's import and the chat composer's). */
export function MigrationReport(props: { report: readonly MigrationChange[] }) {
  const { report } = props;
  const long = report.length > OPEN_MAX;
  const rest = report.length - REPORT_SHOWN;
  return (
    <details open={!long}>
      <summary>
        Migration report
        {long ? <span className="muted"> ({report.length.toLocaleString("en")} changes)</span> : null}
      </summary>
      <ul className="report">
        {report.slice(0, REPORT_SHOWN).map((c) => (
          <li key={`${c.path}:${c.change}:${c.message}`}>
            <code>{c.path}</code> <span className={`change is-${c.change}`}>{c.change}</span> {c.message}
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <p className="muted">
          …and {rest.toLocaleString("en")} more changes. {"`addon-studio migrate <file>`"} prints the whole
          report.
        </p>
      ) : null}
    </details>
  );
}
