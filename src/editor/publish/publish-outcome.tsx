import { SendOutcomeView } from "../proxy/send-outcome-view";
import type { SendOutcome } from "../proxy/use-send-flow";
import { ConfirmButton } from "./confirm-button";

/**
 * What the last send produced: the outcome, removing the user add-on just published, the way back to
 * the platform (4.11) and a link to the post's page.
 */
export function PublishOutcome(props: {
  outcome: SendOutcome;
  successText: string;
  successPage: string | undefined;
  onAuthorize: () => void;
  /** The user add-on the last publish created, offered for removal. */
  addonId: string | undefined;
  disabled: boolean;
  onRemoveAddon: (addonId: string) => void;
  /** "Back to the platform", shown only after a successful send. */
  completionUrl: string | null;
  /** The post's page on the emulator, when there is one and the outcome does not link it already. */
  postPageUrl: string | undefined;
}) {
  const { addonId } = props;
  return (
    <>
      <SendOutcomeView
        outcome={props.outcome}
        successText={props.successText}
        pageUrl={props.successPage}
        onAuthorize={props.onAuthorize}
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
      {props.completionUrl ? (
        <p>
          <a href={props.completionUrl}>Back to the platform</a>
        </p>
      ) : null}
      {props.postPageUrl ? (
        <p>
          <a href={props.postPageUrl} target="_blank" rel="noreferrer">
            Open the post's page on the emulator
          </a>
        </p>
      ) : null}
    </>
  );
}
