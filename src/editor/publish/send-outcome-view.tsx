import type { SendOutcome } from "./use-send-flow";

/** Shows where a publish or send stands: progress, success, or the catalogue error with what to do. */
export function SendOutcomeView(props: {
  outcome: SendOutcome;
  successText: string;
  pageUrl?: string | undefined;
}) {
  const { outcome } = props;
  return (
    <div className="send-outcome" role="status" aria-live="polite">
      {outcome.status === "sending" ? <p>Sending…</p> : null}
      {outcome.status === "authorizing" ? (
        <p>
          Authorization needed{outcome.scope ? ` for ${outcome.scope}` : ""}: opening the consent page. Your
          draft is saved; the action resumes when you come back.{" "}
          <a href={outcome.url}>Open the consent page</a>
        </p>
      ) : null}
      {outcome.status === "success" ? (
        <div className="send-success">
          <p>{props.successText}</p>
          {outcome.published.attachedLater ? (
            <p>
              The platform attaches the add-on a moment later; reload the post's page if it is not there yet.
            </p>
          ) : null}
          {props.pageUrl ? (
            <p>
              <a href={props.pageUrl} target="_blank" rel="noreferrer">
                Open the post's page
              </a>
            </p>
          ) : null}
          {outcome.published.warnings?.length ? (
            <ul aria-label="Warnings">
              {outcome.published.warnings.map((w) => (
                <li key={`${w.at}:${w.message}`}>
                  <code>{w.at}</code>: {w.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {outcome.status === "error" ? (
        <div className="send-error" role="alert">
          <p>
            <strong>{outcome.error.code.replaceAll("_", " ")}</strong>
            {outcome.httpStatus ? ` (HTTP ${outcome.httpStatus})` : ""}: {outcome.error.message}
          </p>
          {outcome.error.retryAfter !== undefined ? (
            <p>Retry after {outcome.error.retryAfter} seconds.</p>
          ) : null}
          {outcome.error.upstream ? <p>The platform said: {outcome.error.upstream.message}</p> : null}
          {outcome.error.problems?.length ? (
            <ul aria-label="Problems">
              {outcome.error.problems.map((p) => (
                <li key={`${p.at}:${p.message}`}>
                  <code>{p.at}</code>: {p.message}
                </li>
              ))}
            </ul>
          ) : null}
          {outcome.error.authorizeUrl ? <a href={outcome.error.authorizeUrl}>Authorize again</a> : null}
        </div>
      ) : null}
      {outcome.status === "unreachable" ? <p className="send-error">{outcome.message}</p> : null}
    </div>
  );
}
