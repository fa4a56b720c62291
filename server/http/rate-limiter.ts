import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger';

/** The policy a limiter enforces, for the RateLimit-Policy header: `limit` attempts per `windowSeconds`. */
export type RateLimitPolicy = { limit: number; windowSeconds: number };

export type RateLimitResult =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number; remaining: 0; policy: RateLimitPolicy };

/**
 * A limit as its callers use it. Asynchronous because, with REDIS_URL, the count lives in Redis so that every node
 * enforces the same limit (issue #16); without it, the in-memory limiter below answers at once.
 */
export type RateLimiter = {
  /** Counts one attempt for `key` and says whether it is within the limit (a refused attempt is not counted). */
  hit: (key: string) => Promise<RateLimitResult>;
  /** Says whether one more attempt would be allowed, without counting it. */
  check: (key: string) => Promise<RateLimitResult>;
  reset: (key: string) => Promise<void>;
  /** Gives back the latest counted attempt of `key` (a reservation that turned out not to count). */
  release: (key: string) => Promise<void>;
  policy: RateLimitPolicy;
};

/** The in-memory limiter's own, synchronous face (one process). */
export type MemoryRateLimiter = {
  [K in 'hit' | 'check' | 'reset' | 'release']: (key: string) => Awaited<ReturnType<RateLimiter[K]>>;
} & {
  policy: RateLimitPolicy;
  /**
   * What it keeps in memory: the keys it tracks and the attempt times stored for them, expired ones not yet dropped
   * included. Nothing reads it to decide; it shows that the memory a limit uses follows its live attempts (tests).
   */
  held: () => { keys: number; times: number };
};

type Options = { limit: number; windowMs: number; now?: () => number };

/** Attempt times in order; `head` skips the expired ones without copying the array. */
type AttemptLog = { times: number[]; head: number };

/**
 * A sliding-window limiter kept in memory (one process; createRedisRateLimiter shares one between nodes). Each key
 * keeps the times of its recent attempts; every operation is amortised O(1), so a high limit (benchmarks) costs
 * nothing extra.
 */
export function createRateLimiter({ limit, windowMs, now = Date.now }: Options): MemoryRateLimiter {
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
    held() {
      let times = 0;
      for (const log of logs.values()) times += log.times.length;
      return { keys: logs.size, times };
    },
    policy,
  };
}

/** The in-memory limiter behind the asynchronous interface. */
export function fromMemory(limiter: MemoryRateLimiter): RateLimiter {
  return {
    hit: (key) => Promise.resolve(limiter.hit(key)),
    check: (key) => Promise.resolve(limiter.check(key)),
    reset: (key) => Promise.resolve(limiter.reset(key)),
    release: (key) => Promise.resolve(limiter.release(key)),
    policy: limiter.policy,
  };
}

/**
 * The same sliding window as the memory limiter, in one sorted set per key (score: the attempt's time), so a limit
 * means the same on every node. One script per call keeps prune, count and add atomic: two nodes cannot both take the
 * last attempt. Returns {1, remaining} or {0, time of the oldest attempt still deciding the wait}.
 * ARGV: now, windowMs, limit, member ('' for a check, which counts nothing).
 */
const SLIDING_WINDOW_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local counted = redis.call('ZCARD', KEYS[1])
if counted < limit then
  if ARGV[4] ~= '' then
    redis.call('ZADD', KEYS[1], now, ARGV[4])
    redis.call('PEXPIRE', KEYS[1], window)
    return {1, limit - counted - 1}
  end
  return {1, limit - counted}
end
local oldest = redis.call('ZRANGE', KEYS[1], counted - limit, counted - limit, 'WITHSCORES')
return {0, oldest[2]}
`;

type RedisLimiterOptions = Options & {
  redis: Redis;
  /** The limiter's own part of the key space, e.g. 'ilera:rl:login-account:'. */
  keyPrefix: string;
  /** Used when Redis does not answer: this node's own count, as if it ran alone. */
  fallback: MemoryRateLimiter;
  /** Told once when Redis stops answering, and once when it answers again. */
  onFallback?: (usingFallback: boolean, error?: unknown) => void;
};

/**
 * A limiter shared by every node through Redis. When a call to Redis fails (unreachable, or slower than the client's
 * command timeout) the answer comes from the node's in-memory fallback instead: during an outage each node enforces
 * the limit on its own (N nodes let through up to N times as many), which is better than refusing every form with
 * a 500 or letting everything through.
 */
export function createRedisRateLimiter(options: RedisLimiterOptions): RateLimiter {
  const { redis, keyPrefix, limit, windowMs, fallback, now = Date.now } = options;
  const policy: RateLimitPolicy = { limit, windowSeconds: Math.ceil(windowMs / 1000) };
  let failing = false;
  // Members of a sorted set must differ even for attempts in the same millisecond, from any node.
  const origin = randomBytes(6).toString('base64url');
  let attempts = 0;

  const viaRedis = async <T>(run: () => Promise<T>, instead: () => T): Promise<T> => {
    try {
      const result = await run();
      if (failing) {
        failing = false;
        options.onFallback?.(false);
      }
      return result;
    } catch (error) {
      if (!failing) {
        failing = true;
        options.onFallback?.(true, error);
      }
      return instead();
    }
  };

  const window = async (key: string, member: string): Promise<RateLimitResult> => {
    const at = now();
    const [allowed, value] = (await redis.eval(
      SLIDING_WINDOW_SCRIPT,
      1,
      keyPrefix + key,
      at,
      windowMs,
      limit,
      member,
    )) as [number, number | string];
    if (allowed === 1) return { allowed: true, remaining: Number(value) };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((Number(value) + windowMs - at) / 1000)),
      remaining: 0,
      policy,
    };
  };

  const limiter: RateLimiter = {
    hit: (key) =>
      viaRedis(
        () => window(key, `${origin}:${++attempts}`),
        () => fallback.hit(key),
      ),
    check: (key) =>
      viaRedis(
        () => window(key, ''),
        () => fallback.check(key),
      ),
    reset: (key) =>
      viaRedis(
        async () => {
          await redis.del(keyPrefix + key);
          fallback.reset(key);
        },
        () => fallback.reset(key),
      ),
    // The highest score is the latest attempt.
    release: (key) =>
      viaRedis(
        async () => {
          await redis.zpopmax(keyPrefix + key);
        },
        () => fallback.release(key),
      ),
    policy,
  };
  redisLimits.set(limiter, {
    redis,
    keyPrefix,
    limit,
    windowMs,
    fallback,
    now,
    member: () => `${origin}:${++attempts}`,
    via: viaRedis,
  });
  return limiter;
}

/** What `hitAll` needs of a Redis limiter to count it in one script with others. */
type RedisLimit = {
  redis: Redis;
  keyPrefix: string;
  limit: number;
  windowMs: number;
  fallback: MemoryRateLimiter;
  now: () => number;
  member: () => string;
  via: <T>(run: () => Promise<T>, instead: () => T) => Promise<T>;
};
const redisLimits = new WeakMap<RateLimiter, RedisLimit>();

/**
 * Several sliding windows in one call (ADR 0052): each key is pruned and counted; when every one has room, the attempt
 * is added to all, else to none, and the reply is the longest wait. Atomic, so two nodes cannot both take the last
 * attempt of either limit. KEYS: one per limit; ARGV: now, member, then each key's windowMs and limit.
 * Returns {1, 0} or {0, milliseconds until the fullest limit has room}.
 */
const ALL_WINDOWS_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = -1
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[2 * i + 1])
  local limit = tonumber(ARGV[2 * i + 2])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local counted = redis.call('ZCARD', key)
  if counted >= limit then
    local oldest = redis.call('ZRANGE', key, counted - limit, counted - limit, 'WITHSCORES')
    local left = tonumber(oldest[2]) + window - now
    if left > wait then wait = left end
  end
end
if wait > -1 then return {0, wait} end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, ARGV[2 * i + 1])
end
return {1, 0}
`;

export type AllLimitsResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt against every limiter, or against none when one of them is full (one by one, as in memory). */
async function checkThenHit(limiters: RateLimiter[], key: string): Promise<AllLimitsResult> {
  let longest = 0;
  for (const verdict of await Promise.all(limiters.map((limiter) => limiter.check(key))))
    if (!verdict.allowed) longest = Math.max(longest, verdict.retryAfterSeconds);
  if (longest) return { allowed: false, retryAfterSeconds: longest };
  await Promise.all(limiters.map((limiter) => limiter.hit(key)));
  return { allowed: true };
}

/**
 * Counts one attempt for `key` against every limiter, or none when one of them is full; the wait is the longest.
 * Limiters kept in the same Redis are counted in one script (one round trip, atomic across nodes); while Redis does
 * not answer, their in-memory fallbacks count; other limiters are checked, then hit, one by one.
 */
export function hitAll(limiters: RateLimiter[], key: string): Promise<AllLimitsResult> {
  const shared = limiters.map((limiter) => redisLimits.get(limiter));
  const first = shared[0];
  if (!first || shared.some((limit) => limit?.redis !== first.redis)) return checkThenHit(limiters, key);
  const limits = shared as RedisLimit[];
  return first.via(
    async () => {
      const at = first.now();
      const [allowed, wait] = (await first.redis.eval(
        ALL_WINDOWS_SCRIPT,
        limits.length,
        ...limits.map((limit) => limit.keyPrefix + key),
        at,
        first.member(),
        ...limits.flatMap((limit) => [limit.windowMs, limit.limit]),
      )) as [number, number];
      return allowed === 1
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(wait) / 1000)) };
    },
    () => {
      const fallbacks = limits.map((limit) => limit.fallback);
      let longest = 0;
      for (const fallback of fallbacks) {
        const verdict = fallback.check(key);
        if (!verdict.allowed) longest = Math.max(longest, verdict.retryAfterSeconds);
      }
      if (longest) return { allowed: false, retryAfterSeconds: longest };
      for (const fallback of fallbacks) fallback.hit(key);
      return { allowed: true };
    },
  );
}

/** Makes a named limit; each app picks the memory or the Redis kind once (createApp), and every limit comes from it. */
export type RateLimiterFactory = (name: string, options: Options) => RateLimiter;

export const memoryRateLimiters: RateLimiterFactory = (_name, options) => fromMemory(createRateLimiter(options));

/** Limits kept in Redis under `<prefix>rl:<name>:`, each with its own in-memory fallback. */
export function redisRateLimiters(redis: Redis, prefix: string, logger: Pick<Logger, 'error' | 'info'>) {
  const factory: RateLimiterFactory = (name, options) =>
    createRedisRateLimiter({
      ...options,
      redis,
      keyPrefix: `${prefix}rl:${name}:`,
      fallback: createRateLimiter(options),
      onFallback: (usingFallback, error) =>
        usingFallback
          ? logger.error('rate limits: Redis not answering, counting on this node alone', { limit: name, err: error })
          : logger.info('rate limits: Redis answering again', { limit: name }),
    });
  return factory;
}
