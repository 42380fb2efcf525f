import { flushSync } from "react-dom";

/**
 * Applies an edit and renders it at once, so focus can move straight to a control the edit
 * created or moved. Waiting a frame instead lets a fast typist's next keys land on the old element.
 */
export function renderNow(edit: () => void): void {
  flushSync(edit);
}
