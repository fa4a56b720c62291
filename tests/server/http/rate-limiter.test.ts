import { describe, expect, it } from 'vitest';
import { createRateLimiter, fromMemory, hitAll } from '../../../server/http/rate-limiter';

describe('createRateLimiter', () => {
  it('allows `limit` attempts per window per key, then says when to retry', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect([1, 2, 3].map(() => limiter.hit('a'))).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
    ]);
    const policy = { limit: 3, windowSeconds: 60 };
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60, remaining: 0, policy });
    expect(limiter.hit('b').allowed).toBe(true);
    now += 30_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 30, remaining: 0, policy });
    now += 30_001;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('check does not count and reset clears a key', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.check('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.check('k').allowed).toBe(false);
    limiter.reset('k');
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it('release gives back only the latest attempt (a reservation that did not count)', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(false);
    limiter.release('k');
    expect(limiter.check('k')).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(false);
    limiter.release('k');
    limiter.release('k');
    limiter.release('k'); // more releases than attempts: harmless
    expect(limiter.check('k')).toEqual({ allowed: true, remaining: 2 });
  });
});

describe('createRateLimiter at scale', () => {
  it('counts exactly with a high limit and many attempts', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 50_000, windowMs: 1000, now: () => now });
    let allowed = 0;
    for (let i = 0; i < 60_000; i++) {
      now = i / 100; // 60,000 attempts over 600 ms: all inside one window
      if (limiter.hit('ip').allowed) allowed++;
    }
    expect(allowed).toBe(50_000);
    now = 1000.5; // the first ~50 attempts (made at 0-0.49 ms) have left the window
    expect(limiter.hit('ip').allowed).toBe(true);
  });
});

describe('hitAll over limiters kept in memory (one node, no Redis)', () => {
  it('counts an attempt against every limit, or against none when one is full; the wait is the longest', async () => {
    let now = 2_000_000;
    const burst = createRateLimiter({ limit: 2, windowMs: 10_000, now: () => now });
    const minute = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    const limits = [fromMemory(burst), fromMemory(minute)];
    expect(await hitAll(limits, 'v')).toEqual({ allowed: true });
    expect(await hitAll(limits, 'v')).toEqual({ allowed: true });
    expect(await hitAll(limits, 'v')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(minute.check('v').remaining).toBe(1);
    now += 10_001;
    expect(await hitAll(limits, 'v')).toEqual({ allowed: true });
    expect(await hitAll(limits, 'v')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(burst.check('v').remaining).toBe(1);
  });
});
