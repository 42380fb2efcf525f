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
