/** The policy a limiter enforces, for the RateLimit-Policy header: `limit` attempts per `windowSeconds`. */
export type RateLimitPolicy = { limit: number; windowSeconds: number };

export type RateLimitResult =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number; remaining: 0; policy: RateLimitPolicy };

export type RateLimiter = {
  /** Counts one attempt for `key` and says whether it is within the limit. */
  hit: (key: string) => RateLimitResult;
  /** Says whether one more attempt would be allowed, without counting it. */
  check: (key: string) => RateLimitResult;
  reset: (key: string) => void;
  /** Gives back the latest counted attempt of `key` (a reservation that turned out not to count). */
  release: (key: string) => void;
  policy: RateLimitPolicy;
};

type Options = { limit: number; windowMs: number; now?: () => number };

/** Attempt times in order; `head` skips the expired ones without copying the array. */
type AttemptLog = { times: number[]; head: number };

/**
 * A sliding-window limiter kept in memory (one process; see the scale-out issue
 * for a shared store). Each key keeps the times of its recent attempts; every
 * operation is amortised O(1), so a high limit (benchmarks) costs nothing extra.
 */
export function createRateLimiter({ limit, windowMs, now = Date.now }: Options): RateLimiter {
  const logs = new Map<string, AttemptLog>();
  const policy: RateLimitPolicy = { limit, windowSeconds: Math.ceil(windowMs / 1000) };
  let lastSweep = now();

  const prune = (key: string, at: number): AttemptLog | undefined => {
    const log = logs.get(key);
    if (!log) return undefined;
    const cutoff = at - windowMs;
    while (log.head < log.times.length && log.times[log.head]! <= cutoff) log.head++;
    if (log.head === log.times.length) {
      logs.delete(key);
      return undefined;
    }
    if (log.head > 64 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    return log;
  };

  const sweep = (at: number) => {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const key of logs.keys()) prune(key, at);
  };

  const verdict = (log: AttemptLog | undefined, at: number): RateLimitResult => {
    const counted = log ? log.times.length - log.head : 0;
    if (!log || counted < limit) return { allowed: true, remaining: limit - counted };
    // The oldest attempt still inside the window decides when one more is allowed.
    const oldestCounted = log.times[log.times.length - limit]!;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((oldestCounted + windowMs - at) / 1000)),
      remaining: 0,
      policy,
    };
  };

  return {
    hit(key) {
      const at = now();
      sweep(at);
      const log = prune(key, at);
      const result = verdict(log, at);
      if (!result.allowed) return result;
      if (log) log.times.push(at);
      else logs.set(key, { times: [at], head: 0 });
      return { allowed: true, remaining: result.remaining - 1 };
    },
    check(key) {
      const at = now();
      return verdict(prune(key, at), at);
    },
    reset(key) {
      logs.delete(key);
    },
    release(key) {
      const log = logs.get(key);
      if (!log) return;
      log.times.pop();
      if (log.head >= log.times.length) logs.delete(key);
    },
    policy,
  };
}
