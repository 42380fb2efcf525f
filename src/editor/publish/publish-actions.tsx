import { useId, useMemo } from "react";
import { HeldNote } from "../proxy/held-note";
import type { DocumentKind } from "../store/document";
import { countOf } from "../ui/count-of";
import { bodyBytes, publishSizeText } from "./body-size";
import { ConfirmButton } from "./confirm-button";

/**
 * Why publishing is not possible yet (errors, a body over the proxy's size limit, no target), the
 * Publish button and, for a post, removing every add-on the app attached to it.
 */
export function PublishActions(props: {
  kind: DocumentKind;
  /** The document's error count when it does not validate, else null. */
  errorCount: number | null;
  /** The body Publish sends: one over the proxy's 1 MB is refused here, before any sign-in or request. */
  body: Record<string, unknown>;
  /** No valid target (post token or user) entered yet. */
  noTarget: boolean;
  canPublish: boolean;
  onPublish: () => void;
  postToken: string;
  canRemovePost: boolean;
  onRemovePost: () => void;
  /**
   * A wait the last send was given (a 429's Retry-After): the buttons are held, and say why. Where
   * its outcome is not on this form (it was for the other kind) the reason is shown; beside the
   * outcome, which shows the countdown, it is only the buttons' description for screen readers.
   */
  held?: { left: number; outcomeShown: boolean } | undefined;
}) {
  const { kind, errorCount, body } = props;
  const heldId = useId();
  const sizeText = useMemo(
    () => publishSizeText(bodyBytes(body), Array.isArray(body.widgets) ? body.widgets.length : 0),
    [body],
  );
  return (
    <>
      {errorCount !== null ? (
        <p className="publish-blocked">
          The add-on has {countOf(errorCount, "error")}: fix {errorCount === 1 ? "it" : "them"} in the
          problems panel, then publish.
        </p>
      ) : null}
      {sizeText ? <p className="publish-blocked">{sizeText}</p> : null}
      {props.held ? <HeldNote id={heldId} left={props.held.left} visible={!props.held.outcomeShown} /> : null}
      {props.noTarget ? (
        <p className="muted">
          {kind === "post" ? "Enter a valid post token to publish." : "Enter the user to publish to."}
        </p>
      ) : null}
      <div className="publish-actions">
        <button
          className="button is-primary"
          type="button"
          disabled={!props.canPublish || sizeText !== null}
          aria-describedby={props.held ? heldId : undefined}
          onClick={props.onPublish}
        >
          Publish
        </button>
        {kind === "post" ? (
          <ConfirmButton
            label="Remove this post's add-ons"
            question={`Remove every add-on this app attached to post ${props.postToken}? This cannot be undone.`}
            confirmLabel="Remove them"
            disabled={!props.canRemovePost}
            describedBy={props.held ? heldId : undefined}
            onConfirm={props.onRemovePost}
          />
        ) : null}
      </div>
    </>
  );
}
