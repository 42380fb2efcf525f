/** A source of the current time in milliseconds; injectable so tests can move time (token expiry). */
export interface Clock {
  now(): number;
}

/** A clock tests can move by hand. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that starts at `start` and moves only when told to. */
export function manualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}
