/** A verdict: allowed, or refused with the seconds to wait (Retry-After). */
export type Take = { ok: true } | { ok: false; retryAfter: number };

/** Per-key token buckets: `perMinute` requests a minute, in bursts of up to `perMinute`. */
export interface RateLimiter {
  take(key: string): Take;
}

/**
 * A token bucket per key (a client address, a session id), in memory. At most `maxKeys` buckets are
 * kept; past that the least recently used go first (a forgotten bucket starts full, which only errs
 * on the side of letting a request through). `perMinute` 0 turns the limit off.
 */
export function createRateLimiter(perMinute: number, now: () => number, maxKeys = 50_000): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return {
    take(key) {
      if (perMinute <= 0) return { ok: true };
      const t = now();
      const b = buckets.get(key) ?? { tokens: perMinute, at: t };
      buckets.delete(key);
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * perMs);
      b.at = t;
      buckets.set(key, b);
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)) };
    },
  };
}
