import { useEffect, useState } from "react";

/**
 * Seconds left of a wait of `seconds` that started when `key` (an outcome) appeared, ticking each
 * second; undefined without a wait. A new `key` restarts it.
 */
export function useCountdown(seconds: number | undefined, key: unknown): number | undefined {
  const [start, setStart] = useState(() => ({ key, at: performance.now() }));
  const [, setTick] = useState(0);
  if (start.key !== key) setStart({ key, at: performance.now() });
  // A monotonic clock: setting the system clock back during a wait changes nothing.
  const at = start.key === key ? start.at : performance.now();
  useEffect(() => {
    if (seconds === undefined || seconds <= 0) return;
    // Ticks until nothing is left (a new outcome starts another wait: a new `at`).
    const timer = setInterval(() => {
      setTick((n) => n + 1);
      if (leftOf(seconds, at, performance.now()) === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, at]);
  return seconds === undefined ? undefined : leftOf(seconds, at, performance.now());
}

/** Whole seconds left of a wait of `seconds` that started at `at` (performance.now()). */
function leftOf(seconds: number, at: number, now: number): number {
  return Math.max(0, seconds - Math.floor((now - at) / 1000));
}

/** Seconds left, as the countdown shows them: "45 s", "12 min", "3 h 20 min". */
export function countdownText(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
