import type { DocumentKind } from "../store/document";
import { countOf } from "../ui/count-of";
import { ConfirmButton } from "./confirm-button";

/**
 * Why publishing is not possible yet (errors, no target), the Publish button and, for a post,
 * removing every add-on the app attached to it.
 */
export function PublishActions(props: {
  kind: DocumentKind;
  /** The document's error count when it does not validate, else null. */
  errorCount: number | null;
  /** No valid target (post token or user) entered yet. */
  noTarget: boolean;
  canPublish: boolean;
  onPublish: () => void;
  postToken: string;
  canRemovePost: boolean;
  onRemovePost: () => void;
}) {
  const { kind, errorCount } = props;
  return (
    <>
      {errorCount !== null ? (
        <p className="publish-blocked">
          The add-on has {countOf(errorCount, "error")}: fix {errorCount === 1 ? "it" : "them"} in the
          problems panel, then publish.
        </p>
      ) : null}
      {props.noTarget ? (
        <p className="muted">
          {kind === "post" ? "Enter a valid post token to publish." : "Enter the user to publish to."}
        </p>
      ) : null}
      <div className="publish-actions">
        <button
          className="button is-primary"
          type="button"
          disabled={!props.canPublish}
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
            onConfirm={props.onRemovePost}
          />
        ) : null}
      </div>
    </>
  );
}
