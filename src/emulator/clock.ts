/** A source of the current time in milliseconds; injectable so tests can move time (token expiry). */
export interface Clock {
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };
