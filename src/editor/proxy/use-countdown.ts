import { useEffect, useState } from "react";

/**
 * Seconds left of a wait of `seconds` that started when `key` (an outcome) appeared, ticking each
 * second; undefined without a wait. A new `key` restarts it.
 */
export function useCountdown(seconds: number | undefined, key: unknown): number | undefined {
  const [start, setStart] = useState(() => ({ key, at: Date.now() }));
  const [, setTick] = useState(0);
  if (start.key !== key) setStart({ key, at: Date.now() });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new outcome (key) restarts the wait
  useEffect(() => {
    if (seconds === undefined || seconds <= 0) return;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      setTick((n) => n + 1);
      if (ticks > seconds) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, key]);
  if (seconds === undefined) return undefined;
  const at = start.key === key ? start.at : Date.now();
  return Math.max(0, seconds - Math.floor((Date.now() - at) / 1000));
}

/** Seconds left, as the countdown shows them: "45 s", "12 min", "3 h 20 min". */
export function countdownText(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
