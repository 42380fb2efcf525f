import { type HistoryEntry, removedLaterAddons } from "../proxy/publish-history";
import { ConfirmButton } from "./confirm-button";

/** The history this browser kept: shown without a proxy store (or signed out), and as the fallback. */
export function LocalHistory(props: {
  history: readonly HistoryEntry[];
  labelledBy: string;
  disabled: boolean;
  onRemoveAddon: (addonId: string) => void;
  onClear: () => void;
}) {
  const { history } = props;
  if (history.length === 0) return <p>Nothing published from this browser yet.</p>;
  const gone = removedLaterAddons(history);
  return (
    <>
      <ol aria-labelledby={props.labelledBy} className="publish-history">
        {history.map((h) => (
          <li key={`${h.at}-${h.target}-${h.detail}`}>
            <time dateTime={h.at}>{new Date(h.at).toLocaleString()}</time> · {h.target} ·{" "}
            {h.ok ? h.detail : `${h.unsure ? "outcome unknown" : "failed"}: ${h.detail}`}
            {h.pageUrl ? (
              <>
                {" "}
                · <a href={h.pageUrl}>page</a>
              </>
            ) : null}
            {gone.has(h) ? " · removed since" : null}
            {h.addonId && !gone.has(h) ? (
              <>
                {" "}
                <ConfirmButton
                  label="Remove"
                  labelDetail={`user add-on ${h.addonId}`}
                  question={`Remove user add-on ${h.addonId}?`}
                  confirmLabel="Remove it"
                  disabled={props.disabled}
                  onConfirm={() => h.addonId && props.onRemoveAddon(h.addonId)}
                />
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <button className="button" type="button" onClick={props.onClear}>
        Clear history
      </button>
    </>
  );
}
