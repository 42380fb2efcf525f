import type { MigrationChange } from "../../platform/migrate";

/** What a migration changed, line by line (the JSON panel's import and the chat composer's). */
export function MigrationReport(props: { report: readonly MigrationChange[] }) {
  return (
    <details open>
      <summary>Migration report</summary>
      <ul className="report">
        {props.report.map((c) => (
          <li key={`${c.path}:${c.change}:${c.message}`}>
            <code>{c.path}</code> <span className={`change is-${c.change}`}>{c.change}</span> {c.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
