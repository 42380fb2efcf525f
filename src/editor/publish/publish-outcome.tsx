import { SendOutcomeView } from "../proxy/send-outcome-view";
import type { SendOutcome } from "../proxy/use-send-flow";
import { ConfirmButton } from "./confirm-button";
import type { ResultPage } from "./publish-ops";

/**
 * What the last send produced, shown beside the button that started it: the outcome (which takes the
 * focus), the page showing the result, removing the user add-on just published and the way back to the
 * platform (4.11).
 */
export function PublishOutcome(props: {
  outcome: SendOutcome;
  successText: string;
  page: ResultPage | undefined;
  onAuthorize: () => void;
  /** Seconds left of a wait the failure asked for (the send flow's `waitLeft`). */
  waitLeft: number | undefined;
  /** The user add-on the last publish created, offered for removal. */
  addonId: string | undefined;
  disabled: boolean;
  onRemoveAddon: (addonId: string) => void;
  /** "Back to the platform", shown only after a successful send. */
  completionUrl: string | null;
  /** The outcome is of a read (the user's phone numbers): nothing was sent, nothing to go back to. */
  readOnly?: boolean;
  /** False while the panel is still laying itself out: the outcome takes the focus once it is settled. */
  settled: boolean;
  /** The document changed after this publish succeeded: the platform shows the body sent then. */
  stale?: boolean;
}) {
  const { addonId } = props;
  return (
    <>
      {props.stale && props.outcome.status === "success" ? (
        <p className="publish-blocked">
          You changed the add-on after this publish: the platform shows what was sent then. Publish again to
          send your changes.
        </p>
      ) : null}
      <SendOutcomeView
        outcome={props.outcome}
        successText={props.successText}
        pageUrl={props.page?.url}
        {...(props.page ? { pageLabel: props.page.label } : {})}
        onAuthorize={props.onAuthorize}
        waitLeft={props.waitLeft}
        focusOnFinish={props.settled}
        readOnly={props.readOnly === true}
      />
      {addonId ? (
        <ConfirmButton
          label="Remove this user add-on"
          question={`Remove user add-on ${addonId}? This cannot be undone.`}
          confirmLabel="Remove it"
          disabled={props.disabled}
          onConfirm={() => props.onRemoveAddon(addonId)}
        />
      ) : null}
      {props.completionUrl && !props.readOnly ? (
        <p>
          <a href={props.completionUrl}>Back to the platform</a>
        </p>
      ) : null}
    </>
  );
}
