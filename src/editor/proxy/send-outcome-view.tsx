import { useEffect, useRef } from "react";
import { isolateQuoted } from "../ui/isolate-quoted";
import { maybeDelivered } from "./maybe-delivered";
import { countdownText } from "./use-countdown";
import type { SendOutcome } from "./use-send-flow";

/** A sentence without its closing stop and spaces: the catalogue quotes the platform's words in brackets, without it. */
function withoutFinalStop(text: string): string {
  return text.trim().replace(/[.!?。]+$/u, "");
}

/** Outcomes that end a send: the user is taken to them. */
const FINISHED = new Set<SendOutcome["status"]>(["success", "error", "unreachable"]);

/** Outcomes already given focus: one shown again (its form left and come back to) does not take it. */
const focused = new WeakSet<SendOutcome>();

/**
 * Moves keyboard focus to a finished outcome (read out by screen readers, scrolled into view in any
 * scrolling panel), once per outcome: not again when it is drawn again (the document's kind switched
 * away and back), which would pull focus from the switch and read the alert once more.
 */
function useFocusOnFinish(outcome: SendOutcome, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || !FINISHED.has(outcome.status) || focused.has(outcome)) return;
    focused.add(outcome);
    el.focus({ preventScroll: true });
    // "nearest": the least scrolling that shows it, in the panel and in the page.
    el.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [outcome, enabled]);
  return ref;
}

/**
 * Shows where a publish or send stands: progress, success, or the catalogue error with what to do.
 * Render it beside the button that started the send: a finished outcome takes the focus.
 */
export function SendOutcomeView(props: {
  outcome: SendOutcome;
  successText: string;
  pageUrl?: string | undefined;
  pageLabel?: string;
  /** Goes through the consent page again and retries (the flow's `authorizeAgain`). */
  onAuthorize?: () => void;
  /** The request only read (a list of phone numbers): a failure cannot have delivered anything. */
  readOnly?: boolean;
  /**
   * Moves focus to a finished outcome (default on). While false the move waits: a panel still laying
   * itself out (its proxy session not read yet) would push the outcome away after it was scrolled to.
   */
  focusOnFinish?: boolean;
  /** Seconds left of the wait the failure asked for (the flow's `waitLeft`); undefined without one. */
  waitLeft: number | undefined;
}) {
  const { outcome } = props;
  const resultRef = useFocusOnFinish(outcome, props.focusOnFinish !== false);
  const left = props.waitLeft;
  const upstreamSaid =
    outcome.status === "error" &&
    outcome.error.upstream &&
    !outcome.error.message.includes(withoutFinalStop(outcome.error.upstream.message))
      ? outcome.error.upstream.message
      : undefined;
  return (
    <div
      className="send-outcome"
      role="status"
      // A failure is read out by its own alert; the region polite too would read it a second time.
      aria-live={outcome.status === "error" || outcome.status === "unreachable" ? "off" : "polite"}
      ref={resultRef}
      tabIndex={-1}
    >
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
          {outcome.published.answerNote ? <p>{outcome.published.answerNote}</p> : null}
          {outcome.published.attachedLater ? (
            <p>
              The platform attaches the add-on a moment later; reload the post's page if it is not there yet.
            </p>
          ) : null}
          {props.pageUrl ? (
            <p>
              <a href={props.pageUrl} target="_blank" rel="noreferrer">
                {props.pageLabel ?? "Open the post's page"}
              </a>
            </p>
          ) : null}
          {outcome.published.warnings?.length ? (
            <FindingList label="Warnings" noun="warning" items={outcome.published.warnings} />
          ) : null}
        </div>
      ) : null}
      {outcome.status === "error" ? (
        <div className="send-error" role="alert">
          <p>
            <strong>{errorHeading(outcome.error.code)}</strong>
            {outcome.httpStatus ? ` (HTTP ${outcome.httpStatus})` : ""}:{" "}
            {isolateQuoted(outcome.error.message)}
          </p>
          {left === undefined ? null : left > 0 ? (
            // For the eye only: read out, each tick would repeat the whole alert every second; the
            // message above already says how long to wait, and "now" is read once when the wait ends.
            <p aria-hidden="true">You can try again in {countdownText(left)}.</p>
          ) : (
            <p>You can try again now.</p>
          )}
          {upstreamSaid ? <p>The platform said: {upstreamSaid}</p> : null}
          {maybeDelivered(outcome.error.code) && !props.readOnly ? (
            <p>
              Pressing the button again may deliver it a second time.
              {props.pageUrl ? (
                <>
                  {" "}
                  <a href={props.pageUrl} target="_blank" rel="noreferrer">
                    Check the post's page first
                  </a>
                  .
                </>
              ) : null}
            </p>
          ) : null}
          {outcome.error.problems?.length ? (
            <FindingList label="Problems" noun="problem" items={outcome.error.problems} />
          ) : null}
          {outcome.error.authorizeUrl ? (
            props.onAuthorize ? (
              <button className="button" type="button" onClick={props.onAuthorize}>
                Authorize again and retry
              </button>
            ) : (
              <a href={outcome.error.authorizeUrl}>Authorize again</a>
            )
          ) : null}
        </div>
      ) : null}
      {outcome.status === "unreachable" ? (
        <p className="send-error" role="alert">
          {outcome.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A failure's heading: its code in words ("upstream rate limited"). A send whose answer never came
 * is "outcome unknown": the code's "upstream" would be wrong when it is the studio that did not answer.
 */
function errorHeading(code: string): string {
  return code === "upstream_outcome_unknown" ? "outcome unknown" : code.replaceAll("_", " ");
}

/** The first findings a send listed shown; more would be read out and drawn in full (2,000 at 2,000 widgets). */
const FINDINGS_SHOWN = 10;

/** What the proxy listed with its answer (warnings of a delivered body, problems of a refused one), the first few. */
function FindingList(props: {
  label: string;
  noun: string;
  items: readonly { at: string; message: string }[];
}) {
  const { items } = props;
  const more = items.length - FINDINGS_SHOWN;
  return (
    <>
      <ul aria-label={props.label}>
        {items.slice(0, FINDINGS_SHOWN).map((p) => (
          <li key={`${p.at}:${p.message}`}>
            <code>{p.at}</code>: {isolateQuoted(p.message)}
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p>
          …and {more.toLocaleString("en")} more {more === 1 ? props.noun : `${props.noun}s`}: the same ones
          the editor marks where you edit (an add-on's are all in its Problems tab).
        </p>
      ) : null}
    </>
  );
}
