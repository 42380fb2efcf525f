import { type StudioErrorDetail, studioErrorSchema } from "../../platform/errors";
import type { KeyValueStorage } from "./oauth-resume";

/** Where a send's wait (a 429's or a 503's Retry-After) is kept, per action, over a reload. */
const key = (action: string) => `addon-studio:wait:${action}`;

/**
 * Keeps the failure that asked to wait, and when the wait ends (wall clock: the page's monotonic
 * clock starts again with a reload), so a reload does not let go of the held buttons.
 */
export function keepWait(
  storage: KeyValueStorage | undefined,
  action: string,
  failure: KeptWait,
  now: number,
): void {
  const { error } = failure;
  if (!storage || error.retryAfter === undefined || error.retryAfter <= 0) return;
  try {
    storage.setItem(key(action), JSON.stringify({ until: now + error.retryAfter * 1000, ...failure }));
  } catch {
    // Storage full or refused: the hold lasts as long as this page, as before.
  }
}

/** Forgets the kept wait (a new outcome replaces it). */
export function forgetWait(storage: KeyValueStorage | undefined, action: string): void {
  try {
    storage?.removeItem(key(action));
  } catch {
    // Nothing kept, or storage refused: nothing to forget.
  }
}

/** A failure that asked to wait, and the HTTP status it came with. */
export interface KeptWait {
  error: StudioErrorDetail;
  httpStatus?: number | undefined;
}

/** The kept failure with the seconds left of its wait, or undefined when none is left (or none is kept). */
export function keptWait(
  storage: KeyValueStorage | undefined,
  action: string,
  now: number,
): KeptWait | undefined {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key(action)) ?? null;
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  let kept: unknown;
  try {
    kept = JSON.parse(raw);
  } catch {
    kept = undefined;
  }
  const until =
    typeof kept === "object" && kept !== null && "until" in kept ? Number(kept.until) : Number.NaN;
  const error = studioErrorSchema.shape.error.safeParse(
    typeof kept === "object" && kept !== null && "error" in kept ? kept.error : undefined,
  );
  const left = Math.ceil((until - now) / 1000);
  if (!error.success || !Number.isFinite(left) || left <= 0) {
    forgetWait(storage, action);
    return undefined;
  }
  const status =
    typeof kept === "object" && kept !== null && "httpStatus" in kept ? kept.httpStatus : undefined;
  return {
    error: { ...error.data, retryAfter: left },
    httpStatus: typeof status === "number" ? status : undefined,
  };
}
