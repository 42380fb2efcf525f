/**
 * The action being resumed after the consent page (`?resume=`): its panel must be mounted on
 * arrival, because the panel is what sends the pending action again and shows the outcome.
 */
export function resumingAction(): string | null {
  return typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("resume");
}
