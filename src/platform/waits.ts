/** The longest wait a body's `retryAfter` carries (a day: a daily quota resets within one); a longer one is only said. */
export const RETRY_AFTER_MAX_SECONDS = 24 * 60 * 60;

/**
 * A wait in words: "30 seconds", "12 minutes", "about 3 hours". "Wait 0 seconds" (Retry-After: 0,
 * or a date already past) and "1 seconds" read as nonsense, and no wait known is "a few seconds";
 * past a day, "more than a day" (the editor holds no button that long).
 */
export function waitWords(seconds: number | undefined): string {
  if (seconds === undefined || seconds <= 1) return "a few seconds";
  if (seconds > RETRY_AFTER_MAX_SECONDS) return "more than a day";
  if (seconds < 120) return `${seconds} seconds`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} minutes`;
  return `about ${Math.round(seconds / 3600)} hours`;
}
