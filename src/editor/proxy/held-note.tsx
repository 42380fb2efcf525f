import { countdownText } from "./use-countdown";

/**
 * Why a send button is held (a 429's Retry-After runs): the description of every button it holds
 * (`aria-describedby={id}`), so a screen reader says why it is disabled. Shown as text only where
 * no outcome with its countdown is in view (`visible`).
 */
export function HeldNote(props: { id: string; left: number; visible: boolean }) {
  return (
    <p id={props.id} className={props.visible ? "publish-blocked" : "visually-hidden"}>
      The last send was told to wait: sending is held for {countdownText(props.left)} more.
    </p>
  );
}
