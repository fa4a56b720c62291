export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one attempt for `key` and says whether it is within the limit. */
  hit: (key: string) => RateLimitResult;
  /** Says whether one more attempt would be allowed, without counting it. */
  check: (key: string) => RateLimitResult;
  reset: (key: string) => void;
};

type Options = { limit: number; windowMs: number; now?: () => number };

/**
 * A sliding-window limiter kept in memory (one process; see the scale-out issue
 * for a shared store). Each key keeps the times of its recent attempts.
 */
export function createRateLimiter({ limit, windowMs, now = Date.now }: Options): RateLimiter {
  const attempts = new Map<string, number[]>();
  let lastSweep = now();

  const recent = (key: string, at: number) => {
    const list = (attempts.get(key) ?? []).filter((time) => time > at - windowMs);
    if (list.length) attempts.set(key, list);
    else attempts.delete(key);
    return list;
  };

  const sweep = (at: number) => {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const key of attempts.keys()) recent(key, at);
  };

  const verdict = (list: number[], at: number): RateLimitResult =>
    list.length < limit ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((list[0]! + windowMs - at) / 1000)) };

  return {
    hit(key) {
      const at = now();
      sweep(at);
      const list = recent(key, at);
      const result = verdict(list, at);
      if (result.allowed) attempts.set(key, [...list, at]);
      return result;
    },
    check(key) {
      const at = now();
      return verdict(recent(key, at), at);
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}
